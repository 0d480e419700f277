/**
 * Iterates `source` one item ahead: the next batch is being read while the current one is
 * written, so catch-up costs max(read, write) per batch instead of their sum.
 */
export async function* prefetch<T>(source: AsyncIterable<T>): AsyncGenerator<T> {
  const iterator = source[Symbol.asyncIterator]();
  let next = iterator.next();
  next.catch(() => undefined); // a failed read surfaces when awaited below, not as an unhandled rejection
  try {
    for (;;) {
      const result = await next;
      if (result.done) return;
      next = iterator.next();
      next.catch(() => undefined);
      yield result.value;
    }
  } finally {
    // Not awaited: it queues behind the pending read, which ends when the caller closes the source.
    iterator.return?.().catch(() => undefined);
  }
}
