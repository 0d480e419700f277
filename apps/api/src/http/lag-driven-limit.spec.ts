import { LagDrivenLimit } from './lag-driven-limit';

describe('LagDrivenLimit', () => {
  const at = (clock: { now: number }) => () => clock.now;

  it('starts at its max and cuts a quarter when a write waits past the target', () => {
    const limit = new LagDrivenLimit({ max: 16, min: 2, lagTargetMs: 20 }, () => 0);
    expect(limit.current).toBe(16);
    limit.observe(20);
    expect(limit.current).toBe(16);
    limit.observe(21);
    expect(limit.current).toBe(12);
  });

  it('cuts once per target length however many slow waits arrive in it', () => {
    const clock = { now: 100 };
    const limit = new LagDrivenLimit({ max: 16, min: 2, lagTargetMs: 20 }, at(clock));
    limit.observe(50);
    limit.observe(50);
    clock.now = 119;
    limit.observe(50);
    expect(limit.current).toBe(12);
    clock.now = 120;
    limit.observe(50);
    expect(limit.current).toBe(9);
  });

  it('never goes below its min', () => {
    const clock = { now: 0 };
    const limit = new LagDrivenLimit({ max: 8, min: 2, lagTargetMs: 10 }, at(clock));
    for (; clock.now < 1000; clock.now += 10) limit.observe(100);
    expect(limit.current).toBe(2);
  });

  it('rises by one after as many waits within the target as it stands at, up to its max', () => {
    const limit = new LagDrivenLimit({ max: 5, min: 2, lagTargetMs: 10 }, () => 0);
    limit.observe(11);
    expect(limit.current).toBe(3);
    expect([limit.observe(1), limit.observe(1)]).toEqual([false, false]);
    expect(limit.observe(1)).toBe(true);
    expect(limit.current).toBe(4);
    for (let i = 0; i < 100; i++) limit.observe(1);
    expect(limit.current).toBe(5);
  });

  it('with no target stays at its max', () => {
    const limit = new LagDrivenLimit({ max: 6, min: 2, lagTargetMs: 0 }, () => 0);
    limit.observe(10_000);
    expect(limit.current).toBe(6);
  });
});
