import { randomUUID } from 'node:crypto';
import { dayIn, estimateAggregate, expireEstimate } from '@app/domain';
import { EventMetadata, EventStore, WrongExpectedVersionError } from '@app/event-store';
import { foldEvents, streamName } from '@app/event-store/aggregate';
import { Kysely, sql } from 'kysely';

/* eslint-disable @typescript-eslint/no-explicit-any */

/** Who the sweep's events name: the estimate's account, no user, no request (the clock moved, nobody acted). */
export const EXPIRY_SWEEP_ACTOR = 'estimate_expiry_sweep';

/** Decisions on one estimate that another writer beat before the sweep gives it up to the next run. */
const ATTEMPTS = 3;

export interface ExpirySweep {
  store: EventStore;
  db: Kysely<any>;
  /** The sweep's moment, ISO 8601: each account's day is taken from it in the account's time zone. */
  now: string;
  /** Recorded with each event besides its `account_id` (default: `actor` the sweep). */
  metadata?: EventMetadata;
}

type Candidate = { id: string; account_id: string; timezone: string };

/**
 * Records `EstimateExpired` on every open estimate whose expiry date has passed in its account's
 * time zone at `now`; returns their ids. The `estimates` list names the candidates (open, due by
 * the latest day any zone can have: UTC plus one), the estimate's own stream and the pure decider
 * decide, appended with the revision read: a write that got there first (the estimate expired by
 * a request, changed, declined) makes it decide again on the new state.
 */
export async function expireDueEstimates(sweep: ExpirySweep): Promise<string[]> {
  const latestDay = dayIn('Etc/GMT-14', sweep.now);
  const { rows } = await sql<Candidate>`select e.id::text as id, e.account_id::text as account_id, a.timezone
    from estimates e join accounts a on a.id = e.account_id
    where e.status_id = 5 and e.expiry_date < ${latestDay}::date
    order by e.expiry_date, e.id`.execute(sweep.db);
  const expired: string[] = [];
  for (const row of rows) if (await expireOne(sweep, row)) expired.push(row.id);
  return expired;
}

async function expireOne(sweep: ExpirySweep, estimate: Candidate): Promise<boolean> {
  const stream = streamName(estimateAggregate, estimate.id);
  const today = dayIn(estimate.timezone, sweep.now);
  const metadata = { actor: EXPIRY_SWEEP_ACTOR, ...sweep.metadata, account_id: estimate.account_id };
  for (let attempt = 1; ; attempt++) {
    const events = await sweep.store.readStream(stream);
    const decided = expireEstimate(foldEvents(estimateAggregate, events), { now: sweep.now, today });
    if (decided.length === 0) return false;
    try {
      await sweep.store.appendToStream(
        stream,
        decided.map((event) => ({ id: randomUUID(), type: event.type, data: { ...event.data }, metadata })),
        { expectedRevision: events.at(-1)!.revision },
      );
      return true;
    } catch (error) {
      if (!(error instanceof WrongExpectedVersionError) || attempt >= ATTEMPTS) throw error;
    }
  }
}
