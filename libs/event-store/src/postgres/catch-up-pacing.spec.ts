import { CatchUpPacing } from './catch-up-pacing';

describe('a caught-up subscriber’s idle wait', () => {
  it('given subscribers caught up at different moments, then their idle polls end in the same instant', () => {
    let now = 5_000_130;
    const clock = () => now;
    const first = new CatchUpPacing(1000, 2, 200, clock);
    const second = new CatchUpPacing(1000, 2, 200, clock);
    const firstEnds = now + first.nextWait(false);
    now += 420;
    const secondEnds = now + second.nextWait(false);
    expect(secondEnds).toBe(firstEnds); // one shared read of the log's tail, not one each
    expect(firstEnds).toBe(5_001_000);
  });

  it('given any moment, then the idle wait is positive and at most the idle poll', () => {
    let now = 0;
    const pacing = new CatchUpPacing(1000, 2, 200, () => now);
    for (now = 7_000_000; now < 7_002_000; now += 37) {
      const wait = pacing.nextWait(false);
      expect(wait).toBeGreaterThan(0);
      expect(wait).toBeLessThanOrEqual(1000);
    }
  });

  it('given events held back by an open transaction, then it retries soon, backing off', () => {
    const pacing = new CatchUpPacing(1000, 2, 200, () => 123);
    expect([1, 2, 3, 4, 5, 6, 7, 8, 9].map(() => pacing.nextWait(true))).toEqual([
      2, 4, 8, 16, 32, 64, 128, 200, 200,
    ]);
  });
});
