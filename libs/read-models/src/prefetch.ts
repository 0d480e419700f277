/**
 * Iterates `source` one item ahead while `readAhead(item)` says more is waiting: the next batch
 * is read while the current one is written, so catch-up costs max(read, write) per batch instead
 * of their sum. At the log's head (a short batch) it reads only once the caller asks: a page read
 * ahead then would stop at the moment the write began, and the events recorded while it committed
 * would wait a whole further batch.
 */
export async function* prefetch<T>(
  source: AsyncIterable<T>,
  readAhead: (item: T) => boolean = () => true,
): AsyncGenerator<T> {
  const iterator = source[Symbol.asyncIterator]();
  let next: Promise<IteratorResult<T>> | undefined = iterator.next();
  next.catch(() => undefined); // a failed read surfaces when awaited below, not as an unhandled rejection
  try {
    for (;;) {
      const result: IteratorResult<T> = await (next ?? iterator.next());
      if (result.done) return;
      next = readAhead(result.value) ? iterator.next() : undefined;
      next?.catch(() => undefined);
      yield result.value;
    }
  } finally {
    // Not awaited: it queues behind the pending read, which ends when the caller closes the source.
    iterator.return?.().catch(() => undefined);
  }
}
