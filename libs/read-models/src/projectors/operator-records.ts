import { EventDataOf } from '@app/domain';
import { RecordedEvent } from '@app/event-store';
import { Kysely, sql, Transaction } from 'kysely';
import { Projector } from '../projector';
import { oneAtATime } from './one-at-a-time';
import { domainEvent, recordIdOf } from './domain-events';
import { recordKeyColumns } from './column-groups';
import { KEY_TEXT } from '../key-text';

/* eslint-disable @typescript-eslint/no-explicit-any */

/**
 * Accounts, users and API keys as rows: authentication finds a key by its hash and its user in one
 * indexed join, and the operator API lists a user's keys. Low volume, so one statement per event.
 */
export const operatorRecordsProjector: Projector = {
  name: 'operator_records',
  version: 2,
  tables: ['accounts', 'users', 'api_keys'],
  writesOnly: true,
  handles: [
    'AccountOpened',
    'AccountRenamed',
    'AccountTimezoneChanged',
    'AccountSettingsChanged',
    'UserCreated',
    'UserProfileChanged',
    'UserPermissionsChanged',
    'UserLocationChanged',
    'UserDeactivated',
    'UserReactivated',
    'UserDeleted',
    'ApiKeyCreated',
    'ApiKeyRevoked',
  ],
  setup: createTables,
  apply: oneAtATime(applyOne),
};

async function createTables(db: Kysely<any>, schema: string): Promise<void> {
  const s = db.schema.withSchema(schema);
  await s
    .createTable('accounts')
    .addColumn('id', 'uuid', (c) => c.primaryKey())
    .addColumn('name', 'text', (c) => c.notNull())
    .addColumn('timezone', 'text', (c) => c.notNull())
    .addColumn('settings', 'jsonb', (c) => c.notNull())
    .addColumn('created_at', 'timestamptz', (c) => c.notNull())
    .addColumn('updated_at', 'timestamptz', (c) => c.notNull())
    .execute();
  await s
    .createTable('users')
    .$call(recordKeyColumns)
    .addColumn('name', 'text', (c) => c.notNull())
    .addColumn('email', 'text', (c) => c.notNull())
    .addColumn('permissions', 'jsonb', (c) => c.notNull())
    .addColumn('location_id', 'text')
    .addColumn('active', 'boolean', (c) => c.notNull())
    .addColumn('deleted', 'boolean', (c) => c.notNull().defaultTo(false))
    .addColumn('created_at', 'timestamptz', (c) => c.notNull())
    .addColumn('updated_at', 'timestamptz', (c) => c.notNull())
    .execute();
  await s.createIndex('users_account_idx').on('users').columns(['account_id', 'id']).execute();
  await s
    .createTable('api_keys')
    .$call(recordKeyColumns)
    .addColumn('user_id', 'uuid', (c) => c.notNull())
    .addColumn('name', 'text')
    .addColumn('scopes', 'jsonb', (c) => c.notNull())
    .addColumn('prefix', 'text', (c) => c.notNull())
    .addColumn('key_hash', KEY_TEXT, (c) => c.notNull())
    .addColumn('expires_at', 'timestamptz')
    .addColumn('revoked_at', 'timestamptz')
    .addColumn('created_at', 'timestamptz', (c) => c.notNull())
    .execute();
  await s.createIndex('api_keys_key_hash_idx').on('api_keys').column('key_hash').unique().execute();
  await s.createIndex('api_keys_user_idx').on('api_keys').columns(['user_id', 'created_at', 'id']).execute();
}

async function applyOne(trx: Transaction<any>, event: RecordedEvent, schema: string): Promise<void> {
  const { type, data: d } = domainEvent(event);
  const id = recordIdOf(event);
  const table = (name: string) => trx.withSchema(schema).updateTable(name).where('id', '=', id);
  switch (type) {
    case 'AccountOpened':
      await trx
        .withSchema(schema)
        .insertInto('accounts')
        .values({
          id,
          name: d.name,
          timezone: d.timezone,
          settings: JSON.stringify(d.settings),
          created_at: d.created_at,
          updated_at: d.created_at,
        })
        .execute();
      return;
    case 'AccountRenamed':
      await table('accounts').set({ name: d.name, updated_at: d.updated_at }).execute();
      return;
    case 'AccountTimezoneChanged':
      await table('accounts').set({ timezone: d.timezone, updated_at: d.updated_at }).execute();
      return;
    case 'AccountSettingsChanged':
      await table('accounts')
        .set({ settings: sql`settings || ${JSON.stringify(d.settings)}::jsonb`, updated_at: d.updated_at })
        .execute();
      return;
    case 'UserCreated':
      await trx
        .withSchema(schema)
        .insertInto('users')
        .values({
          id,
          account_id: d.account_id,
          name: d.name,
          email: d.email,
          permissions: JSON.stringify(d.permissions),
          location_id: d.location_id,
          active: true,
          created_at: d.created_at,
          updated_at: d.created_at,
        })
        .execute();
      return;
    case 'UserProfileChanged':
      await table('users').set(profileChanges(d)).execute();
      return;
    case 'UserPermissionsChanged':
      await table('users')
        .set({ permissions: JSON.stringify(d.permissions), updated_at: d.updated_at })
        .execute();
      return;
    case 'UserLocationChanged':
      await table('users').set({ location_id: d.location_id, updated_at: d.updated_at }).execute();
      return;
    case 'UserDeactivated':
    case 'UserReactivated':
      await table('users')
        .set({ active: type === 'UserReactivated', updated_at: d.updated_at })
        .execute();
      return;
    case 'UserDeleted':
      await table('users').set({ deleted: true, active: false, updated_at: d.deleted_at }).execute();
      return;
    case 'ApiKeyCreated':
      await trx
        .withSchema(schema)
        .insertInto('api_keys')
        .values({
          id,
          account_id: d.account_id,
          user_id: d.user_id,
          name: d.name,
          scopes: JSON.stringify(d.scopes),
          prefix: d.prefix,
          key_hash: d.key_hash,
          expires_at: d.expires_at,
          created_at: d.created_at,
        })
        .execute();
      return;
    case 'ApiKeyRevoked':
      await table('api_keys').set({ revoked_at: d.revoked_at }).execute();
      return;
  }
}

function profileChanges(d: EventDataOf<'UserProfileChanged'>): Record<string, unknown> {
  const changes: Record<string, unknown> = { updated_at: d.updated_at };
  if (d.name !== undefined) changes.name = d.name;
  if (d.email !== undefined) changes.email = d.email;
  return changes;
}
