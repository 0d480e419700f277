import { LagDrivenLimit } from './lag-driven-limit';
import { WAIT_WINDOW_MS } from './quickest-waits';

describe('LagDrivenLimit', () => {
  const at = (clock: { now: number }) => () => clock.now;

  it('starts at its max and cuts a quarter when a write waits past the target', () => {
    const limit = new LagDrivenLimit({ max: 16, min: 2, lagTargetMs: 20 }, () => 0);
    limit.observe(0);
    expect(limit.current).toBe(16);
    limit.observe(20);
    expect(limit.current).toBe(16);
    limit.observe(21);
    expect(limit.current).toBe(12);
  });

  it('cuts once per target length however many slow waits arrive in it', () => {
    const clock = { now: 100 };
    const limit = new LagDrivenLimit({ max: 16, min: 2, lagTargetMs: 20 }, at(clock));
    limit.observe(0);
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
    limit.observe(0);
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

describe('LagDrivenLimit, a wait against the quickest of its kind', () => {
  const clock = { now: 0 };
  const limit = () => new LagDrivenLimit({ max: 16, min: 2, lagTargetMs: 10 }, () => (clock.now += 10));

  it('takes a kind whose own rows take 4 ms to write as crowded only past 14 ms', () => {
    const estimates = limit();
    estimates.observe(4, 'EstimateCreated');
    estimates.observe(14, 'EstimateCreated');
    expect(estimates.current).toBe(16);
    estimates.observe(14.5, 'EstimateCreated');
    expect(estimates.current).toBe(12);
  });

  it("measures each kind against its own quickest, not another's", () => {
    const mixed = limit();
    mixed.observe(4, 'EstimateCreated');
    mixed.observe(1, 'CustomerCreated');
    mixed.observe(12, 'EstimateCreated');
    expect(mixed.current).toBe(16);
    mixed.observe(12, 'CustomerCreated');
    expect(mixed.current).toBe(12);
  });

  it('allows a kind at most one target more: one whose quickest is 30 ms is cut past 20', () => {
    const slow = limit();
    slow.observe(30, 'SalesOrderFulfilled');
    expect(slow.current).toBe(12);
    slow.observe(20, 'SalesOrderFulfilled');
    expect(slow.current).toBe(12);
    slow.observe(20.5, 'SalesOrderFulfilled');
    expect(slow.current).toBe(9);
  });

  it('forgets a quickest wait two windows on, so a kind that became slower for good is known as such', () => {
    const time = { now: 0 };
    const later = new LagDrivenLimit({ max: 16, min: 2, lagTargetMs: 10 }, () => time.now);
    later.observe(0, 'EstimateCreated');
    time.now = WAIT_WINDOW_MS;
    later.observe(6, 'EstimateCreated');
    time.now = 2 * WAIT_WINDOW_MS;
    later.observe(6, 'EstimateCreated');
    later.observe(16, 'EstimateCreated');
    expect(later.current).toBe(16);
  });
});
