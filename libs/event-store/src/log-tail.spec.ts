import fc from 'fast-check';
import { ReadAllOptions, RecordedEvent } from './event-store';
import { LogTail, TailRead } from './log-tail';
import { comparePositions, isAfter, Position } from './position';

/** A growing log and a page reader over it, counting the reads that reach it. */
function growingLog() {
  const log: RecordedEvent[] = [];
  const reads: ReadAllOptions[] = [];
  let version = 0;
  return {
    log,
    reads,
    get version() {
      return version;
    },
    grow(count: number) {
      for (let i = 0; i < count; i++) {
        const n = BigInt(log.length + 1);
        log.push({ position: { commit: n, prepare: n } } as RecordedEvent);
      }
      version++;
    },
    async read(options: ReadAllOptions): Promise<TailRead> {
      reads.push(options);
      const asOf = version;
      await Promise.resolve();
      const events = log.filter((e) => isAfter(e.position, options.after)).slice(0, options.maxCount);
      return { events, asOf, heldBack: false, atHead: events.length < options.maxCount };
    },
  };
}

/** A tail whose first loop has read the log's first `events` events. */
async function tailThatRead(events: number) {
  const store = growingLog();
  const tail = new LogTail((o) => store.read(o), 100, 50);
  store.grow(events);
  await tail.page({ after: at(0), maxCount: 10 });
  return { store, tail };
}

const at = (n: number): Position | 'start' => (n === 0 ? 'start' : { commit: BigInt(n), prepare: BigInt(n) });
const numbers = (read: TailRead) => read.events.map((e) => Number(e.position.commit));

describe('LogTail', () => {
  it('given loops at different places inside the stretch, when they read, then they take it from memory', async () => {
    const store = growingLog();
    const tail = new LogTail((o) => store.read(o), 100, 50);
    store.grow(30);
    expect(numbers(await tail.page({ after: at(0), maxCount: 10 }))).toEqual(range(1, 10));
    expect(store.reads).toHaveLength(1); // the one read fetched 30 events, the stretch holds them
    expect(numbers(await tail.page({ after: at(7), maxCount: 5 }))).toEqual(range(8, 12));
    const end = await tail.page({ after: at(25), maxCount: 10 });
    expect(numbers(end)).toEqual(range(26, 30));
    expect(end.atHead).toBe(true);
    expect(store.reads).toHaveLength(1);
  });

  it('given a page from memory that stops short of the end, then it does not claim the head', async () => {
    const store = growingLog();
    const tail = new LogTail((o) => store.read(o), 100, 50);
    store.grow(5);
    expect(await tail.page({ after: at(0), maxCount: 1 })).toMatchObject({ atHead: false });
    expect(await tail.page({ after: at(0), maxCount: 2 })).toMatchObject({ atHead: false });
    expect(await tail.page({ after: at(2), maxCount: 3 })).toMatchObject({
      atHead: true,
      asOf: store.version,
    });
  });

  it('given loops at the end, when the log grows and they all read, then one read serves them', async () => {
    const { store, tail } = await tailThatRead(5);
    store.grow(3);
    const pages = await Promise.all([1, 2, 3, 4].map(() => tail.page({ after: at(5), maxCount: 10 })));
    expect(pages.map(numbers)).toEqual([1, 2, 3, 4].map(() => [6, 7, 8]));
    expect(store.reads).toHaveLength(2);
  });

  it('given the log grew, when refreshed, then a loop that comes later finds the new events in memory', async () => {
    const { store, tail } = await tailThatRead(2);
    store.grow(3);
    tail.refresh();
    tail.refresh(); // during the read: one more after it, which finds nothing new
    store.grow(1);
    await new Promise((resolve) => setTimeout(resolve, 0));
    const reads = store.reads.length;
    expect(numbers(await tail.page({ after: at(2), maxCount: 10 }))).toEqual([3, 4, 5, 6]);
    expect(store.reads).toHaveLength(reads);
    expect(reads).toBe(3);
  });

  it('given nobody has read yet, when refreshed, then nothing is read', () => {
    const store = growingLog();
    new LogTail((o) => store.read(o)).refresh();
    expect(store.reads).toHaveLength(0);
  });

  it('given a loop further behind than the stretch holds, when it reads, then it reads the store itself', async () => {
    const store = growingLog();
    const tail = new LogTail((o) => store.read(o), 10, 10);
    store.grow(40);
    await tail.page({ after: at(30), maxCount: 10 });
    expect(numbers(await tail.page({ after: at(3), maxCount: 4 }))).toEqual([4, 5, 6, 7]);
    expect(store.reads).toHaveLength(2);
    expect(numbers(await tail.page({ after: at(31), maxCount: 4 }))).toEqual([32, 33, 34, 35]);
    expect(store.reads).toHaveLength(2); // the stretch stayed where the front loop reads
  });

  it('given any loops, growths and capacity, when they read (some at once), then each gets the log exactly in order', async () => {
    await fc.assert(
      fc.asyncProperty(
        fc.integer({ min: 1, max: 30 }),
        fc.array(
          fc.oneof(
            fc.record({ grow: fc.integer({ min: 0, max: 15 }) }),
            fc.record({
              loops: fc.uniqueArray(
                fc.record({
                  loop: fc.integer({ min: 0, max: 4 }),
                  maxCount: fc.integer({ min: 1, max: 12 }),
                }),
                { minLength: 1, maxLength: 5, selector: (r) => r.loop },
              ),
              growMeanwhile: fc.integer({ min: 0, max: 5 }),
            }),
          ),
          { maxLength: 60 },
        ),
        async (capacity, steps) => {
          const store = growingLog();
          const tail = new LogTail((o) => store.read(o), capacity, 8);
          const cursors: (Position | 'start')[] = [at(0), at(0), at(0), at(0), at(0)];
          const seen: number[][] = [[], [], [], [], []];
          for (const step of steps) {
            if ('grow' in step) {
              store.grow(step.grow);
              continue;
            }
            const reading = step.loops.map(({ loop, maxCount }) =>
              tail.page({ after: cursors[loop], maxCount }),
            );
            store.grow(step.growMeanwhile); // commits while the reads are in flight
            const pages = await Promise.all(reading);
            pages.forEach((read, i) => {
              const { loop, maxCount } = step.loops[i];
              expect(read.events.length).toBeLessThanOrEqual(maxCount);
              seen[loop].push(...numbers(read));
              if (read.events.length > 0) cursors[loop] = read.events[read.events.length - 1].position;
              // At the head as of asOf: nothing further unless the log grew since.
              if (read.atHead && read.asOf === store.version)
                expect(cursors[loop]).toEqual(last(store.log) ?? at(0));
            });
          }
          for (const loop of seen) expect(loop).toEqual(range(1, loop.length));
        },
      ),
    );
  });
});

function range(from: number, to: number): number[] {
  return Array.from({ length: to - from + 1 }, (_, i) => from + i);
}

function last(log: RecordedEvent[]): Position | undefined {
  const position = log[log.length - 1]?.position;
  if (position && log.some((e, i) => i > 0 && comparePositions(e.position, log[i - 1].position) <= 0))
    throw new Error('the log is out of order');
  return position;
}
