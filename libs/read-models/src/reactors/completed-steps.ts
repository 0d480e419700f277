/** A step a request runs: `done` once it completed it (`finished` resolves true), or failed. */
interface RequestStep {
  finished: Promise<boolean>;
  done: boolean;
}

/**
 * Steps a request of this process carries out itself (ReactorSteps): the reactor's loop, meeting
 * their triggers in the log, does not run them too. A trigger whose step is done is skipped as an
 * unhandled event is; one whose step a request is still running is waited for, and skipped if the
 * request completed it. Running it twice would change nothing, but both would read the streams,
 * decide, and race to append, the loser then reading back what the winner wrote.
 *
 * Only a hint: a trigger not found here (another process did the step, the entry was dropped, the
 * loop retries a batch after a fault) or whose request failed is stepped as usual. Triggers are
 * named by their stream and revision, which a request knows before it reads the event.
 */
export class CompletedSteps {
  private readonly steps = new Map<string, RequestStep>();

  /** `kept`: the most steps held; the oldest go first (a loop led elsewhere never takes them). */
  constructor(private readonly kept = 10_000) {}

  /** Runs `step` for `reactor`'s trigger at `streamId`@`revision`, noted while it runs and once done. */
  run<T>(reactor: string, streamId: string, revision: number, step: () => Promise<T>): Promise<T> {
    const name = key(reactor, streamId, revision);
    const running = step();
    const entry: RequestStep = {
      done: false,
      finished: running.then(
        () => (entry.done = true),
        () => {
          if (this.steps.get(name) === entry) this.steps.delete(name);
          return false;
        },
      ),
    };
    this.steps.set(name, entry);
    if (this.steps.size > this.kept) this.steps.delete(this.steps.keys().next().value!);
    return running;
  }

  /** True once for a step done: the loop skips the trigger without a transaction, and forgets it. */
  take(reactor: string, streamId: string, revision: number): boolean {
    const name = key(reactor, streamId, revision);
    if (!this.steps.get(name)?.done) return false;
    this.steps.delete(name);
    return true;
  }

  /** Waits for a step a request is running: true (and forgotten) when the request completed it. */
  async settled(reactor: string, streamId: string, revision: number): Promise<boolean> {
    const name = key(reactor, streamId, revision);
    const entry = this.steps.get(name);
    if (!entry || !(await entry.finished)) return false;
    if (this.steps.get(name) === entry) this.steps.delete(name);
    return true;
  }

  get size(): number {
    return this.steps.size;
  }
}

function key(reactor: string, streamId: string, revision: number): string {
  return `${reactor}\u0000${streamId}@${revision}`;
}
