import { ErrorType, RecordedEvent as ClientRecordedEvent } from '@kurrent/kurrentdb-client';
import { AllSubscription, RecordedEvent } from '../event-store';
import { isAfter, Position } from '../position';
import { BackoffOptions, backoffDelay, sleep } from './backoff';
import { clientErrorType, isTransientClientError, translateAllError } from './client-errors';
import { fromClientPosition } from './event-conversion';
import { EventStoreDbObserver } from './observer';
import { ObjectReadable, readableBatches } from './readable-batches';

/** The client's $all subscription as far as it is used here. */
export interface ClientSubscription extends ObjectReadable {
  unsubscribe(): Promise<void>;
  destroy(): void;
}

export interface ResubscribingOptions {
  /** Opens the client's subscription strictly after `after` (the server may repeat the record at it). */
  open(after: Position | 'start'): ClientSubscription;
  after: Position | 'start';
  maxBatchSize: number;
  /** The client's record as an event to hand out, or undefined to leave it out (skipped or system). */
  accept(record: ClientRecordedEvent): RecordedEvent | undefined;
  backoff?: BackoffOptions;
  observer: EventStoreDbObserver;
}

/** gRPC's INVALID_ARGUMENT, which the client may pass on as an UnknownError carrying the code. */
const GRPC_INVALID_ARGUMENT = 3;

/**
 * The $all subscription, kept alive across a cluster's ordinary faults: when the node goes away,
 * stops being leader, a call outlives its deadline, or the server cancels or ends the call, it
 * resubscribes after the last event it handed out, waiting a capped exponential backoff with
 * jitter. Every event is handed out once and in order: a record at or before the last one handed
 * out is dropped. Access denied and invalid arguments end it with a message saying what to fix;
 * anything else ends it with the client's error.
 */
export function resubscribingSubscription(options: ResubscribingOptions): AllSubscription {
  const abort = new AbortController();
  let current: ClientSubscription | undefined;
  let cursor = options.after;
  let seen = options.after;

  const release = async (subscription: ClientSubscription | undefined) => {
    if (!subscription) return;
    // A subscription that never connected has nothing to cancel; releasing must still succeed.
    await subscription.unsubscribe().catch(() => undefined);
    subscription.destroy();
  };

  async function* batches(): AsyncGenerator<RecordedEvent[]> {
    let attempt = 0;
    try {
      while (!abort.signal.aborted) {
        const subscription = (current = options.open(cursor));
        // The server confirmed it: the node is back, so the next fault starts the backoff afresh.
        subscription.on('confirmation', () => (attempt = 0));
        let fault: unknown;
        try {
          for await (const records of readableBatches<{ event?: ClientRecordedEvent }>(
            subscription,
            options.maxBatchSize,
            abort.signal,
          )) {
            const batch: RecordedEvent[] = [];
            for (const { event: record } of records) {
              const at = record && fromClientPosition(record.position);
              // A record already seen (repeated at a resubscription) is neither handed out nor skipped twice.
              if (!record || (at && !isAfter(at, seen))) continue;
              if (at) seen = at;
              const event = options.accept(record);
              if (event) {
                batch.push(event);
                cursor = event.position;
              }
            }
            if (batch.length === 0) continue;
            attempt = 0;
            yield batch;
          }
          fault = new Error('the server ended the subscription');
        } catch (error) {
          if (!isTransientClientError(error)) throw fatal(error);
          fault = error;
        } finally {
          current = undefined;
          await release(subscription);
        }
        if (abort.signal.aborted) return;
        attempt += 1;
        const delayMs = backoffDelay(attempt, options.backoff);
        options.observer.resubscribing?.({ error: fault, attempt, delayMs, after: cursor });
        await sleep(delayMs, abort.signal);
      }
    } finally {
      abort.abort();
    }
  }

  const iterator = batches();
  return {
    [Symbol.asyncIterator]: () => iterator,
    async close() {
      if (abort.signal.aborted) return;
      abort.abort();
      await release(current);
    },
  };
}

function fatal(error: unknown): unknown {
  const invalid =
    clientErrorType(error) === ErrorType.INVALID_ARGUMENT ||
    (clientErrorType(error) === ErrorType.UNKNOWN &&
      (error as { code?: number }).code === GRPC_INVALID_ARGUMENT);
  if (invalid) {
    return new Error(
      `EventStoreDB refused the $all subscription as invalid (${(error as Error).message}): the server must be ` +
        'EventStoreDB 22.6 or newer (or KurrentDB), and the checkpoint a position of this server’s log; ' +
        'a checkpoint kept from another store or from before a restore needs a rebuild of the projection',
      { cause: error },
    );
  }
  return translateAllError(error, 'the $all subscription');
}
