import { backoffDelay, sleep } from './backoff';

describe('backoff', () => {
  it.each([
    [1, 50, 100],
    [2, 100, 200],
    [4, 400, 800],
    [8, 5_000, 10_000],
    [60, 5_000, 10_000],
  ])(
    'given attempt %p, then the wait lies between %p and %p ms (half to all of the capped doubling)',
    (attempt, low, high) => {
      expect(backoffDelay(attempt, {}, () => 0)).toBe(low);
      expect(backoffDelay(attempt, {}, () => 1)).toBe(high);
      const jittered = backoffDelay(attempt);
      expect(jittered).toBeGreaterThanOrEqual(low);
      expect(jittered).toBeLessThanOrEqual(high);
    },
  );

  it('given other bounds, then they apply', () => {
    expect(backoffDelay(3, { initialDelayMs: 10, maxDelayMs: 25 }, () => 1)).toBe(25);
  });

  it('given a sleep, when its signal aborts, then it ends at once', async () => {
    const abort = new AbortController();
    const started = Date.now();
    const slept = sleep(60_000, abort.signal);

    abort.abort();
    await slept;

    expect(Date.now() - started).toBeLessThan(1000);
  });
});
