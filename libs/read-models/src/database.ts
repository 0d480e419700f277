import type { PGlite } from '@electric-sql/pglite';
import { Kysely, sql } from 'kysely';
import { ClientConfig, Pool, PoolConfig } from 'pg';
import { asksArrayRows } from './array-rows';
import { CopyBatch, copyBatchOn, copyBatchOnPglite, RELAXED_SESSION } from './copy-batch';
import { FaultMappingPostgresDialect } from './fault-mapping-dialect';
import { fastParameter } from './array-literal';
import { PgListener } from './pg-listener';
import { Pipeline, pipelineOn } from './pipeline';
import { pgTypes } from './pg-types';
import { pristineImagePath, unpackImage } from './pglite-images';
import { toastingByLz4 } from './toast-compression';

/**
 * Where the PostgreSQL-shaped storage lives: a server (`url`, i.e. DATABASE_URL) or an embedded
 * PGlite in `dataDir` (undefined for a throw-away in-memory database).
 */
export interface DatabaseConfig {
  url?: string;
  dataDir?: string;
  /**
   * PGlite only: start from this image of a data directory (`PGlite.dumpDataDir`) instead of
   * running initdb, which takes seconds; the data directory, if any, must not hold a database yet.
   */
  pgliteImage?: Blob;
  /** Pool size for a server; PGlite always has one connection. */
  maxConnections?: number;
  /**
   * How long opening a connection, or waiting for a free one in the pool, may take before the
   * query fails as StoreUnavailableError (default 5000 ms): a store away costs a request a bounded time.
   */
  connectTimeoutMs?: number;
  /** The server's statement_timeout for this process's sessions (default 30000 ms; 0: none). */
  statementTimeoutMs?: number;
  /**
   * The server's idle_in_transaction_session_timeout for this process's sessions (default 60000 ms;
   * 0: none): an appending transaction left open holds every reader of the log back until it ends.
   */
  idleInTransactionTimeoutMs?: number;
}

export const DEFAULT_CONNECT_TIMEOUT_MS = 5000;
export const DEFAULT_STATEMENT_TIMEOUT_MS = 30_000;
export const DEFAULT_IDLE_IN_TRANSACTION_TIMEOUT_MS = 60_000;

/** A LISTEN in progress. */
export interface Listening {
  stop(): Promise<void>;
  /**
   * Whether another session listens on the channel (another process, or another listen() here):
   * a NOTIFY nobody else hears is a round trip for nothing.
   */
  othersListening(): Promise<boolean>;
}

/** A kysely handle on pg or PGlite, plus LISTEN, which kysely does not offer. */
export interface Database {
  kind: 'postgres' | 'pglite';
  /** The server's connection string (PostgreSQL only): for sessions of their own, e.g. advisory locks. */
  url?: string;
  db: Kysely<any>; // eslint-disable-line @typescript-eslint/no-explicit-any
  /**
   * Sessions that always run a named statement's generic plan (`plan_cache_mode =
   * force_generic_plan`), for genericPlan() statements only: on `db` the setting would make the
   * others slower (PostgreSQL only; on PGlite such a statement runs on `db`).
   */
  genericPlans?: Kysely<any>; // eslint-disable-line @typescript-eslint/no-explicit-any
  /** Statements in one round trip (PostgreSQL only: PGlite has no round trips to save). */
  pipeline?: Pipeline;
  /** A batch whose insertRows rows load by COPY (a rebuild's: copy-batch.ts). */
  copyBatch: CopyBatch;
  /** The embedded instance (PGlite only): what the read-only SQL port serves (SQL_PORT). */
  pglite?: PGlite;
  listen(channel: string, onNotify: (payload: string) => void): Promise<Listening>;
  close(): Promise<void>;
}

export async function openDatabase(config: DatabaseConfig): Promise<Database> {
  return config.url ? openPostgres(config.url, config) : openPglite(config.dataDir, config.pgliteImage);
}

