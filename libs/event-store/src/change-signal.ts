/**
 * Wakes waiters when new events may be readable. A waiter passes the version it saw before
 * reading, so a change that lands between its read and its wait is never missed.
 */
export class ChangeSignal {
  private version = 0;
  private readonly waiters = new Set<() => void>();

  get current(): number {
    return this.version;
  }

  notify(): void {
    this.version++;
    for (const wake of [...this.waiters]) wake();
  }

  /** Resolves on the next change after `seen`, after `timeoutMs`, or on abort, whichever is first. */
  wait(seen: number, timeoutMs: number, abort?: AbortSignal): Promise<void> {
    if (this.version !== seen || abort?.aborted) return Promise.resolve();
    return new Promise((resolve) => {
      const done = () => {
        clearTimeout(timer);
        this.waiters.delete(done);
        abort?.removeEventListener('abort', done);
        resolve();
      };
      const timer = setTimeout(done, timeoutMs);
      this.waiters.add(done);
      abort?.addEventListener('abort', done);
    });
  }
}
