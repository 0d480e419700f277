/**
 * Concurrent calls with the same key share one run: the first starts it, the others join it until
 * it settles. Many caught-up subscribers woken by one commit all ask for "the log after the same
 * position"; they then cost the database one query instead of one each.
 */
export class SingleFlight<T> {
  private readonly inFlight = new Map<string, Promise<T>>();

  run(key: string, work: () => Promise<T>): Promise<T> {
    const running = this.inFlight.get(key);
    if (running) return running;
    const started = work().finally(() => this.inFlight.delete(key));
    this.inFlight.set(key, started);
    return started;
  }
}
