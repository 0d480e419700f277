export interface BackoffOptions {
  /** The first retry's delay before jitter; default 100 ms. */
  initialDelayMs?: number;
  /** The cap; default 10 s. */
  maxDelayMs?: number;
}

/**
 * Capped exponential backoff with jitter: attempt n waits between half and all of
 * min(max, initial * 2^(n-1)), so many subscribers that lost the same node do not return in step.
 */
export function backoffDelay(attempt: number, options: BackoffOptions = {}, random = Math.random): number {
  const initial = options.initialDelayMs ?? 100;
  const max = options.maxDelayMs ?? 10_000;
  const ceiling = Math.min(max, initial * 2 ** Math.min(Math.max(attempt - 1, 0), 30));
  return Math.round(ceiling / 2 + random() * (ceiling / 2));
}

/** Resolves after `ms`, or at once when `signal` aborts. */
export function sleep(ms: number, signal: AbortSignal): Promise<void> {
  return new Promise((resolve) => {
    if (signal.aborted) return resolve();
    const done = () => {
      clearTimeout(timer);
      signal.removeEventListener('abort', done);
      resolve();
    };
    const timer = setTimeout(done, ms);
    signal.addEventListener('abort', done);
  });
}
