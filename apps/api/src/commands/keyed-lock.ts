/**
 * Runs work one at a time per key in this process (a queue per key, not a mutex held across
 * processes): commands on one stream, the variations of one item. Other processes are not covered;
 * where that matters, the expected-revision check of the append is what decides.
 */
export class KeyedLock {
  private readonly tails = new Map<string, Promise<unknown>>();

  async run<T>(key: string, work: () => Promise<T>): Promise<T> {
    const before = this.tails.get(key) ?? Promise.resolve();
    const result = before.then(work, work);
    const tail = result.catch(() => undefined);
    this.tails.set(key, tail);
    try {
      return await result;
    } finally {
      if (this.tails.get(key) === tail) this.tails.delete(key);
    }
  }
}
