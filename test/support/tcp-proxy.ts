import { AddressInfo, connect, createServer, Server, Socket } from 'node:net';

/**
 * A TCP proxy a test owns, between the app and its database: `cut()` drops every connection and
 * resets new ones (the database is away, as when it restarts or the network fails), `restore()`
 * lets them through again. No timing of its own: the test decides when.
 */
export class TcpProxy {
  private readonly sockets = new Set<Socket>();
  private refusing = false;

  private constructor(
    private readonly server: Server,
    private readonly target: { host: string; port: number },
  ) {}

  /** Listens on a free local port and forwards to the host and port of `url` (a postgres:// URL). */
  static async for(url: string): Promise<TcpProxy> {
    const { hostname, port } = new URL(url);
    const server = createServer();
    const proxy = new TcpProxy(server, { host: hostname, port: Number(port || 5432) });
    server.on('connection', (socket) => proxy.accept(socket));
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
    return proxy;
  }

  /** The same URL, through this proxy. */
  route(url: string): string {
    const routed = new URL(url);
    routed.hostname = '127.0.0.1';
    routed.port = String((this.server.address() as AddressInfo).port);
    return routed.toString();
  }

  /** Drops every connection (with a reset) and resets new ones until restore(). */
  cut(): void {
    this.refusing = true;
    for (const socket of this.sockets) socket.resetAndDestroy();
    this.sockets.clear();
  }

  restore(): void {
    this.refusing = false;
  }

  async close(): Promise<void> {
    this.cut();
    await new Promise<void>((resolve) => this.server.close(() => resolve()));
  }

  private accept(client: Socket): void {
    if (this.refusing) return void client.resetAndDestroy();
    const upstream = connect(this.target.port, this.target.host);
    for (const [from, to] of [
      [client, upstream],
      [upstream, client],
    ]) {
      this.sockets.add(from);
      from.pipe(to);
      from.on('error', () => to.destroy());
      from.on('close', () => {
        this.sockets.delete(from);
        to.destroy();
      });
    }
  }
}
