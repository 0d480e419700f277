import { Kysely, sql } from 'kysely';
import { Client } from 'pg';
import { Database, sessionConfig } from './database';

/* eslint-disable @typescript-eslint/no-explicit-any */

/**
 * Who runs each projector when several processes share one database (API instances, projector
 * workers, the CLI): the holder of its lease leads, the others stand by. Leases only spare work:
 * a batch commits only if the checkpoint still stands where its writer read it (advanceCheckpoint),
 * so even two leaders at once (a lease lost unnoticed) apply no event twice.
 */
export interface ProjectorLeases {
  /** Takes whichever of `names` no process holds; returns those this process now holds. */
  acquire(names: readonly string[]): Promise<string[]>;
  /** Gives up every lease this process holds. */
  releaseAll(): Promise<void>;
  /** `listener` hears of leases lost other than by releaseAll (their connection ended). */
  onLost(listener: (names: string[]) => void): void;
}

/** One process holds the database (PGlite, the in-memory store): it leads every projector. */
export function soleLeases(): ProjectorLeases {
  return { acquire: async (names) => [...names], releaseAll: async () => undefined, onLost: () => undefined };
}

/** Never leads: projectors run in other processes, and this one only watches their checkpoints. */
export function noLeases(): ProjectorLeases {
  return { acquire: async () => [], releaseAll: async () => undefined, onLost: () => undefined };
}

/** Advisory locks on PostgreSQL when the database is a server, else the sole process. */
export function leasesFor(database: Pick<Database, 'kind' | 'url'>): ProjectorLeases {
  return database.kind === 'postgres' && database.url ? new AdvisoryLockLeases(database.url) : soleLeases();
}

/** First key of every lease's advisory lock ('proj'), so that other users of advisory locks keep clear. */
const LEASE_NAMESPACE = 0x70726f6a;

/** The second key: FNV-1a of the projector's name, as an int4. */
export function leaseKey(name: string): number {
  let hash = 0x811c9dc5;
  for (const byte of Buffer.from(name, 'utf8')) hash = Math.imul(hash ^ byte, 0x01000193);
  return hash | 0;
}

/**
 * Session-level advisory locks (pg_try_advisory_lock) on a connection of their own: PostgreSQL
 * releases them the moment that session ends, so a leader that dies or loses its connection hands
 * over without a timeout to tune. Not a pool connection: this one must outlive every query.
 */
export class AdvisoryLockLeases implements ProjectorLeases {
  private connection?: Promise<Client>;
  private client?: Client;
  private readonly held = new Set<string>();
  private readonly listeners: ((names: string[]) => void)[] = [];

  constructor(private readonly url: string) {}

  async acquire(names: readonly string[]): Promise<string[]> {
    const wanted = names.filter((name) => !this.held.has(name)); // a second lock would stack, not renew
    if (wanted.length > 0) {
      const client = await this.connect();
      const { rows } = await client.query<{ name: string; got: boolean }>(
        `select name, pg_try_advisory_lock($1, key) as got from unnest($2::text[], $3::int4[]) as t(name, key)`,
        [LEASE_NAMESPACE, wanted, wanted.map(leaseKey)],
      );
      // Unless the connection ended meanwhile: then nothing is held, and the loss is reported.
      if (this.client === client) for (const row of rows) if (row.got) this.held.add(row.name);
    }
    return names.filter((name) => this.held.has(name));
  }

  async releaseAll(): Promise<void> {
    const pending = this.connection;
    this.connection = undefined;
    this.client = undefined;
    this.held.clear();
    const client = await pending?.catch(() => undefined);
    await client?.end().catch(() => undefined);
  }

  onLost(listener: (names: string[]) => void): void {
    this.listeners.push(listener);
  }

  private connect(): Promise<Client> {
    this.connection ??= this.open().catch((error) => {
      this.connection = undefined;
      throw error;
    });
    return this.connection;
  }

  private async open(): Promise<Client> {
    const client = new Client({
      ...sessionConfig(this.url), // keepalive: a dead peer is noticed, and the leases given up
      application_name: 'projector-leases',
    });
    // Without a listener an 'error' event would end the process. The session is then discarded:
    // its locks may be gone already, and the runner takes them again on a new one.
    client.on('error', () => {
      this.ended(client);
      void client.end().catch(() => undefined);
    });
    client.on('end', () => this.ended(client));
    await client.connect();
    this.client = client;
    return client;
  }

  private ended(client: Client): void {
    if (this.client !== client) return; // released on purpose
    this.connection = undefined;
    this.client = undefined;
    const lost = [...this.held];
    this.held.clear();
    if (lost.length > 0) for (const listener of this.listeners) listener(lost);
  }
}

/** Of `names`, those whose lease some session of this database holds (this process's included). */
export async function leasedAmong(db: Kysely<any>, names: readonly string[]): Promise<Set<string>> {
  if (names.length === 0) return new Set();
  const { rows } = await sql<{ key: number }>`select objid::text::bigint as key from pg_locks
      where locktype = 'advisory' and granted and objsubid = 2 and classid = ${LEASE_NAMESPACE}::oid
        and database = (select oid from pg_database where datname = current_database())`.execute(db);
  // pg_locks shows the int4 key as an unsigned oid.
  const keys = new Set(rows.map((r) => Number(r.key) | 0));
  return new Set(names.filter((name) => keys.has(leaseKey(name))));
}
