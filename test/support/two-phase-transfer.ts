import { randomUUID } from 'node:crypto';
import { isDomainError, itemAggregate, MoveTransferStock } from '@app/domain';
import { EventStore, JsonObject, RecordedEvent } from '@app/event-store';
import { foldEvents } from '@app/event-store/aggregate';
import { decideOwnerMovement } from '@app/processes';

export interface TwoPhaseMovement {
  itemId: string;
  transferId: string;
  /** The step's key, `<transfer>:<step>@<revision>:<attempt>`. */
  key: string;
  locationId: string;
  quantity: string;
  caller: { accountId: string; userId?: string };
}

/**
 * A movement as the older two-phase transfer step appended it: decided on the item's stream and
 * appended there alone, before the transfer's event (which a process that died never appended).
 * Today's steps append both at once; logs written before still hold such movements.
 */
export async function appendTwoPhaseMovement(
  events: EventStore,
  movement: TwoPhaseMovement,
): Promise<RecordedEvent> {
  const streamId = `item-${movement.itemId}`;
  const stream = await events.readStream(streamId);
  const command: MoveTransferStock = {
    type: 'MoveTransferStock',
    stock_transfer_id: movement.transferId,
    key: movement.key,
    changes: [{ location_id: movement.locationId, quantity: movement.quantity, param: 'lines.0.quantity' }],
  };
  const context = { accountId: movement.caller.accountId, now: new Date().toISOString(), invoiced: {} };
  const decided = decideOwnerMovement({ kind: 'item' }, foldEvents(itemAggregate, stream), command, context);
  if (isDomainError(decided)) throw decided;
  const metadata = { account_id: movement.caller.accountId, user_id: movement.caller.userId ?? null };
  const { nextExpectedRevision } = await events.appendToStream(
    streamId,
    decided.map((e) => ({ id: randomUUID(), type: e.type, data: e.data as JsonObject, metadata })),
    { expectedRevision: stream.length - 1 },
  );
  const [written] = await events.readStream(streamId, { fromRevision: nextExpectedRevision });
  return written;
}
