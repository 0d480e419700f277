import { PGlite } from '@electric-sql/pglite';
import { pg_trgm } from '@electric-sql/pglite/contrib/pg_trgm';
import { Kysely, PostgresDialect } from 'kysely';
import { PGliteDialect } from 'kysely-pglite-dialect';
import { Client, Pool, types } from 'pg';

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

export type Unlisten = () => Promise<void>;

/** A kysely handle on pg or PGlite, plus LISTEN, which kysely does not offer. */
export interface Database {
  kind: 'postgres' | 'pglite';
  /** The server's connection string (PostgreSQL only): for sessions of their own, e.g. advisory locks. */
  url?: string;
  db: Kysely<any>; // eslint-disable-line @typescript-eslint/no-explicit-any
  listen(channel: string, onNotify: (payload: string) => void): Promise<Unlisten>;
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
  const listeners: Client[] = [];
  return {
    kind: 'postgres',
    url,
    db,
    async listen(channel, onNotify) {
      const client = new Client({ connectionString: url, types: pgTypes });
      client.on('error', () => undefined);
      await client.connect();
      client.on('notification', (n) => n.channel === channel && onNotify(n.payload ?? ''));
      await client.query(`LISTEN ${quoteIdent(channel)}`);
      listeners.push(client);
      return async () => {
        listeners.splice(listeners.indexOf(client), 1);
        await client.end();
      };
    },
    async close() {
      await Promise.all(listeners.splice(0).map((c) => c.end()));
      await db.destroy();
    },
  };
}

async function openPglite(dataDir: string | undefined): Promise<Database> {
  // pg_trgm: substring search through GIN indexes (the items list's `q`), as on a server.
  const extensions = { pg_trgm };
  const pglite = await PGlite.create(dataDir ? { dataDir, extensions } : { extensions });
  const db = new Kysely<any>({ dialect: new PGliteDialect(pglite) }); // eslint-disable-line @typescript-eslint/no-explicit-any
  return {
    kind: 'pglite',
    db,
    async listen(channel, onNotify) {
      const unlisten = await pglite.listen(channel, onNotify);
      return () => unlisten();
    },
    async close() {
      await db.destroy(); // closes the PGlite instance too
    },
  };
}

function quoteIdent(name: string): string {
  return `"${name.replace(/"/g, '""')}"`;
}
