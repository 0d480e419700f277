import { IncomingMessage } from 'node:http';
import { FastifyInstance } from 'fastify';

/**
 * How much of a body over its limit is read and thrown away before the 413 is sent; past it the
 * answer goes out at once and the connection closes (the client may then see a reset, not the 413).
 */
export const DISCARD_BOUND_BYTES = 64 * 1024 * 1024;
/** How long the rest of such a body may take to arrive before the answer goes out all the same. */
export const DISCARD_TIMEOUT_MS = 10_000;

/**
 * A body over its limit (1 MiB of JSON, a 15 MB photo) is answered 413 `payload_too_large`. Sent
 * while the client is still writing, the answer is lost to most clients: they see EPIPE or a reset
 * when the server closes. So before a 413 goes out, the rest of the body is read and discarded (up
 * to DISCARD_BOUND_BYTES), and the answer says `Connection: close`: the connection is not reused
 * after a body the server did not parse.
 */
export function answerOversizedBodiesReadably(fastify: FastifyInstance): void {
  fastify.addHook('onSend', async (request, reply, payload) => {
    if (reply.statusCode !== 413) return payload;
    reply.header('connection', 'close');
    if (!request.raw.complete && !request.raw.readableEnded && !request.raw.destroyed)
      await discardRest(request.raw);
    return payload;
  });
}

/** Reads `message` to its end, keeping nothing; gives up past the bound or the timeout. */
export function discardRest(
  message: IncomingMessage,
  bound = DISCARD_BOUND_BYTES,
  timeoutMs = DISCARD_TIMEOUT_MS,
): Promise<void> {
  return new Promise((resolve) => {
    let read = 0;
    const done = () => {
      clearTimeout(timer);
      message.off('data', onData);
      message.off('end', done);
      message.off('close', done);
      message.off('error', done);
      resolve();
    };
    const onData = (chunk: Buffer | string) => {
      read += chunk.length;
      if (read > bound) done();
    };
    const timer = setTimeout(done, timeoutMs);
    timer.unref?.();
    // A multipart reader may still be piped from it, and pause it when its own reader stops.
    message.unpipe();
    message.on('data', onData);
    message.on('end', done);
    message.on('close', done);
    message.on('error', done);
    message.resume();
  });
}
