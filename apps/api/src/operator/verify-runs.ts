import { OnApplicationShutdown } from '@nestjs/common';
import { ProjectionRunner, runningReport, VerifyReport } from '@app/read-models';
import { EventStore } from '@app/event-store';
import { unfinishedStepsIn } from '@app/processes';
import { ApiError } from '@app/runtime';

/** Reports kept for reading afterwards, the newest; older ones are forgotten. */
const KEPT = 20;

/**
 * The verify runs of this process (POST /admin/v1/projections/verify): one at a time, each run in
 * the background and its report kept in memory until it is among the KEPT newest no longer.
 */
export class VerifyRuns implements OnApplicationShutdown {
  private readonly reports = new Map<string, VerifyReport>();
  private running?: string;
  /** A run in the background stops with the process, not its transaction held to the end. */
  private readonly stopping = new AbortController();

  constructor(
    private readonly runner: ProjectionRunner,
    private readonly store: EventStore,
  ) {}

  /** Starts a run of the named projectors (all, without names); answers its report, running. */
  start(names: string[]): VerifyReport {
    const known = this.runner.projectorNames();
    const unknown = names.filter((name) => !known.includes(name));
    if (unknown.length > 0)
      throw new ApiError(422, 'validation_failed', `No projector named ${unknown.join(', ')}.`, {
        param: 'projectors',
      });
    if (this.running)
      throw new ApiError(
        409,
        'verify_running',
        `A verify is running: ${this.running}; read its report first.`,
      );
    const report = runningReport();
    this.keep(report);
    this.running = report.id;
    void this.runner
      .verify({
        names,
        started: report,
        signal: this.stopping.signal,
        unfinishedSteps: unfinishedStepsIn(this.store),
      })
      .then(
        (done) => this.reports.set(done.id, done),
        (error: unknown) =>
          this.reports.set(report.id, {
            ...report,
            status: 'failed',
            finished_at: new Date().toISOString(),
            error: error instanceof Error ? error.message : String(error),
          }),
      )
      .finally(() => (this.running = undefined));
    return report;
  }

  onApplicationShutdown(): void {
    this.stopping.abort();
  }

  get(id: string): VerifyReport | undefined {
    return this.reports.get(id);
  }

  private keep(report: VerifyReport): void {
    this.reports.set(report.id, report);
    for (const id of this.reports.keys()) {
      if (this.reports.size <= KEPT) break;
      if (id !== this.running) this.reports.delete(id);
    }
  }
}
