import { isTransientFault } from '@app/read-models';

/** Waits between attempts: doubling from the first to the last. */
const FIRST_MS = 200;
const MAX_MS = 5000;

/**
 * Writes that must land once the database is back (a key given back, a response recorded), tried
 * again with backoff while the fault is transient, for at most `giveUpAfterMs`. Not awaited by
 * any request: the request has already been answered.
 */
export class BackgroundRetries {
  private readonly timers = new Set<NodeJS.Timeout>();
  private stopped = false;

  constructor(
    private readonly onGiveUp: (what: string, error: unknown) => void,
    private readonly giveUpAfterMs = 10 * 60_000,
  ) {}

  /** Runs `work` now; on a transient fault, again later until it succeeds. Resolves once the first try is over. */
  async run(what: string, work: () => Promise<void>): Promise<void> {
    const deadline = Date.now() + this.giveUpAfterMs;
    const attempt = async (waitMs: number): Promise<void> => {
      try {
        await work();
      } catch (error) {
        if (this.stopped || !isTransientFault(error) || Date.now() + waitMs > deadline) {
          return this.onGiveUp(what, error);
        }
        const timer = setTimeout(() => {
          this.timers.delete(timer);
          void attempt(Math.min(waitMs * 2, MAX_MS));
        }, waitMs);
        timer.unref?.();
        this.timers.add(timer);
      }
    };
    await attempt(FIRST_MS);
  }

  /** How many writes wait for their next attempt. */
  get pending(): number {
    return this.timers.size;
  }

  stop(): void {
    this.stopped = true;
    for (const timer of this.timers) clearTimeout(timer);
    this.timers.clear();
  }
}
