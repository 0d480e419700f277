import { RecordedEvent } from '@app/event-store';
import { Kysely, RawBuilder, sql, Transaction } from 'kysely';
import { batchIds, batchRows } from './batch-rows';
import { insertRecords, pendingAt, PendingRecord, pendingWrites, updateRecords } from './pending-records';
import { domainEvent, recordIdOf } from './domain-events';
import { Projector } from '../projector';

/* eslint-disable @typescript-eslint/no-explicit-any */

/**
 * Contacts as list rows (`contacts`, one per live contact; a deleted contact's row and links are
 * removed) and their links to customers, prospects and suppliers (`contact_links`, one row per link,
 * `position` keeping the order given). A link to a customer or supplier that is deleted later is
 * removed too: the table holds the links that still lead somewhere.
 *
 * A batch is folded in memory first and written with a few statements whatever its size.
 */
export const contactListsProjector: Projector = {
  name: 'contact_lists',
  version: 1,
  tables: ['contacts', 'contact_links'],
  writesOnly: true,
  handles: ['ContactCreated', 'ContactUpdated', 'ContactDeleted', 'CustomerDeleted', 'SupplierDeleted'],
  async setup(db, schema) {
    await createTables(db, schema);
  },
  async apply(trx, events, schema) {
    await writeBatch(trx, schema, foldBatch(events));
  },
};

type ColumnType = 'uuid' | 'text' | 'boolean' | 'integer' | 'timestamptz';

/** The contact's own fields: the columns an update may change. */
const FIELDS: readonly { name: string; type: ColumnType; notNull: boolean }[] = [
  { name: 'first_name', type: 'text', notNull: true },
  ...['last_name', 'job_title', 'phone', 'cell', 'fax', 'email_1', 'email_2'].map((name) => ({
    name,
    type: 'text' as const,
    notNull: false,
  })),
  { name: 'auto_add_email', type: 'boolean', notNull: true },
];

const COLUMNS = [
  { name: 'id', type: 'uuid', notNull: true },
  { name: 'account_id', type: 'uuid', notNull: true },
  ...FIELDS,
  { name: 'revision', type: 'integer', notNull: true },
  { name: 'created_at', type: 'timestamptz', notNull: true },
  { name: 'updated_at', type: 'timestamptz', notNull: true },
] as const;

async function createTables(db: Kysely<any>, schema: string): Promise<void> {
  let contacts = db.schema.withSchema(schema).createTable('contacts');
  for (const { name, type, notNull } of COLUMNS) {
    contacts = contacts.addColumn(name, sql.raw(type), (c) =>
      name === 'id' ? c.primaryKey() : notNull ? c.notNull() : c,
    );
  }
  await contacts.execute();
  await db.schema
    .withSchema(schema)
    .createTable('contact_links')
    .addColumn('contact_id', 'uuid', (c) => c.notNull())
    .addColumn('account_id', 'uuid', (c) => c.notNull())
    .addColumn('account_record_id', 'uuid', (c) => c.notNull())
    .addColumn('record_type', 'text', (c) => c.notNull())
    .addColumn('position', 'integer', (c) => c.notNull())
    .addPrimaryKeyConstraint('contact_links_pkey', ['contact_id', 'account_record_id'])
    .execute();
  const on = (table: string) => sql.table(`${schema}.${table}`);
  // The list, by first then last name.
  await sql`create index contacts_list_idx
    on ${on('contacts')} (account_id, lower(first_name), lower(last_name), id)`.execute(db);
  // The contacts of one customer, prospect or supplier (the list filter, visibility, record deletions).
  await sql`create index contact_links_record_idx
    on ${on('contact_links')} (account_record_id, contact_id)`.execute(db);
}

/** What a batch does to one contact, and to its links. */
interface Pending extends PendingRecord {
  /** The complete set of links when the batch set them (creation or replacement). */
  links?: { id: string; record_type: string }[];
}

interface Batch {
  contacts: Map<string, Pending>;
  /** Customers and suppliers deleted in the batch: links already stored to them go. */
  deletedRecords: string[];
}

function foldBatch(events: RecordedEvent[]): Batch {
  const batch: Batch = { contacts: new Map(), deletedRecords: [] };
  for (const event of events) {
    const id = recordIdOf(event);
    if (event.type === 'CustomerDeleted' || event.type === 'SupplierDeleted') {
      batch.deletedRecords.push(id);
      // Links set earlier in this batch lose it as well; links set later keep it, as the log says.
      for (const pending of batch.contacts.values()) {
        if (pending.links) pending.links = pending.links.filter((link) => link.id !== id);
      }
      continue;
    }
    batch.contacts.set(id, foldEvent(batch.contacts.get(id), id, event));
  }
  return batch;
}

function foldEvent(pending: Pending | undefined, id: string, event: RecordedEvent): Pending {
  const { type, data: d } = domainEvent(event);
  const next = pendingAt(pending, id, event.revision);
  switch (type) {
    case 'ContactCreated': {
      const { account_records, ...row } = d;
      return { ...next, created: row, changes: {}, links: account_records, updatedAt: d.created_at };
    }
    case 'ContactUpdated': {
      const { account_records, ...changes } = d.changes;
      return {
        ...next,
        changes: { ...next.changes, ...changes },
        links: account_records ?? next.links,
        updatedAt: d.updated_at,
      };
    }
    case 'ContactDeleted':
      return { ...next, deleted: true };
    default:
      return next;
  }
}

async function writeBatch(trx: Transaction<any>, schema: string, batch: Batch): Promise<void> {
  const contacts = sql.table(`${schema}.contacts`);
  const links = sql.table(`${schema}.contact_links`);
  const { inserts, updates, deletes } = pendingWrites(batch.contacts.values());
  const relinked: string[] = [];
  const newLinks: Record<string, unknown>[] = [];
  for (const p of batch.contacts.values()) {
    if (p.deleted || !p.links) continue;
    if (!p.created) relinked.push(p.id);
    p.links.forEach((link, position) =>
      newLinks.push({
        contact_id: p.id,
        account_record_id: link.id,
        record_type: link.record_type,
        position,
      }),
    );
  }
  if (batch.deletedRecords.length > 0) {
    await sql`delete from ${links} where account_record_id in ${batchIds(batch.deletedRecords)}`.execute(trx);
  }
  if (deletes.length > 0 || relinked.length > 0) {
    await sql`delete from ${links} where contact_id in ${batchIds([...deletes, ...relinked])}`.execute(trx);
  }
  if (deletes.length > 0) await sql`delete from ${contacts} where id in ${batchIds(deletes)}`.execute(trx);
  if (inserts.length > 0) await insertRecords(trx, contacts, COLUMNS, inserts);
  if (updates.length > 0) await updateRecords(trx, contacts, FIELDS, updates);
  if (newLinks.length > 0) await insertLinks(trx, links, contacts, newLinks);
}

/** Each link takes its contact's account from the contact's row (written just before). */
async function insertLinks(
  trx: Transaction<any>,
  target: RawBuilder<unknown>,
  contacts: RawBuilder<unknown>,
  rows: Record<string, unknown>[],
): Promise<void> {
  await sql`insert into ${target} (contact_id, account_id, account_record_id, record_type, position)
    select r.contact_id, c.account_id, r.account_record_id, r.record_type, r.position
    from ${batchRows(rows, 'contact_id uuid, account_record_id uuid, record_type text, position integer')} as r
    join ${contacts} c on c.id = r.contact_id`.execute(trx);
}
