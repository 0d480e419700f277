import { Injectable } from '@nestjs/common';
import { ProjectionRunner, ReactorRunner } from '@app/read-models';
import { FastifyReply, FastifyRequest } from 'fastify';
import { RequestAdmission } from '../http/request-admission';
import { collectDefaultMetrics, Counter, Gauge, Histogram, Registry } from 'prom-client';

/**
 * The app's Prometheus metrics, on a registry of its own (several apps can share a process in
 * tests): HTTP requests by method, route pattern and status; projector positions and lag, read
 * from the runner at each scrape (reactors' too, labelled by their name); and the process's default
 * metrics.
 */
@Injectable()
export class Metrics {
  readonly registry = new Registry();
  private readonly requests: Counter<'method' | 'route' | 'status'>;
  private readonly durations: Histogram<'method' | 'route' | 'status'>;
  private readonly projector: Record<'position' | 'head' | 'lag' | 'running' | 'failed', Gauge<'projector'>>;
  private readonly retries: Counter<'projector'>;

  constructor(
    private readonly runner: ProjectionRunner,
    private readonly reactors: ReactorRunner,
  ) {
    collectDefaultMetrics({ register: this.registry });
    const labelNames = ['method', 'route', 'status'] as const;
    this.requests = new Counter({
      name: 'http_requests_total',
      help: 'HTTP requests answered, by method, route pattern and status',
      labelNames,
      registers: [this.registry],
    });
    this.durations = new Histogram({
      name: 'http_request_duration_seconds',
      help: 'Time to answer an HTTP request, by method, route pattern and status',
      labelNames,
      buckets: [0.001, 0.0025, 0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5, 5, 10],
      registers: [this.registry],
    });
    this.projector = {
      position: this.gauge(
        'projector_position',
        'Global log position (prepare part) of the last event the projector committed; -1 before the first',
      ),
      head: this.gauge('projector_head_position', 'Global log position (prepare part) of the newest event'),
      lag: this.gauge('projector_lag_events', 'Estimated events the projector has yet to apply'),
      running: this.gauge('projector_running', '1 while the projector follows the log, else 0'),
      failed: this.gauge(
        'projector_failed',
        '1 while the projector is stopped on an error (restart it), else 0',
      ),
    };
    this.retries = new Counter({
      name: 'projector_retries_total',
      help: 'Retries from the checkpoint after a transient fault (the store away, a lost race)',
      labelNames: ['projector'],
      registers: [this.registry],
    });
    runner.onRetry((projector) => this.retries.inc({ projector }));
  }

  /** Called for every answered request (a Fastify onResponse hook). */
  observe(request: FastifyRequest, reply: FastifyReply): void {
    // The pattern, not the path: ids must not become labels. Unknown routes share one label.
    const labels = {
      method: request.method,
      route: request.routeOptions.url ?? 'unmatched',
      status: String(reply.statusCode),
    };
    this.requests.inc(labels);
    this.durations.observe(labels, reply.elapsedTime / 1000);
  }

  /** The admission's counts at each scrape (docs/operations.md, Requests in turn). */
  watchAdmission(admission: RequestAdmission): void {
    const gauges = {
      working: 'API requests worked on now',
      waiting: 'API requests waiting for their turn',
      limit: 'API requests that may be worked on at once now (0: no limit)',
    } as const;
    for (const [state, help] of Object.entries(gauges) as [keyof typeof gauges, string][]) {
      new Gauge({
        name: `http_requests_${state}`,
        help,
        registers: [this.registry],
        collect() {
          this.set(admission.counts[state]);
        },
      });
    }
  }

  /** The text a scrape gets, with the projector gauges read fresh. */
  async render(): Promise<string> {
    // While the store is away the gauges keep their last values; the rest still counts.
    const statuses = await Promise.all([this.runner.status(), this.reactors.status()]).catch(() => []);
    for (const s of statuses.flat()) {
      const labels = { projector: s.name };
      this.projector.position.set(labels, s.position ? Number(s.position.prepare) : -1);
      this.projector.head.set(labels, s.head ? Number(s.head.prepare) : -1);
      this.projector.lag.set(labels, s.lag);
      this.projector.running.set(labels, s.state === 'running' ? 1 : 0);
      this.projector.failed.set(labels, s.state === 'failed' ? 1 : 0);
    }
    return this.registry.metrics();
  }

  private gauge(name: string, help: string): Gauge<'projector'> {
    return new Gauge({ name, help, labelNames: ['projector'], registers: [this.registry] });
  }
}
