import { SingleFlight } from './single-flight';

describe('SingleFlight', () => {
  it('given a run in flight, when the same key is asked again, then both get the one run', async () => {
    const flights = new SingleFlight<number>();
    let runs = 0;
    const work = async () => {
      const run = ++runs;
      await new Promise((resolve) => setTimeout(resolve, 5));
      return run;
    };
    const [a, b, other] = await Promise.all([
      flights.run('k', work),
      flights.run('k', work),
      flights.run('j', work),
    ]);
    expect([a, b]).toEqual([a, a]);
    expect(other).not.toBe(a);
    expect(runs).toBe(2);
  });

  it('given a settled run, when the key is asked again, then it runs anew (a failure too)', async () => {
    const flights = new SingleFlight<string>();
    await expect(flights.run('k', () => Promise.reject(new Error('down')))).rejects.toThrow('down');
    await expect(flights.run('k', async () => 'up')).resolves.toBe('up');
    await expect(flights.run('k', async () => 'again')).resolves.toBe('again');
  });
});
