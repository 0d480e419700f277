import { RecordedEvent } from '@app/event-store';
import { Kysely, sql, Transaction } from 'kysely';
import { Projector } from '../projector';
import { domainEvent, recordIdOf } from './domain-events';
import { oneAtATime } from './one-at-a-time';

/* eslint-disable @typescript-eslint/no-explicit-any */

/** One row of `webhook_endpoints`. */
export interface WebhookEndpointRow {
  id: string;
  account_id: string;
  url: string;
  event_types: string[];
  description: string | null;
  disabled: boolean;
  disabled_reason: string | null;
  secret_rotated_at: Date | null;
  active: boolean;
  revision: number;
  /** The creation's log position: the endpoint gets the changes after it. */
  created_commit_position: string;
  created_prepare_position: string;
  created_at: Date;
  updated_at: Date;
}

/**
 * `webhook_endpoints`: each account's endpoints for the list and for the dispatcher. A deleted one
 * keeps its row with `active = false`. `revision` is the stream's revision after the last event,
 * so it matches the endpoint's ETag. Accounts have few endpoints: one statement per event.
 */
export const webhookEndpointsProjector: Projector = {
  name: 'webhook_endpoints',
  version: 1,
  tables: ['webhook_endpoints'],
  writesOnly: true,
  handles: [
    'WebhookEndpointCreated',
    'WebhookEndpointUpdated',
    'WebhookSecretRotated',
    'WebhookEndpointDisabled',
    'WebhookEndpointDeleted',
  ],
  setup: createTable,
  apply: oneAtATime(applyOne),
};

async function createTable(db: Kysely<any>, schema: string): Promise<void> {
  await sql`create table ${sql.table(`${schema}.webhook_endpoints`)} (
      id uuid primary key,
      account_id uuid not null,
      url text not null,
      event_types text[] not null,
      description text,
      disabled boolean not null,
      disabled_reason text,
      secret_rotated_at timestamptz,
      active boolean not null,
      revision integer not null,
      created_commit_position numeric(20) not null,
      created_prepare_position numeric(20) not null,
      created_at timestamptz not null,
      updated_at timestamptz not null)`.execute(db);
  // The list: an account's endpoints, oldest first.
  await sql`create index webhook_endpoints_list_idx
    on ${sql.table(`${schema}.webhook_endpoints`)} (account_id, active, created_at, id)`.execute(db);
}

const EDITABLE = ['url', 'event_types', 'description', 'disabled'] as const;

async function applyOne(trx: Transaction<any>, event: RecordedEvent, schema: string): Promise<void> {
  const { type, data: d } = domainEvent(event);
  const id = recordIdOf(event);
  const revision = event.revision;
  const endpoint = () => trx.withSchema(schema).updateTable('webhook_endpoints').where('id', '=', id);
  switch (type) {
    case 'WebhookEndpointCreated':
      await trx
        .withSchema(schema)
        .insertInto('webhook_endpoints')
        .values({
          id,
          account_id: d.account_id,
          url: d.url,
          event_types: d.event_types,
          description: d.description,
          disabled: false,
          disabled_reason: null,
          secret_rotated_at: null,
          active: true,
          revision,
          created_commit_position: String(event.position.commit),
          created_prepare_position: String(event.position.prepare),
          created_at: d.created_at,
          updated_at: d.created_at,
        })
        .execute();
      return;
    case 'WebhookEndpointUpdated': {
      const changes = Object.fromEntries(
        EDITABLE.filter((name) => name in d.changes).map((name) => [name, d.changes[name]]),
      );
      const reason = d.changes.disabled === undefined ? {} : { disabled_reason: null };
      await endpoint()
        .set({ ...changes, ...reason, revision, updated_at: d.updated_at })
        .execute();
      return;
    }
    case 'WebhookSecretRotated':
      await endpoint().set({ secret_rotated_at: d.rotated_at, revision, updated_at: d.rotated_at }).execute();
      return;
    case 'WebhookEndpointDisabled':
      await endpoint()
        .set({ disabled: true, disabled_reason: d.reason, revision, updated_at: d.disabled_at })
        .execute();
      return;
    case 'WebhookEndpointDeleted':
      await endpoint().set({ active: false, revision, updated_at: d.deleted_at }).execute();
      return;
  }
}
