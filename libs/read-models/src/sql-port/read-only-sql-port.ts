import { createServer, Server, Socket } from 'node:net';
import { once } from 'node:events';
import type { PGlite } from '@electric-sql/pglite';
import type { PGLiteSocketHandler, PGLiteSocketHandlerOptions } from '@electric-sql/pglite-socket';
import { refusalOf } from './query-statements';
import { errorResponse, queryMessage, readyForQuery, textOf, withIdleStatus } from './wire-messages';

/** SSLRequest and GSSENCRequest codes: answered "N" (no encryption on a local port), as a server does. */
const ENCRYPTION_REQUESTS = new Set([80877103, 80877104]);
const CANCEL_REQUEST = 80877102;
/** How long a query waits for the service's transaction in progress to end before trying again. */
const BUSY_RETRY_MS = 2;

/** Per connection: the extended-protocol messages since the last Sync, and why they are refused. */
interface Session {
  started: boolean;
  pending: Uint8Array[];
  refused?: string;
}

/**
 * The embedded database over the PostgreSQL wire protocol on a local port (SQL_PORT), read-only.
 * pglite-socket's handler frames the messages of each connection; this queue stands in for its
 * own, which passes them to PGlite as they are. PGlite is one session, the service's too, so each
 * query (a simple Query, or the extended-protocol messages up to Sync) runs alone, between the
 * service's transactions, as: BEGIN READ ONLY, the query, ROLLBACK. Nothing a client sends can
 * change a row or leave state in the session, and statements other than queries are refused
 * before they reach it (query-statements.ts). A long query holds the service's queries back
 * while it runs: PGlite runs one statement at a time.
 */
export class ReadOnlySqlPort {
  private server?: Server;
  private readonly sessions = new Map<number, Session>();
  private readonly sockets = new Set<Socket>();
  private Handler?: typeof PGLiteSocketHandler;

  constructor(private readonly pglite: PGlite) {}

  /** Listens on host:port; resolves with the port (0 picks one). */
  async start(host: string, port: number): Promise<number> {
    // Loaded with SQL_PORT only: most processes never serve it.
    this.Handler = (await import('@electric-sql/pglite-socket')).PGLiteSocketHandler;
    this.server = createServer((socket) => this.accept(socket));
    this.server.listen(port, host);
    await once(this.server, 'listening');
    return (this.server.address() as { port: number }).port;
  }

  async stop(): Promise<void> {
    for (const socket of this.sockets) socket.destroy();
    if (this.server) await new Promise((resolve) => this.server!.close(resolve));
    this.server = undefined;
  }

  private accept(socket: Socket): void {
    this.sockets.add(socket);
    socket.on('close', () => this.sockets.delete(socket));
    socket.on('error', () => socket.destroy());
    const handler = new this.Handler!({
      queryQueue: this.queueFor() as unknown as PGLiteSocketHandlerOptions['queryQueue'],
      closeOnDetach: true,
    });
    // The first packet may ask for encryption, which the handler's framing does not know.
    socket.once('data', (first: Buffer) => {
      socket.pause();
      const code = first.length >= 8 ? first.readInt32BE(4) : 0;
      if (code === CANCEL_REQUEST) return void socket.destroy();
      const rest = ENCRYPTION_REQUESTS.has(code) && first.readInt32BE(0) === 8 ? first.subarray(8) : first;
      if (rest !== first) socket.write('N');
      void handler.attach(socket).then(() => {
        if (rest.length > 0) socket.unshift(rest);
        socket.resume();
      });
    });
  }

  /** What PGLiteSocketHandler calls on its query queue. */
  private queueFor() {
    return {
      enqueue: (id: number, message: Uint8Array, onData: (data: Uint8Array) => void) =>
        this.handle(this.session(id), message).then((answer) => {
          if (answer.length > 0) onData(answer);
          return answer.length;
        }),
      clearQueueForHandler: (id: number) => void this.sessions.delete(id),
      clearTransactionIfNeeded: async () => undefined, // no transaction outlives a query here
    };
  }

  private session(id: number): Session {
    let session = this.sessions.get(id);
    if (!session) this.sessions.set(id, (session = { started: false, pending: [] }));
    return session;
  }

  private async handle(session: Session, message: Uint8Array): Promise<Uint8Array> {
    if (!session.started) {
      session.started = true;
      return this.exclusive(async () => this.pglite.execProtocolRaw(message)); // the startup message
    }
    const type = String.fromCharCode(message[0]);
    switch (type) {
      case 'Q': {
        const refusal = refusalOf(textOf(message, 5));
        if (refusal) return concat([errorResponse(refusal), readyForQuery()]);
        return this.readOnly([message]);
      }
      case 'P': // Parse: name, then the statement's text
        session.refused ??= refusalOf(textOf(message, 5, 1));
        session.pending.push(message);
        return new Uint8Array();
      case 'B':
      case 'D':
      case 'E':
      case 'C':
      case 'H':
        session.pending.push(message);
        return new Uint8Array();
      case 'S': {
        const { pending, refused } = session;
        session.pending = [];
        session.refused = undefined;
        if (refused) return concat([errorResponse(refused), readyForQuery()]);
        return this.readOnly([...pending, message]);
      }
      case 'X':
        return new Uint8Array();
      default:
        return concat([
          errorResponse(`protocol message '${type}' is refused on this read-only connection`),
          readyForQuery(),
        ]);
    }
  }

  /** The messages inside a read-only transaction rolled back after them; the client sees no transaction. */
  private readOnly(messages: Uint8Array[]): Promise<Uint8Array> {
    return this.exclusive(async () => {
      await this.pglite.execProtocolRaw(queryMessage('begin transaction read only'));
      try {
        const answers: Uint8Array[] = [];
        for (const message of messages) answers.push(await this.pglite.execProtocolRaw(message));
        return withIdleStatus(concat(answers));
      } finally {
        await this.pglite.execProtocolRaw(queryMessage('rollback'));
      }
    });
  }

  /**
   * Runs `work` holding PGlite, at a moment the service has no transaction open: the service's
   * transactions take PGlite statement by statement, and a query inside one would see its
   * uncommitted rows and roll it back.
   */
  private async exclusive<T>(work: () => Promise<T>): Promise<T> {
    for (;;) {
      const outcome = await this.pglite.runExclusive(async () =>
        this.pglite.isInTransaction() ? undefined : { value: await work() },
      );
      if (outcome) return outcome.value;
      await new Promise((resolve) => setTimeout(resolve, BUSY_RETRY_MS));
    }
  }
}

function concat(parts: Uint8Array[]): Uint8Array {
  return Buffer.concat(parts);
}
