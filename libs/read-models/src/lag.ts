import { comparePositions, Position } from '@app/event-store';
import { Checkpoint } from './checkpoints';

/**
 * Events between a checkpoint and the head, estimated from prepare positions: exact on the
 * in-memory store (prepare is the event's index), the event sequence on PostgreSQL (give or take
 * the gaps of rolled-back appends), a byte distance on EventStoreDB. Zero when caught up.
 */
export function estimateLag(head: Position | undefined, checkpoint: Checkpoint): number {
  if (!head) return 0;
  if (checkpoint !== 'start' && comparePositions(head, checkpoint) <= 0) return 0;
  const from = checkpoint === 'start' ? -1n : checkpoint.prepare;
  // On PostgreSQL a later transaction may hold a lower sequence number: behind is at least one.
  return head.prepare > from ? Number(head.prepare - from) : 1;
}
