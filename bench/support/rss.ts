/** The process's resident set size, sampled while `work` runs: its peak, and where it began. */
export async function peakRss<T>(
  work: () => Promise<T>,
  everyMs = 100,
): Promise<{ result: T; startMb: number; peakMb: number }> {
  const mb = () => process.memoryUsage.rss() / 2 ** 20;
  const startMb = mb();
  let peakMb = startMb;
  const sampler = setInterval(() => (peakMb = Math.max(peakMb, mb())), everyMs);
  try {
    const result = await work();
    return { result, startMb, peakMb: Math.max(peakMb, mb()) };
  } finally {
    clearInterval(sampler);
  }
}
