/**
 * Runs work one at a time per key in this process: the variations of one item are created and
 * recombined in turn, so each sees its siblings in the read models (read-your-writes) before it
 * decides whether its combination is unique. Other processes are not covered: there two
 * concurrent requests could both pass the check, a gap the report names.
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
