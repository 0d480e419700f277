import { Injectable } from '@nestjs/common';
import {
  dayIn,
  estimateAggregate,
  EstimateEvent,
  EstimateRecord,
  EstimateState,
  expireEstimate,
  isDomainError,
  isRecordId,
  visibleEstimate,
} from '@app/domain';
import { RecordWriter } from '@app/runtime';
import { Actor, eventMetadata } from '../auth/actor';
import { estimateSight } from './estimate-context';

/**
 * An estimate whose expiry date has passed in the account's time zone is recorded expired
 * (EstimateExpired, status 8) before anything else reads or changes it, so its detail, its events
 * and the refusal of the write agree. The sweep (libs/processes estimate-expiry) does the same for
 * estimates nobody touches, for the lists.
 */
@Injectable()
export class EstimateExpiries {
  constructor(private readonly writer: RecordWriter) {}

  /** The visible estimate read is open past its expiry date: a read records the expiry first. */
  isDue(actor: Actor, estimate: EstimateRecord): boolean {
    const now = new Date().toISOString();
    return expireEstimate(liveState(estimate), { now, today: dayIn(actor.timezone, now) }).length > 0;
  }

  /**
   * Records the expiry of the estimate `id` if it is due and the actor sees it (else nothing: the
   * command after it answers 404). Returns the If-Match the command after it should be held to:
   * a client's revision that was current before the expiry stays current, so the write is refused
   * as expired, not as stale.
   */
  async expireIfDue(actor: Actor, id: string, ifMatch?: number): Promise<number | undefined> {
    if (!isRecordId(id)) return ifMatch;
    const decide = (state: EstimateState): EstimateEvent[] => {
      if (isDomainError(visibleEstimate(state, estimateSight(actor)))) return [];
      const now = new Date().toISOString();
      return expireEstimate(state, { now, today: dayIn(actor.timezone, now) });
    };
    // Not the keyed write's own effect: a retry of that key must not find it landed (keyed_writes).
    const metadata = { ...eventMetadata(actor), idempotency_key: null };
    const { events, revision } = await this.writer.write(estimateAggregate, id.toLowerCase(), decide, {
      metadata,
    });
    return events.length > 0 && ifMatch === revision - events.length ? revision : ifMatch;
  }
}

function liveState(record: EstimateRecord): EstimateState {
  return { status: 'live', record };
}
