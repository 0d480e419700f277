import { QuickestWaits, WAIT_WINDOW_MS } from './quickest-waits';

describe('QuickestWaits', () => {
  it('answers the quickest wait of a kind so far, the one taken in included', () => {
    const waits = new QuickestWaits(() => 0);
    expect(waits.observe('EstimateCreated', 7)).toBe(7);
    expect(waits.observe('EstimateCreated', 4)).toBe(4);
    expect(waits.observe('EstimateCreated', 9)).toBe(4);
    expect(waits.observe('CustomerCreated', 1)).toBe(1);
    expect(waits.observe('EstimateCreated', 9)).toBe(4);
  });

  it('keeps the window before for one more window, then forgets it', () => {
    const clock = { now: 0 };
    const waits = new QuickestWaits(() => clock.now);
    waits.observe('EstimateCreated', 2);
    clock.now = WAIT_WINDOW_MS;
    expect(waits.observe('EstimateCreated', 8)).toBe(2);
    clock.now = 2 * WAIT_WINDOW_MS;
    expect(waits.observe('EstimateCreated', 9)).toBe(8);
    clock.now = 3 * WAIT_WINDOW_MS;
    expect(waits.observe('EstimateCreated', 10)).toBe(9);
  });

  it('forgets both windows after a quiet time as long as two', () => {
    const clock = { now: 0 };
    const waits = new QuickestWaits(() => clock.now);
    waits.observe('EstimateCreated', 2);
    clock.now = 2 * WAIT_WINDOW_MS;
    expect(waits.observe('EstimateCreated', 8)).toBe(8);
  });

  it('gives no allowance to a kind beyond the 256 it remembers', () => {
    const waits = new QuickestWaits(() => 0);
    for (let kind = 0; kind < 256; kind++) waits.observe(`Kind${kind}`, 5);
    expect(waits.observe('OneTooMany', 5)).toBe(0);
    expect(waits.observe('Kind0', 6)).toBe(5);
  });
});