/**
 * What every session of this process opens with: bounded connection, statement and idle-in-
 * transaction times, and TCP keepalive so that a peer gone silent is noticed.
 */
export function sessionConfig(url: string, config: DatabaseConfig = {}): ClientConfig {
  const statementTimeoutMs = config.statementTimeoutMs ?? DEFAULT_STATEMENT_TIMEOUT_MS;
  const idleMs = config.idleInTransactionTimeoutMs ?? DEFAULT_IDLE_IN_TRANSACTION_TIMEOUT_MS;
  return {
    connectionString: url,
    types: pgTypes,
    connectionTimeoutMillis: config.connectTimeoutMs ?? DEFAULT_CONNECT_TIMEOUT_MS,
    keepAlive: true,
    keepAliveInitialDelayMillis: 10_000,
    ...(statementTimeoutMs > 0 ? { statement_timeout: statementTimeoutMs } : {}),
    ...(idleMs > 0 ? { idle_in_transaction_session_timeout: idleMs } : {}),
  };
}

/**
 * Every client here has an 'error' listener (node-postgres emits 'error' on a client whose
 * connection drops, and an unheard 'error' event ends the process), and a client that saw a
 * connection fault is never handed out again: the pool drops a client that is no longer queryable
 * when it comes back, and the pipeline and the listener discard theirs.
 */
function openPostgres(url: string, config: DatabaseConfig): Database {
  const session = sessionConfig(url, config);
  // The sessions that write (events, read models, copies) TOAST by lz4 where the server offers it.
  const pool = toastingByLz4(guarded(new Pool({ ...session, max: config.maxConnections ?? 20 })));
  const db = new Kysely<any>({ dialect: new FaultMappingPostgresDialect(pool) }); // eslint-disable-line @typescript-eslint/no-explicit-any
  // Projector batches (one per projector at a time) share a few connections in pipeline mode.
  const pipelined = toastingByLz4(guarded(new Pool({ ...session, max: 4, pipeline: true } as PoolConfig)));
  // A rebuild's copy batches (one per projector rebuilt at a time), their commits relaxed by the session.
  const copying = toastingByLz4(guarded(new Pool({ ...session, max: 4, options: RELAXED_SESSION })));
  // Searches (genericPlan()), at most a few at once: each holds a core of the server while it runs.
  const generic = guarded(new Pool({ ...session, max: GENERIC_PLAN_SESSIONS, options: GENERIC_SESSION }));
  const genericPlans = new Kysely<any>({ dialect: new FaultMappingPostgresDialect(generic) }); // eslint-disable-line @typescript-eslint/no-explicit-any
  const listeners = new Set<PgListener>();
  return {
    kind: 'postgres',
    url,
    db,
    genericPlans,
    pipeline: pipelineOn(pipelined),
    copyBatch: copyBatchOn(copying),
    async listen(channel, onNotify) {
      // Held by each session until it ends (a crash included): how others see that it listens.
      const listener = new PgListener(session, channel, onNotify, async (client) => {
        await client.query(`SELECT pg_advisory_lock_shared(${LISTENER_LOCK}, hashtext($1))`, [channel]);
      });
      await listener.start();
      listeners.add(listener);
      return {
        async stop() {
          listeners.delete(listener);
          await listener.stop();
        },
        async othersListening() {
          const pid = listener.pid ?? -1; // while away, every holder is another session
          const { rows } = await sql<{ others: boolean }>`select exists (
              select 1 from pg_locks where locktype = 'advisory' and granted and objsubid = 2
                and database = (select oid from pg_database where datname = current_database())
                and classid = ${LISTENER_LOCK}::oid and objid = hashtext(${channel})::oid and pid <> ${pid}
            ) as others`.execute(db);
          return rows[0].others;
        },
      };
    },
    async close() {
      await Promise.all([...listeners].map((l) => l.stop()));
      listeners.clear();
      await pipelined.end();
      await copying.end();
      await genericPlans.destroy();
      await db.destroy();
    },
  };
}

