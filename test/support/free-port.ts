import { once } from 'node:events';
import { connect, createServer } from 'node:net';

/** A TCP port of 127.0.0.1 that nothing listens on now, for a process a test starts. */
export async function freePort(): Promise<number> {
  const server = createServer();
  server.listen(0, '127.0.0.1');
  await once(server, 'listening');
  const { port } = server.address() as { port: number };
  server.close();
  await once(server, 'close');
  return port;
}

/** Resolves once something accepts connections on the port (a server the test started). */
export async function listening(port: number, timeoutMs = 10_000): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    const socket = connect(port, '127.0.0.1');
    const [outcome] = await Promise.race([once(socket, 'connect').then(() => ['up']), once(socket, 'error')]);
    socket.destroy();
    if (outcome === 'up') return;
    if (Date.now() > deadline) throw new Error(`Nothing listens on port ${port} after ${timeoutMs} ms`);
    await new Promise((resolve) => setTimeout(resolve, 20));
  }
}
