import { Inject, Injectable } from '@nestjs/common';
import { EventStore, Position } from '@app/event-store';
import { ProjectionFailedError, ProjectionRunner, WaitForTimeoutError } from '@app/read-models';
import { PinoLogger } from 'nestjs-pino';
import { ApiConfig } from '@app/runtime';
import { API_CONFIG, EVENT_STORE } from './tokens';

/**
 * A write answers only once this process's read models reflect it (spec/EXTENSIONS.md §1), so the
 * client's next list shows what it just wrote.
 */
@Injectable()
export class ReadYourWrites {
  private readonly waitListeners: Array<(waitedMs: number, kind: string) => void> = [];

  constructor(
    private readonly runner: ProjectionRunner,
    @Inject(EVENT_STORE) private readonly store: EventStore,
    @Inject(API_CONFIG) private readonly config: ApiConfig,
    private readonly logger: PinoLogger,
  ) {
    logger.setContext(ReadYourWrites.name);
  }

  /**
   * Waits until every projector (of those handling `eventTypes`, when given) has passed `position` (nothing to wait for without one: a command
   * that appended nothing): those this process runs are followed as they commit, those run
   * elsewhere (PROJECTORS=external, or led by another instance) by polling their checkpoints. Past READ_YOUR_WRITES_TIMEOUT_MS, or with a projector stopped, the write
   * still answers: it is committed, and an error would invite a retry of something done. The lag is
   * logged, and /health reports a stopped projector.
   */
  async after(position: Position | undefined, eventTypes?: readonly string[]): Promise<void> {
    if (!position) return;
    const started = performance.now();
    // Only the read models these events can change need to have caught up with them; those awaited
    // on read are waited for by their readers (current).
    const projectors = this.runner.projectorsForWrites(eventTypes);
    await this.until(position, projectors);
    if (this.waitListeners.length === 0 || !projectors.every((name) => this.runner.leads(name))) return;
    const waitedMs = performance.now() - started;
    const kind = eventTypes?.join(' ') ?? '';
    this.waitListeners.forEach((listener) => listener(waitedMs, kind));
  }

  /**
   * Told how long each write waited for read models this process runs, and its kind (the types of
   * the events it appended): the request admission's signal. A wait on a checkpoint polled from
   * elsewhere tells of the polling, not of this process.
   */
  onWriteWait(listener: (waitedMs: number, kind: string) => void): void {
    this.waitListeners.push(listener);
  }

  /**
   * For a reader of a read model that writes do not wait for (`awaitedOnRead`): waits until it has
   * reached the log's head as it is now, so it reflects every write answered before this read.
   */
  async current(projector: string): Promise<void> {
    const head = await this.store.headPosition();
    if (head) await this.until(head, [projector]);
  }

  private async until(position: Position, projectors: string[]): Promise<void> {
    try {
      await this.runner.waitFor(position, { timeoutMs: this.config.readYourWritesTimeoutMs, projectors });
    } catch (error) {
      if (!(error instanceof WaitForTimeoutError || error instanceof ProjectionFailedError)) throw error;
      this.logger.warn({ err: error }, 'Answering a write before the read models reflect it');
    }
  }
}
