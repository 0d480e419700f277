/**
 * A background job run turn after turn, one at a time: a turn runs `delay` ms after `schedule`,
 * and each next one `every()` ms after the last ended, until `stop`, which waits for the turn
 * running. `run` handles its own failures (a failed turn is followed by the next all the same).
 */
export class RepeatedTurns {
  private timer?: NodeJS.Timeout;
  private turn?: Promise<unknown>;
  private halted = false;

  constructor(
    private readonly run: () => Promise<unknown>,
    private readonly every: () => number,
    /** Whether a turn due keeps the process alive. */
    private readonly keepsAlive = true,
  ) {}

  /** Whether a turn is running now. */
  get running(): boolean {
    return this.turn !== undefined;
  }

  /** Whether `stop` was called: no turn starts any more. */
  get stopped(): boolean {
    return this.halted;
  }

  /** The next turn in `delay` ms, in place of any scheduled. */
  schedule(delay: number): void {
    if (this.halted) return;
    clearTimeout(this.timer);
    this.timer = setTimeout(() => {
      this.turn = this.run().finally(() => {
        this.turn = undefined;
        this.schedule(this.every());
      });
    }, delay);
    if (!this.keepsAlive) this.timer.unref();
  }

  async stop(): Promise<void> {
    this.halted = true;
    clearTimeout(this.timer);
    await this.turn;
  }
}
