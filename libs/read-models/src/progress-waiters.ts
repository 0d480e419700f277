/**
 * Promises that settle on a condition over the runner's state, re-checked whenever a projector
 * commits a batch or changes state: no polling.
 */
export class ProgressWaiters {
  private readonly checks = new Set<() => void>();

  /** Re-evaluates every pending wait. */
  notify(): void {
    for (const check of [...this.checks]) check();
  }

  /**
   * Resolves when `check` returns 'done', rejects when it returns an Error or when `timeoutMs`
   * passes (with `onTimeout()`).
   */
  until(check: () => 'done' | Error | undefined, timeoutMs: number, onTimeout: () => Error): Promise<void> {
    return new Promise((resolve, reject) => {
      const settle = (outcome: 'done' | Error) => {
        clearTimeout(timer);
        this.checks.delete(evaluate);
        if (outcome === 'done') resolve();
        else reject(outcome);
      };
      const evaluate = () => {
        const outcome = check();
        if (outcome) settle(outcome);
      };
      const timer = setTimeout(() => settle(onTimeout()), timeoutMs);
      this.checks.add(evaluate);
      evaluate();
    });
  }
}
