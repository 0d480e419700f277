import { randomUUID } from 'node:crypto';
import { Inject, Injectable } from '@nestjs/common';
import {
  AppendResult,
  EventMetadata,
  EventStore,
  StreamAppend,
  WrongExpectedVersionError,
} from '@app/event-store';
import { counterStream, NUMBER_ASSIGNED } from '@app/processes';
import { EVENT_STORE } from '../store/tokens';

/** Draws before giving up: each concurrent draw that wins costs the others one more. */
const MAX_ATTEMPTS = 50;

/** Most requests numbered in one append; the rest wait for the next. */
const MAX_BATCH = 64;

/** Who a number goes to. */
export interface NumberRequest {
  accountId: string;
  sequence: string;
  recordId: string;
  metadata?: EventMetadata;
  now?: string;
}

/** A number and, for a numbered append (Numbering.append), the results of its appends in order. */
export interface Numbered {
  number: number;
  results: AppendResult[];
}

interface Drawn {
  number: number;
  revision: number;
}

interface Waiting {
  request: NumberRequest;
  /** The appends that go with the number, atomically with the counter's; none for a plain draw. */
  appends?: (number: number) => StreamAppend[];
  resolve(numbered: Numbered): void;
  reject(error: unknown): void;
}

/** A waiter's place in one append: its number and its own appends. */
interface Place {
  waiting: Waiting;
  number: number;
  appends: StreamAppend[];
}

/**
 * Per-account numbers (item and document numbers): a counter stream per account and sequence,
 * `counter-<account id>-<sequence>`, whose events are the numbers given. Callers draw a number only
 * once their decision accepted the record, so a refused request consumes none. A number is
 * recorded with the revision it was read at, so two processes never give the same one (the loser
 * draws again); within a process, requests for one counter queue and each draw records all those
 * waiting in one append, so a busy account's creations share a round trip instead of racing for
 * it. A creation can be appended with its number (`append`): the counter's event and the record's
 * land in one atomic append, so a failed creation consumes no number and a crash leaves no gap;
 * a plain draw (`next`), appended alone before the record's own append, leaves a gap when a crash
 * comes between them, never a duplicate.
 */
@Injectable()
export class Numbering {
  private readonly waiting = new Map<string, Waiting[]>();
  /** By counter stream: the last number this process recorded there, and its revision. */
  private readonly lastDrawn = new Map<string, Drawn>();

  constructor(@Inject(EVENT_STORE) private readonly store: EventStore) {}

  /** The next number of the request's sequence, recorded as given to its record. */
  async next(request: NumberRequest): Promise<number> {
    return (await this.enqueue(request)).number;
  }

  /**
   * The next number, recorded in one atomic append with `appends(number)` (a creation's events
   * with the number written in): both land or neither. A conflict on one of those streams (another
   * writer moved it) is thrown, and no number is consumed; the counter moving is drawn again here.
   */
  append(request: NumberRequest, appends: (number: number) => StreamAppend[]): Promise<Numbered> {
    return this.enqueue(request, appends);
  }

  private enqueue(request: NumberRequest, appends?: (number: number) => StreamAppend[]): Promise<Numbered> {
    const streamId = counterStream(request.accountId, request.sequence);
    return new Promise<Numbered>((resolve, reject) => {
      const waiting = { request, appends, resolve, reject };
      const queue = this.waiting.get(streamId);
      if (queue) return void queue.push(waiting);
      this.waiting.set(streamId, [waiting]);
      void this.drain(streamId);
    });
  }

  /** Draws for everyone waiting on the counter, again and again until nobody waits. */
  private async drain(streamId: string): Promise<void> {
    const queue = this.waiting.get(streamId)!;
    while (queue.length > 0) {
      const batch = queue.splice(0, MAX_BATCH);
      try {
        const left = await this.record(streamId, batch);
        queue.unshift(...left);
      } catch (error) {
        batch.forEach((waiting) => waiting.reject(error));
      }
    }
    this.waiting.delete(streamId);
  }

  /**
   * Appends one number per waiter after the last recorded, with each waiter's appends, in ONE
   * atomic append, and answers each waiter numbered in it; gives back those left for the next
   * append (their appends touch a stream already in this one). The counter's last number and
   * revision are remembered from this process's previous draw, so a draw is one append; when
   * another process drew meanwhile, the append fails and the counter is read again. A waiter whose
   * own stream was not as expected is refused alone, and the others are appended without it.
   */
  private async record(streamId: string, batch: Waiting[]): Promise<Waiting[]> {
    for (let attempt = 1; ; attempt++) {
      const last = this.lastDrawn.get(streamId) ?? (await this.readLast(streamId));
      const { places, left } = this.placed(streamId, batch, last ? last.number + 1 : 1);
      if (places.length === 0) return left;
      const counter: StreamAppend = {
        streamId,
        events: places.map(({ waiting, number }) => this.assigned(waiting.request, number)),
        expectedRevision: last ? last.revision : 'no_stream',
      };
      const own = places.flatMap((place) => place.appends);
      try {
        const results =
          own.length === 0
            ? [
                await this.store.appendToStream(streamId, counter.events, {
                  expectedRevision: counter.expectedRevision,
                }),
              ]
            : await this.store.appendToStreams([counter, ...own]);
        const lastNumber = places[places.length - 1].number;
        this.lastDrawn.set(streamId, { number: lastNumber, revision: results[0].nextExpectedRevision });
        let at = 1;
        for (const { waiting, number, appends } of places) {
          waiting.resolve({ number, results: results.slice(at, (at += appends.length)) });
        }
        return left;
      } catch (error) {
        const culprit =
          error instanceof WrongExpectedVersionError && error.streamId !== streamId
            ? places.find((place) => place.appends.some((a) => a.streamId === error.streamId))
            : undefined;
        if (culprit) {
          // Its own stream moved (another writer): it alone is refused, the counter did not move.
          culprit.waiting.reject(error);
          batch = batch.filter((waiting) => waiting !== culprit.waiting);
          if (batch.length === 0) return left;
          continue;
        }
        this.lastDrawn.delete(streamId);
        if (!(error instanceof WrongExpectedVersionError) || attempt >= MAX_ATTEMPTS) {
          places.forEach((place) => place.waiting.reject(error));
          return left;
        }
      }
    }
  }

  /**
   * The batch's numbers from `first` on, in order, and each waiter's appends for its number; a
   * waiter whose appends touch a stream already placed (the counter, or another waiter's) waits
   * for the next append, as one atomic append names each stream once.
   */
  private placed(streamId: string, batch: Waiting[], first: number): { places: Place[]; left: Waiting[] } {
    const streams = new Set([streamId]);
    const places: Place[] = [];
    const left: Waiting[] = [];
    for (const waiting of batch) {
      const number = first + places.length;
      const appends = waiting.appends?.(number) ?? [];
      if (appends.some((a) => a.streamId === streamId))
        throw new Error(`A numbered append may not append to its own counter, ${streamId}`);
      if (appends.some((a) => streams.has(a.streamId))) {
        left.push(waiting);
        continue;
      }
      appends.forEach((a) => streams.add(a.streamId));
      places.push({ waiting, number, appends });
    }
    return { places, left };
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
