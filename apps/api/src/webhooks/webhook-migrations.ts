/* eslint-disable @typescript-eslint/no-explicit-any -- the app's database has other tables too */
import { Kysely, Migration, sql } from 'kysely';
import { migrateOwnTables } from '../store/own-migrations';

/**
 * The webhooks' runtime state: secrets, each endpoint's place in the change feed and its
 * deliveries. Not read models: no event carries a secret (an immutable log must never hold one),
 * and a rebuild must neither resend nor forget a delivery. Migrated like the idempotency keys.
 */
const migrations: Record<string, Migration> = {
  '0001_webhooks': {
    async up(db: Kysely<any>) {
      await sql`create table webhook_secrets (
          endpoint_id uuid primary key,
          secret text not null,
          rotated_at timestamptz not null)`.execute(db);
      // The last change of record_changes the endpoint's deliveries were made from.
      await sql`create table webhook_cursors (
          endpoint_id uuid primary key,
          commit_position numeric(20) not null,
          prepare_position numeric(20) not null)`.execute(db);
      await sql`create table webhook_deliveries (
          id text primary key,
          -- Scheduling order: per record and endpoint, an earlier change is sent first.
          seq bigserial not null,
          endpoint_id uuid not null,
          account_id uuid not null,
          event_id text not null,
          event_type text not null,
          object text not null,
          stream_prefix text not null,
          record_id uuid not null,
          revision integer not null,
          change text not null,
          commit_position numeric(20) not null,
          prepare_position numeric(20) not null,
          occurred_at timestamptz not null,
          status text not null check (status in ('pending', 'succeeded', 'failed')),
          attempts integer not null default 0,
          last_status_code integer,
          last_error text,
          next_attempt_at timestamptz,
          first_failed_at timestamptz,
          created_at timestamptz not null default now(),
          updated_at timestamptz not null default now())`.execute(db);
      // The sender's question: what is due, oldest first.
      await sql`create index webhook_deliveries_due_idx on webhook_deliveries (next_attempt_at)
        where status = 'pending'`.execute(db);
      // An endpoint's deliveries, newest first; and a record's earlier ones (per-record order).
      await sql`create index webhook_deliveries_endpoint_idx on webhook_deliveries (endpoint_id, seq)`.execute(
        db,
      );
      await sql`create index webhook_deliveries_record_idx
        on webhook_deliveries (endpoint_id, record_id, seq) where status = 'pending'`.execute(db);
    },
  },
};

export function migrateWebhooks(db: Kysely<any>): Promise<void> {
  return migrateOwnTables(db, migrations, { table: 'webhook_migration', what: 'Webhook' });
}
