/** How long a window of waits lasts: the quickest of this one and the one before counts. */
export const WAIT_WINDOW_MS = 10_000;

/** Kinds of write remembered at once; writes of a kind beyond them get no allowance. */
const MAX_KINDS = 256;

/**
 * The quickest recent wait of each kind of write for its read models: what projecting that kind
 * costs when nothing else is queued before it (a 10-line estimate's rows take a few milliseconds to
 * write where a customer's take one). Kept over two windows of WAIT_WINDOW_MS, as TCP Vegas and
 * BBR keep their base round-trip time, so a kind that became slower for good is known as such
 * within two windows.
 */
export class QuickestWaits {
  private current = new Map<string, number>();
  private previous = new Map<string, number>();
  private windowStart: number | undefined;

  constructor(private readonly now: () => number) {}

  /**
   * Takes in a wait of `kind` and answers the quickest of its kind, this one included; 0 for a kind
   * beyond the MAX_KINDS remembered (no allowance).
   */
  observe(kind: string, waitedMs: number): number {
    this.turnWindow();
    const before = this.current.get(kind);
    if (before === undefined && this.current.size >= MAX_KINDS) return 0;
    if (before === undefined || waitedMs < before) this.current.set(kind, waitedMs);
    return Math.min(waitedMs, before ?? Infinity, this.previous.get(kind) ?? Infinity);
  }

  private turnWindow(): void {
    const now = this.now();
    if (this.windowStart === undefined) this.windowStart = now;
    if (now - this.windowStart < WAIT_WINDOW_MS) return;
    this.previous = now - this.windowStart < 2 * WAIT_WINDOW_MS ? this.current : new Map();
    this.current = new Map();
    this.windowStart = now;
  }
}
