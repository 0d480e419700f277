/**
 * Triggers whose step a request of this process has carried out itself (ReactorSteps.runNow): the
 * reactor's loop, meeting them in the log, skips them instead of running the step again to find
 * it done, which costs the reads of the step and a refused append. Only a hint: a trigger not
 * found here (another process did the step, the entry was dropped, the loop retried after a fault)
 * is stepped as usual, and a repeat changes nothing.
 */
export class CompletedSteps {
  private readonly done = new Set<string>();

  /** `kept`: the most entries held; the oldest go first (a loop led elsewhere never takes them). */
  constructor(private readonly kept = 10_000) {}

  /** `reactor`'s step for the trigger `eventId` is complete in the store. */
  add(reactor: string, eventId: string): void {
    this.done.add(key(reactor, eventId));
    if (this.done.size > this.kept) this.done.delete(this.done.values().next().value!);
  }

  /** True once for a trigger added: the loop skips it and forgets it. */
  take(reactor: string, eventId: string): boolean {
    return this.done.delete(key(reactor, eventId));
  }

  get size(): number {
    return this.done.size;
  }
}

function key(reactor: string, eventId: string): string {
  return `${reactor}\u0000${eventId}`;
}
