import { prefetch } from './prefetch';

/** A source of pages that records when each is asked for. */
function pages(sizes: number[]) {
  const asked: number[] = [];
  async function* source() {
    for (const [i, size] of sizes.entries()) {
      asked.push(i);
      yield Array.from({ length: size }, () => i);
    }
  }
  return { asked, source: source() };
}

describe('prefetch', () => {
  it('given full pages, when the caller works on one, then the next is already being read', async () => {
    const { asked, source } = pages([3, 3, 1]);
    const seen: number[][] = [];
    for await (const page of prefetch(source, (p) => p.length >= 3)) {
      seen.push([page[0], asked.length]);
    }
    expect(seen).toEqual([
      [0, 2], // page 0 in hand, page 1 asked for already
      [1, 3],
      [2, 3],
    ]);
  });

  it('given a short page (the log head), then nothing is read until the caller asks', async () => {
    const { asked, source } = pages([1, 1]);
    const seen: number[][] = [];
    for await (const page of prefetch(source, (p) => p.length >= 3)) seen.push([page[0], asked.length]);
    expect(seen).toEqual([
      [0, 1],
      [1, 2],
    ]);
  });
});
