/** What is needed of an object-mode Readable (the client's subscription types narrow its listeners). */
export interface ObjectReadable {
  read(): unknown;
  on(event: string, listener: (...args: unknown[]) => void): unknown;
  off(event: string, listener: (...args: unknown[]) => void): unknown;
}

/**
 * Turns an object-mode Readable into batches: each batch is whatever the stream already holds
 * (at most `maxBatchSize`), and an empty stream is waited on rather than polled. Iteration ends
 * when the stream ends or closes or `signal` aborts, and throws the stream's error.
 *
 * Listeners are attached at once, not on the first next(): a stream that fails before anyone
 * iterates must not crash the process with an unhandled 'error'.
 */
export function readableBatches<T>(
  readable: ObjectReadable,
  maxBatchSize: number,
  signal: AbortSignal,
): AsyncGenerator<T[]> {
  let failure: unknown;
  let finished = false;
  let wake = () => {};
  const onChange = () => wake();
  const onError = (error: unknown) => {
    failure ??= error;
    wake();
  };
  const onFinish = () => {
    finished = true;
    wake();
  };
  readable.on('readable', onChange);
  readable.on('error', onError);
  readable.on('end', onFinish);
  readable.on('close', onFinish);
  signal.addEventListener('abort', onChange);

  const detach = () => {
    readable.off('readable', onChange);
    readable.off('end', onFinish);
    readable.off('close', onFinish);
    signal.removeEventListener('abort', onChange);
    // The 'error' listener stays: an error after we stop reading must still not go unhandled.
  };

  async function* batches(): AsyncGenerator<T[]> {
    try {
      while (!signal.aborted) {
        const batch = takeBuffered<T>(readable, maxBatchSize);
        if (batch.length > 0) {
          yield batch;
          continue;
        }
        if (failure !== undefined) throw failure;
        if (finished) return;
        // read() returned null, so the stream emits 'readable' when more arrives: no change is missed.
        await new Promise<void>((resolve) => (wake = resolve));
        wake = () => {};
      }
    } finally {
      detach();
    }
  }
  return batches();
}

function takeBuffered<T>(readable: ObjectReadable, max: number): T[] {
  const batch: T[] = [];
  while (batch.length < max) {
    const item = readable.read() as T | null;
    if (item === null) break;
    batch.push(item);
  }
  return batch;
}
