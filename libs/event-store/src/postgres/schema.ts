import { Migration, sql } from 'kysely';
import { migrateToLatest } from './migrate-to-latest';
import { EventStoreDb } from './rows';

/**
 * The advisory lock ('EVTS', 0) every appending transaction holds shared, in its own database:
 * pg_locks shows it with classid APPEND_LOCK, objid 0, objsubid 2.
 */
export const APPEND_LOCK = 0x45565453;

/**
 * The events table. Global order is (transaction_id, position): see docs/event-store.md for why
 * the transaction id comes first and how readers bound it by the appends still open (global-log.ts).
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
  '0002_append_lock': {
    async up(db) {
      // Every transaction that appends holds the append lock from before it has a transaction id
      // until it ends: readers then know which open transactions may still commit events here.
      await sql`
        CREATE FUNCTION event_store_appending() RETURNS void LANGUAGE plpgsql AS $$
        BEGIN
          IF current_setting('event_store.appending', true) IS DISTINCT FROM 'yes' THEN
            IF pg_current_xact_id_if_assigned() IS NOT NULL THEN
              RAISE EXCEPTION 'events must be the first write of their transaction'
                USING ERRCODE = '55000',
                  HINT = 'append before any other write, or call event_store_appending() first';
            END IF;
            PERFORM pg_advisory_xact_lock_shared(${sql.lit(APPEND_LOCK)}, 0);
            PERFORM set_config('event_store.appending', 'yes', true);
          END IF;
        END $$`.execute(db);
      await sql`
        CREATE FUNCTION events_take_append_lock() RETURNS trigger LANGUAGE plpgsql AS $$
        BEGIN
          PERFORM event_store_appending();
          RETURN NULL;
        END $$`.execute(db);
      await sql`
        CREATE TRIGGER events_append_lock BEFORE INSERT ON events
        FOR EACH STATEMENT EXECUTE FUNCTION events_take_append_lock()`.execute(db);
    },
  },
  '0003_append_function': {
    async up(db) {
      // The append of insertGroup and insertAtomic (append.ts), in a function whose statement keeps
      // one generic plan per session. Sent as a named statement, PostgreSQL planned it afresh at every
      // call: costed for unnest's default 10 rows an array, the generic plan never looked cheaper
      // than custom plans costed for the real 1 to 4, and planning took about 0.2 ms a call, as long
      // as running it. Its plan is the same for any batch: each stream's revision through the
      // primary key, the batch joined by its index in it.
      await sql`
        CREATE FUNCTION event_store_append(
          a_i int[], a_stream_id text[], a_expect text[], a_expected_revision int[],
          b_i int[], b_ord int[], b_event_id uuid[], b_type text[], b_data jsonb[], b_metadata jsonb[],
          all_or_nothing boolean
        ) RETURNS TABLE (stream_id text, revision integer, position_text text, transaction_id_text text)
        LANGUAGE plpgsql SET plan_cache_mode = force_generic_plan AS $$
        #variable_conflict use_column
        BEGIN
          RETURN QUERY
          WITH appends AS (
            SELECT a.i, a.stream_id, a.revision, CASE a.expect
                WHEN 'any' THEN true
                WHEN 'no_stream' THEN a.revision = -1
                WHEN 'stream_exists' THEN a.revision >= 0
                ELSE a.revision = a.expected_revision
              END AS met
            FROM (
              SELECT a.*,
                (SELECT coalesce(max(e.revision), -1) FROM events e WHERE e.stream_id = a.stream_id) AS revision
              FROM unnest(a_i, a_stream_id, a_expect, a_expected_revision)
                AS a(i, stream_id, expect, expected_revision)
            ) AS a
          )
          INSERT INTO events (stream_id, revision, event_id, type, data, metadata)
          SELECT a.stream_id, a.revision + batch.ord, batch.event_id, batch.type, batch.data, batch.metadata
          FROM appends a
          JOIN unnest(b_i, b_ord, b_event_id, b_type, b_data, b_metadata)
            AS batch(i, ord, event_id, type, data, metadata) ON batch.i = a.i
          WHERE a.met AND (NOT all_or_nothing OR NOT EXISTS (SELECT 1 FROM appends WHERE NOT met))
          ORDER BY a.i, batch.ord
          RETURNING stream_id, revision, position::text, transaction_id::text;
        END $$`.execute(db);
    },
  },
};

/** Creates or upgrades the event store's tables; safe to call from several processes at once. */
export async function setupEventStore(db: EventStoreDb): Promise<void> {
  const { error } = await migrateToLatest(db, migrations, {
    // Its own bookkeeping tables, apart from the read models' migrations in the same database.
    migrationTableName: 'event_store_migration',
    migrationLockTableName: 'event_store_migration_lock',
  });
  if (error) throw error;
}
