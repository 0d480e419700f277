/**
 * Runs work one at a time per key in this process (a queue per key, not a mutex held across
 * processes): commands on one stream, the variations of one item. Other processes are not covered;
 * where that matters, the expected-revision check of the append is what decides.
 */
export class KeyedLock {
  private readonly tails = new Map<string, Promise<unknown>>();
  private readonly counts = new Map<string, number>();

  /** Runs of `key` not finished yet: the running one and those queued behind it. */
  pending(key: string): number {
    return this.counts.get(key) ?? 0;
  }

  async run<T>(key: string, work: () => Promise<T>): Promise<T> {
    this.counts.set(key, this.pending(key) + 1);
    const before = this.tails.get(key) ?? Promise.resolve();
    const result = before.then(work, work);
    const tail = result.catch(() => undefined);
    this.tails.set(key, tail);
    try {
      return await result;
    } finally {
      if (this.tails.get(key) === tail) this.tails.delete(key);
      const left = this.pending(key) - 1;
      if (left > 0) this.counts.set(key, left);
      else this.counts.delete(key);
    }
  }
}