/** The session setting of Database.genericPlans' pool (pg's `options`), and its size. */
const GENERIC_SESSION = '-c plan_cache_mode=force_generic_plan';
const GENERIC_PLAN_SESSIONS = 8;

/**
 * The pool hears an idle client's error itself, but not one checked out between two queries
 * (inside a transaction, in a pipeline): each client gets a listener of its own for its whole life.
 */
function guarded(pool: Pool): Pool {
  pool.on('error', () => undefined); // an idle client's error: the pool has already dropped it
  pool.on('connect', (client) => client.on('error', () => undefined));
  return pool;
}

/**
 * The advisory lock key (with the channel's hash) a listening session holds shared: 'LSTN'.
 * pg_locks shows it with objsubid 2 (the two-key form).
 */
const LISTENER_LOCK = 0x4c53544e;

/**
 * PGlite's own default gives shared_buffers 160 MB, every page of it touched at start: most of the
 * process's memory at rest. A small service's working set fits in 16 MB, and the pages PGlite does
 * not cache are still in the operating system's file cache (its data files are ordinary files).
 */
const PGLITE_SETTINGS = ['-c', 'shared_buffers=16MB'];

async function openPglite(dataDir: string | undefined, image: Blob | undefined): Promise<Database> {
  // A new data directory is unpacked from the build's pristine image, where there is one.
  if (dataDir && !image) await unpackImage(dataDir, pristineImagePath());
  const pgliteListeners = new Set<{ channel: string }>();
  // Loaded only for PGlite: a process on a server never needs its WASM build.
  const [{ PGlite }, { pg_trgm }, { PGliteDialect }] = await Promise.all([
    import('@electric-sql/pglite'),
    import('@electric-sql/pglite/contrib/pg_trgm'),
    import('kysely-pglite-dialect'),
  ]);
  // pg_trgm: substring search through GIN indexes (the items list's `q`), as on a server.
  const extensions = { pg_trgm };
  const pglite = await PGlite.create({
    extensions,
    startParams: [...PGlite.defaultStartParams, ...PGLITE_SETTINGS],
    ...(dataDir ? { dataDir } : {}),
    ...(image ? { loadDataDir: image } : {}),
  });
  const db = new Kysely<any>({ dialect: new PGliteDialect(withFastArrays(pglite)) }); // eslint-disable-line @typescript-eslint/no-explicit-any
  return {
    kind: 'pglite',
    db,
    pglite,
    copyBatch: copyBatchOnPglite(db, pglite),
    async listen(channel, onNotify) {
      // One process holds an embedded database: the other listeners are this instance's own.
      const unlisten = await pglite.listen(channel, onNotify);
      const registration = { channel };
      pgliteListeners.add(registration);
      return {
        async stop() {
          pgliteListeners.delete(registration);
          await unlisten();
        },
        async othersListening() {
          return [...pgliteListeners].some((l) => l !== registration && l.channel === channel);
        },
      };
    },
    async close() {
      await db.destroy(); // closes the PGlite instance, if kysely ever used it
      // Unused, it is still open: a cluster left running is recovered as after a crash next time.
      if (!pglite.closed) await pglite.close();
    },
  };
}

/**
 * The instance as kysely's dialect sees it, its array parameters made into array literals by
 * fastParameter, as on a server (pipeline.ts): PGlite's own conversion runs two regular
 * expressions on every element, and a projector's batch or an append sends arrays of thousands.
 * An arrayRows() statement's rows come as arrays, as on a server.
 */
function withFastArrays(pglite: PGlite): PGlite {
  return new Proxy(pglite, {
    get(target, property) {
      if (property === 'query') {
        return (query: string, params?: unknown[], options?: Parameters<PGlite['query']>[2]) =>
          target.query(
            query,
            params?.map(fastParameter),
            asksArrayRows(query) ? { ...options, rowMode: 'array' } : options,
          );
      }
      const value: unknown = Reflect.get(target, property, target);
      return typeof value === 'function' ? value.bind(target) : value;
    },
  });
}
