/* eslint-disable @typescript-eslint/no-explicit-any -- the app's database has other tables too */
import { Kysely, Migration, sql } from 'kysely';
import { migrateOwnTables } from '../store/own-migrations';

/**
 * The API's idempotency records are request state, not a read model: no event produces them and a
 * rebuild must never touch them. So, like the event store and the snapshot store, they carry their
 * own migrations, tracked in tables of their own.
 */
const migrations: Record<string, Migration> = {
  '0001_idempotency_keys': {
    async up(db: Kysely<any>) {
      await db.schema
        .createTable('idempotency_keys')
        .addColumn('account_id', 'uuid', (c) => c.notNull())
        .addColumn('key', 'text', (c) => c.notNull())
        .addColumn('request_method', 'text', (c) => c.notNull())
        .addColumn('request_path', 'text', (c) => c.notNull())
        .addColumn('request_hash', 'text', (c) => c.notNull())
        .addColumn('state', 'text', (c) => c.notNull().check(sql`state in ('in_progress', 'done')`))
        .addColumn('response_status', 'integer')
        // json, not jsonb: it keeps the body's key order, so a replay is byte for byte the original.
        .addColumn('response_body', 'json')
        .addColumn('response_headers', 'jsonb')
        .addColumn('created_at', 'timestamptz', (c) => c.notNull().defaultTo(sql`now()`))
        .addColumn('completed_at', 'timestamptz')
        .addPrimaryKeyConstraint('idempotency_keys_pkey', ['account_id', 'key'])
        .execute();
      await db.schema
        .createIndex('idempotency_keys_created_at_idx')
        .on('idempotency_keys')
        .column('created_at')
        .execute();
    },
  },
  /** Leases: an in-progress key belongs to a live process (see IdempotencyStore). */
  '0002_idempotency_leases': {
    async up(db: Kysely<any>) {
      await db.schema
        .alterTable('idempotency_keys')
        .addColumn('owner', 'text')
        // null: no lease, as for the rows of a version without leases; such a key is settled by its next retry.
        .addColumn('lease_expires_at', 'timestamptz')
        .execute();
    },
  },
  /**
   * The heartbeat renews its process's running keys every third of a lease: without this index it
   * read the whole table (a day of keys) each time.
   */
  '0003_idempotency_running_keys': {
    async up(db: Kysely<any>) {
      await sql`create index idempotency_keys_running_idx on idempotency_keys (owner)
        where state = 'in_progress'`.execute(db);
    },
  },
  /**
   * Whether the owner held its session's advisory lock when it took the key (PostgreSQL): then the
   * lock's absence proves the owner dead, and the key free at once. Keys of a version without
   * these locks keep waiting for their lease.
   */
  '0004_idempotency_owner_sessions': {
    async up(db: Kysely<any>) {
      await db.schema
        .alterTable('idempotency_keys')
        .addColumn('owner_locked', 'boolean', (c) => c.notNull().defaultTo(false))
        .execute();
    },
  },
};

export function migrateIdempotencyKeys(db: Kysely<any>): Promise<void> {
  return migrateOwnTables(db, migrations, { table: 'idempotency_migration', what: 'Idempotency-key' });
}
