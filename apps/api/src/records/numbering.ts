import { randomUUID } from 'node:crypto';
import { Inject, Injectable } from '@nestjs/common';
import { DomainError, isDomainError } from '@app/domain';
import { EventMetadata, EventStore, WrongExpectedVersionError } from '@app/event-store';
import { EVENT_STORE } from '../store/tokens';

/** The one event of a counter stream: `number` of `sequence` went to `record_id`. */
export const NUMBER_ASSIGNED = 'NumberAssigned';

/** Draws before giving up: each concurrent draw that wins costs the others one more. */
const MAX_ATTEMPTS = 50;

export function counterStream(accountId: string, sequence: string): string {
  return `counter-${accountId}-${sequence}`;
}

/**
 * Per-account numbers (item numbers; document numbers later): a counter stream per account and
 * sequence, `counter-<account id>-<sequence>`, whose events are the numbers given. A number is
 * recorded with the revision it was read at, after the caller's decision accepted it, so a refused
 * request consumes no number and two concurrent requests never get the same one (the loser draws
 * again). A crash between the counter's append and the record's leaves a gap, never a duplicate.
 */
@Injectable()
export class Numbering {
  constructor(@Inject(EVENT_STORE) private readonly store: EventStore) {}

  /**
   * Runs `decide` with the next number of the sequence; its refusal is returned as is, consuming
   * nothing; its acceptance is returned once the number is recorded. `decide` may run several times.
   */
  async assign<T>(
    request: {
      accountId: string;
      sequence: string;
      recordId: string;
      metadata?: EventMetadata;
      now?: string;
    },
    decide: (number: number) => Promise<T | DomainError> | T | DomainError,
  ): Promise<T | DomainError> {
    const streamId = counterStream(request.accountId, request.sequence);
    for (let attempt = 1; ; attempt++) {
      const last = await this.store.readLastEvent(streamId);
      const number = last ? (last.data as { number: number }).number + 1 : 1;
      const decision = await decide(number);
      if (isDomainError(decision)) return decision;
      try {
        await this.store.appendToStream(streamId, [this.assigned(request, number)], {
          expectedRevision: last ? last.revision : 'no_stream',
        });
        return decision;
      } catch (error) {
        if (!(error instanceof WrongExpectedVersionError) || attempt >= MAX_ATTEMPTS) throw error;
      }
    }
  }

  private assigned(
    { accountId, sequence, recordId, metadata, now }: Parameters<Numbering['assign']>[0],
    number: number,
  ) {
    return {
      id: randomUUID(),
      type: NUMBER_ASSIGNED,
      data: {
        account_id: accountId,
        sequence,
        number,
        record_id: recordId,
        assigned_at: now ?? new Date().toISOString(),
      },
      metadata,
    };
  }
}
