import { Inject, Injectable } from '@nestjs/common';
import { Counter } from 'prom-client';
import { Stores } from '@app/runtime';
import { STORES } from '../store/tokens';
import { Metrics } from './metrics';

/**
 * The event store adapter's own totals on /metrics: events of the log skipped because the engine did
 * not write them, and $all resubscriptions after transient faults. They are kept outside Nest (in
 * Stores, where the adapter reports them) and copied at each scrape.
 */
@Injectable()
export class EventStoreMetrics {
  constructor(@Inject(Metrics) metrics: Metrics, @Inject(STORES) stores: Stores) {
    const { signals } = stores;
    new Counter({
      name: 'eventstore_skipped_events_total',
      help: 'Events of the global log skipped by a reader because the engine did not write them, by reason',
      labelNames: ['reason'],
      registers: [metrics.registry],
      collect(this: Counter<'reason'>) {
        this.reset();
        for (const reason of ['foreign_stream', 'not_json_object'] as const) {
          this.inc({ reason }, signals.skips.get(reason) ?? 0);
        }
      },
    });
    new Counter({
      name: 'eventstore_resubscriptions_total',
      help: 'Times the $all subscription resubscribed after a transient fault of the event store',
      registers: [metrics.registry],
      collect(this: Counter) {
        this.reset();
        this.inc(signals.resubscriptions);
      },
    });
  }
}
