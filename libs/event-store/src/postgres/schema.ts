import { Migration, Migrator, sql } from 'kysely';
import { EventStoreDb } from './rows';

/**
 * The events table. Global order is (transaction_id, position): see docs/event-store.md for why
 * the transaction id comes first and how readers use pg_snapshot_xmin to never skip a late commit.
 */
const migrations: Record<string, Migration> = {
  '0001_events': {
    async up(db) {
      await sql`
        CREATE TABLE events (
          position bigint GENERATED ALWAYS AS IDENTITY,
          transaction_id xid8 NOT NULL DEFAULT pg_current_xact_id(),
          stream_id text NOT NULL,
          revision integer NOT NULL CHECK (revision >= 0),
          event_id uuid NOT NULL,
          type text NOT NULL,
          data jsonb NOT NULL,
          metadata jsonb NOT NULL DEFAULT '{}',
          recorded_at timestamptz NOT NULL DEFAULT now(),
          CONSTRAINT events_stream_revision_key PRIMARY KEY (stream_id, revision),
          CONSTRAINT events_stream_event_id_key UNIQUE (stream_id, event_id)
        )`.execute(db);
      await sql`CREATE INDEX events_global_order ON events (transaction_id, position)`.execute(db);
      // Events are facts: refuse to change or remove them, whoever asks.
      await sql`
        CREATE FUNCTION events_are_immutable() RETURNS trigger LANGUAGE plpgsql AS $$
        BEGIN
          RAISE EXCEPTION 'events are immutable: % is not allowed', TG_OP;
        END $$`.execute(db);
      await sql`
        CREATE TRIGGER events_immutable BEFORE UPDATE OR DELETE OR TRUNCATE ON events
        FOR EACH STATEMENT EXECUTE FUNCTION events_are_immutable()`.execute(db);
    },
  },
};

/** Creates or upgrades the event store's tables; safe to call from several processes at once. */
export async function setupEventStore(db: EventStoreDb): Promise<void> {
  const migrator = new Migrator({
    db,
    provider: { getMigrations: async () => migrations },
    // Its own bookkeeping tables, apart from the read models' migrations in the same database.
    migrationTableName: 'event_store_migration',
    migrationLockTableName: 'event_store_migration_lock',
  });
  const { error } = await migrator.migrateToLatest();
  if (error) throw error;
}
