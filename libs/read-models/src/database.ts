import { PGlite } from '@electric-sql/pglite';
import { pg_trgm } from '@electric-sql/pglite/contrib/pg_trgm';
import { Kysely, PostgresDialect, sql } from 'kysely';
import { PGliteDialect } from 'kysely-pglite-dialect';
import { Client, Pool, PoolConfig, types } from 'pg';
import { Pipeline, pipelineOn } from './pipeline';

/**
 * Where the PostgreSQL-shaped storage lives: a server (`url`, i.e. DATABASE_URL) or an embedded
 * PGlite in `dataDir` (undefined for a throw-away in-memory database).
 */
export interface DatabaseConfig {
  url?: string;
  dataDir?: string;
  /** Pool size for a server; PGlite always has one connection. */
  maxConnections?: number;
}

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
  /** Statements in one round trip (PostgreSQL only: PGlite has no round trips to save). */
  pipeline?: Pipeline;
  listen(channel: string, onNotify: (payload: string) => void): Promise<Listening>;
  close(): Promise<void>;
}

// int8 as a JS number on both drivers (PGlite already does so); numeric stays a decimal string.
const pgTypes = {
  getTypeParser: (oid: number, format?: 'text' | 'binary') =>
    oid === types.builtins.INT8 ? (v: string) => Number(v) : types.getTypeParser(oid, format),
};

export async function openDatabase(config: DatabaseConfig): Promise<Database> {
  return config.url ? openPostgres(config.url, config.maxConnections ?? 20) : openPglite(config.dataDir);
}

function openPostgres(url: string, max: number): Database {
  const pool = new Pool({ connectionString: url, max, types: pgTypes });
  pool.on('error', () => undefined); // an idle client's error is surfaced by the next query instead
  const db = new Kysely<any>({ dialect: new PostgresDialect({ pool }) }); // eslint-disable-line @typescript-eslint/no-explicit-any
  // Projector batches (one per projector at a time) share a few connections in pipeline mode.
  const pipelined = new Pool({ connectionString: url, max: 4, types: pgTypes, pipeline: true } as PoolConfig);
  pipelined.on('error', () => undefined);
  const listeners: Client[] = [];
  return {
    kind: 'postgres',
    url,
    db,
    pipeline: pipelineOn(pipelined),
    async listen(channel, onNotify) {
      const client = new Client({ connectionString: url, types: pgTypes });
      client.on('error', () => undefined);
      await client.connect();
      client.on('notification', (n) => n.channel === channel && onNotify(n.payload ?? ''));
      await client.query(`LISTEN ${quoteIdent(channel)}`);
      // Held by this session until it ends (a crash included): how others see that it listens.
      await client.query(`SELECT pg_advisory_lock_shared(${LISTENER_LOCK}, hashtext($1))`, [channel]);
      const pid = (client as unknown as { processID: number }).processID;
      listeners.push(client);
      return {
        async stop() {
          listeners.splice(listeners.indexOf(client), 1);
          await client.end();
        },
        async othersListening() {
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
      await Promise.all(listeners.splice(0).map((c) => c.end()));
      await pipelined.end();
      await db.destroy();
    },
  };
}

/**
 * The advisory lock key (with the channel's hash) a listening session holds shared: 'LSTN'.
 * pg_locks shows it with objsubid 2 (the two-key form).
 */
const LISTENER_LOCK = 0x4c53544e;

async function openPglite(dataDir: string | undefined): Promise<Database> {
  const pgliteListeners = new Set<{ channel: string }>();
  // pg_trgm: substring search through GIN indexes (the items list's `q`), as on a server.
  const extensions = { pg_trgm };
  const pglite = await PGlite.create(dataDir ? { dataDir, extensions } : { extensions });
  const db = new Kysely<any>({ dialect: new PGliteDialect(pglite) }); // eslint-disable-line @typescript-eslint/no-explicit-any
  return {
    kind: 'pglite',
    db,
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
      await db.destroy(); // closes the PGlite instance too
    },
  };
}

function quoteIdent(name: string): string {
  return `"${name.replace(/"/g, '""')}"`;
}
