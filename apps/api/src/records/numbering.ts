import { randomUUID } from 'node:crypto';
import { Inject, Injectable } from '@nestjs/common';
import { EventMetadata, EventStore, WrongExpectedVersionError } from '@app/event-store';
import { counterStream, NUMBER_ASSIGNED } from '@app/processes';
import { EVENT_STORE } from '../store/tokens';

/** Draws before giving up: each concurrent draw that wins costs the others one more. */
const MAX_ATTEMPTS = 50;

/** Who a number goes to. */
export interface NumberRequest {
  accountId: string;
  sequence: string;
  recordId: string;
  metadata?: EventMetadata;
  now?: string;
}

interface Drawn {
  number: number;
  revision: number;
}

interface Waiting {
  request: NumberRequest;
  resolve(number: number): void;
  reject(error: unknown): void;
}

/**
 * Per-account numbers (item and document numbers): a counter stream per account and sequence,
 * `counter-<account id>-<sequence>`, whose events are the numbers given. Callers draw a number only
 * once their decision accepted the record, so a refused request consumes none. A number is
 * recorded with the revision it was read at, so two processes never give the same one (the loser
 * draws again); within a process, requests for one counter queue and each draw records all those
 * waiting in one append, so a busy account's creations share a round trip instead of racing for
 * it. A crash between the counter's append and the record's leaves a gap, never a duplicate.
 */
@Injectable()
export class Numbering {
  private readonly waiting = new Map<string, Waiting[]>();
  /** By counter stream: the last number this process recorded there, and its revision. */
  private readonly lastDrawn = new Map<string, Drawn>();

  constructor(@Inject(EVENT_STORE) private readonly store: EventStore) {}

  /** The next number of the request's sequence, recorded as given to its record. */
  next(request: NumberRequest): Promise<number> {
    const streamId = counterStream(request.accountId, request.sequence);
    return new Promise<number>((resolve, reject) => {
      const queue = this.waiting.get(streamId);
      if (queue) return void queue.push({ request, resolve, reject });
      this.waiting.set(streamId, [{ request, resolve, reject }]);
      void this.drain(streamId);
    });
  }

  /** Draws for everyone waiting on the counter, again and again until nobody waits. */
  private async drain(streamId: string): Promise<void> {
    for (
      let queue = this.waiting.get(streamId);
      queue && queue.length > 0;
      queue = this.waiting.get(streamId)
    ) {
      const batch = queue.splice(0);
      try {
        const first = await this.record(streamId, batch);
        batch.forEach((waiter, i) => waiter.resolve(first + i));
      } catch (error) {
        batch.forEach((waiter) => waiter.reject(error));
      }
    }
    this.waiting.delete(streamId);
  }

  /**
   * Appends one number per waiter after the last recorded; returns the first. The counter's last
   * number and revision are remembered from this process's previous draw, so a draw is one
   * append; when another process drew meanwhile, the append fails and the counter is read again.
   */
  private async record(streamId: string, batch: readonly Waiting[]): Promise<number> {
    for (let attempt = 1; ; attempt++) {
      const last = this.lastDrawn.get(streamId) ?? (await this.readLast(streamId));
      const first = last ? last.number + 1 : 1;
      try {
        const events = batch.map(({ request }, i) => this.assigned(request, first + i));
        const { nextExpectedRevision } = await this.store.appendToStream(streamId, events, {
          expectedRevision: last ? last.revision : 'no_stream',
        });
        this.lastDrawn.set(streamId, { number: first + batch.length - 1, revision: nextExpectedRevision });
        return first;
      } catch (error) {
        this.lastDrawn.delete(streamId);
        if (!(error instanceof WrongExpectedVersionError) || attempt >= MAX_ATTEMPTS) throw error;
      }
    }
  }

  private async readLast(streamId: string): Promise<Drawn | undefined> {
    const last = await this.store.readLastEvent(streamId);
    return last && { number: (last.data as { number: number }).number, revision: last.revision };
  }

  private assigned({ accountId, sequence, recordId, metadata, now }: NumberRequest, number: number) {
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
