import { randomUUID } from 'node:crypto';
import { Inject, Injectable } from '@nestjs/common';
import { EventMetadata, EventStore, WrongExpectedVersionError } from '@app/event-store';
import { counterStream, NUMBER_ASSIGNED } from '@app/processes';
import { EVENT_STORE } from '../../store/tokens';

/** The sequence of `item_variation_location_id` values in an account. */
export const ROW_NUMBER_SEQUENCE = 'item_variation_location';

const MAX_ATTEMPTS = 50;

/**
 * Fresh `item_variation_location_id` values: a block of the account's counter stream (the same
 * stream shape as Numbering's, one NumberAssigned per number), appended with the revision it was
 * read at, so concurrent draws never share a number. Called only once the command is known to be
 * valid; a later failure leaves a gap, never a duplicate.
 */
@Injectable()
export class RowNumbers {
  constructor(@Inject(EVENT_STORE) private readonly store: EventStore) {}

  async draw(
    accountId: string,
    count: number,
    variationId: string,
    metadata: EventMetadata,
  ): Promise<number[]> {
    if (count === 0) return [];
    const streamId = counterStream(accountId, ROW_NUMBER_SEQUENCE);
    for (let attempt = 1; ; attempt++) {
      const last = await this.store.readLastEvent(streamId);
      const first = last ? (last.data as { number: number }).number + 1 : 1;
      const numbers = Array.from({ length: count }, (_, i) => first + i);
      const assigned_at = new Date().toISOString();
      const events = numbers.map((number) => ({
        id: randomUUID(),
        type: NUMBER_ASSIGNED,
        data: {
          account_id: accountId,
          sequence: ROW_NUMBER_SEQUENCE,
          number,
          record_id: variationId,
          assigned_at,
        },
        metadata,
      }));
      try {
        await this.store.appendToStream(streamId, events, {
          expectedRevision: last ? last.revision : 'no_stream',
        });
        return numbers;
      } catch (error) {
        if (!(error instanceof WrongExpectedVersionError) || attempt >= MAX_ATTEMPTS) throw error;
      }
    }
  }
}
