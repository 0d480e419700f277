import { PassThrough } from 'node:stream';
import { readableBatches } from './readable-batches';

const objects = () => new PassThrough({ objectMode: true, highWaterMark: 100 });

describe('batches from a readable stream', () => {
  it('given items already buffered, when iterated, then they come in order in batches of at most maxBatchSize', async () => {
    const stream = objects();
    [1, 2, 3, 4, 5].forEach((n) => stream.write(n));
    stream.end();

    const batches: number[][] = [];
    for await (const batch of readableBatches<number>(stream, 2, new AbortController().signal))
      batches.push(batch);

    expect(batches).toEqual([[1, 2], [3, 4], [5]]);
  });

  it('given an empty stream, when an item arrives later, then the waiting iterator receives it', async () => {
    const stream = objects();
    const iterator = readableBatches<string>(stream, 10, new AbortController().signal);
    const next = iterator.next();

    stream.write('late');

    expect(await next).toEqual({ done: false, value: ['late'] });
  });

  it('given a waiting iterator, when the signal aborts, then iteration ends', async () => {
    const stream = objects();
    const abort = new AbortController();
    const iterator = readableBatches<string>(stream, 10, abort.signal);
    const next = iterator.next();

    abort.abort();

    expect((await next).done).toBe(true);
  });

  it('given a stream that fails, when iterated, then the batches before the failure arrive and then its error is thrown', async () => {
    const stream = objects();
    const iterator = readableBatches<string>(stream, 10, new AbortController().signal);
    stream.write('before');
    const first = await iterator.next();

    stream.destroy(new Error('connection lost'));

    expect(first.value).toEqual(['before']);
    await expect(iterator.next()).rejects.toThrow('connection lost');
  });

  it('given a stream that fails before anyone iterates, then the error waits for the iterator instead of going unhandled', async () => {
    const stream = objects();
    const iterator = readableBatches<string>(stream, 10, new AbortController().signal);

    stream.destroy(new Error('refused'));
    await new Promise((resolve) => stream.once('close', resolve));

    await expect(iterator.next()).rejects.toThrow('refused');
  });
});
