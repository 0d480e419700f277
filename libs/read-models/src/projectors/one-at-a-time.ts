import { RecordedEvent } from '@app/event-store';
import { Transaction } from 'kysely';

/* eslint-disable @typescript-eslint/no-explicit-any */

type ApplyOne = (trx: Transaction<any>, event: RecordedEvent, schema: string) => Promise<void>;

/** A projector's apply for a low-volume read model: one event after another, in global order. */
export function oneAtATime(applyOne: ApplyOne) {
  return async (trx: Transaction<any>, events: RecordedEvent[], schema: string): Promise<void> => {
    for (const event of events) await applyOne(trx, event, schema);
  };
}
