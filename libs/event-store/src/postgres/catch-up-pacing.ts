/**
 * How long a caught-up subscriber sleeps before reading again, unless something signals first.
 * Normally the long idle poll (the safety net behind LISTEN/NOTIFY). When committed events are
 * held back by an older open transaction, nothing will signal their release, so it retries after
 * a few milliseconds, backing off while that transaction stays open.
 *
 * The idle poll ends on the clock's next multiple of idleMs, not idleMs after this subscriber's
 * own last read: the process's twenty-odd loops then wake in the same instant and share one read
 * of the log's tail (LogTail), where each used to read on its own phase (about five reads a second
 * from an idle API). No wait is longer than idleMs.
 */
export class CatchUpPacing {
  private delayMs = 0;

  constructor(
    private readonly idleMs: number,
    private readonly firstRetryMs = 2,
    private readonly maxRetryMs = 200,
    private readonly now: () => number = Date.now,
  ) {}

  /** After a read that returned events. */
  delivered(): void {
    this.delayMs = 0;
  }

  /** After a read that returned nothing: the wait before the next one. */
  nextWait(heldBack: boolean): number {
    if (!heldBack) {
      this.delayMs = 0;
      return this.idleMs - (this.now() % this.idleMs);
    }
    this.delayMs = this.delayMs === 0 ? this.firstRetryMs : Math.min(this.delayMs * 2, this.maxRetryMs);
    return this.delayMs;
  }
}
