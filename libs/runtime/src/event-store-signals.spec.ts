import { randomUUID } from 'node:crypto';
import { SkippedEvent } from '@app/event-store/eventstoredb';
import { EventStoreSignals } from './event-store-signals';

const skipped = (streamId: string, reason: SkippedEvent['reason'] = 'foreign_stream'): SkippedEvent => ({
  id: randomUUID(),
  streamId,
  type: 'OrderPlaced',
  position: { commit: 7n, prepare: 7n },
  reason,
  detail: 'the stream is not one the engine writes',
});

describe('EventStoreSignals', () => {
  it('given skipped events, then each is counted by reason and a stream is warned about once', () => {
    const warnings: string[] = [];
    const signals = new EventStoreSignals((message) => warnings.push(message));

    signals.skipped(skipped('orders-1'));
    signals.skipped(skipped('orders-1'));
    signals.skipped(skipped('legacy-2', 'not_json_object'));

    expect(Object.fromEntries(signals.skips)).toEqual({ foreign_stream: 2, not_json_object: 1 });
    expect(warnings).toHaveLength(2);
    expect(warnings[0]).toMatch(/skipped event .* \(OrderPlaced\) of stream orders-1 at 7\/7/);
  });

  it('given resubscriptions, then each is counted and warned about with its cause and wait', () => {
    const warnings: string[] = [];
    const signals = new EventStoreSignals((message) => warnings.push(message));

    signals.resubscribing({ error: new Error('node down'), attempt: 2, delayMs: 150, after: 'start' });

    expect(signals.resubscriptions).toBe(1);
    expect(warnings[0]).toMatch(
      /lost the server \(Error: node down\); resubscribing after the start in 150 ms \(attempt 2\)/,
    );
  });
});
