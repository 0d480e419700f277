/** Small timing helpers for benchmarks: wall-clock rates and latency percentiles. */

export async function timed<T>(work: () => Promise<T>): Promise<{ result: T; seconds: number }> {
  const start = process.hrtime.bigint();
  const result = await work();
  return { result, seconds: Number(process.hrtime.bigint() - start) / 1e9 };
}

/** Runs `writers` concurrent loops, each calling `step(writer, i)` for its share of `total` steps. */
export async function concurrently(
  writers: number,
  total: number,
  step: (writer: number, i: number) => Promise<void>,
): Promise<void> {
  let next = 0;
  await Promise.all(
    Array.from({ length: writers }, async (_, writer) => {
      for (let i = next++; i < total; i = next++) await step(writer, i);
    }),
  );
}

export function percentile(sortedMs: number[], p: number): number {
  if (sortedMs.length === 0) return 0;
  const index = Math.min(sortedMs.length - 1, Math.ceil((p / 100) * sortedMs.length) - 1);
  return sortedMs[Math.max(0, index)];
}

export function round(value: number, digits = 2): number {
  const f = 10 ** digits;
  return Math.round(value * f) / f;
}

export function log(message: string): void {
  process.stderr.write(`${message}\n`);
}

/**
 * The round whose ratio is the median (the lower middle one of an even count): on a shared machine
 * a baseline and its measure alternate in short rounds, so that both see about the same neighbours.
 */
export function medianRound<R extends { ratio: number }>(rounds: readonly R[]): R {
  const sorted = [...rounds].sort((a, b) => a.ratio - b.ratio);
  return sorted[Math.floor((sorted.length - 1) / 2)];
}
