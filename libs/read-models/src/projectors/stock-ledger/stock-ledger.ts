import { prepared, RecordedEvent } from '@app/event-store';
import { Kysely, sql, Transaction } from 'kysely';
import { Projector } from '../../projector';
import { insertRows } from '../../row-sets';
import { batchIds } from '../batch-rows';
import { documentOfStream, DOCUMENT_EVENTS, DocumentStock, itemsOf } from './document-stock';
import { createLedgerTables } from './ledger-tables';
import { Balance, ledgerEntries, LedgerState } from './ledger-entries';
import { newStockPlaces, StockPlaces, StockRow, stockRow } from './stock-places';
import { domainEvent } from '../domain-events';

/* eslint-disable @typescript-eslint/no-explicit-any */

/**
 * The stock ledger, for auditors (docs/inventory.md, The stock ledger): one row per movement per
 * item, variation row and location, with the change to each bucket of `inventory_quantities`, the
 * row's on-hand after it, its source and its event. Summed per row, the ledger is
 * `inventory_quantities` (its property test proves it on random histories).
 *
 * Before a batch, `prepare` loads what the ledger kept of the documents and items it names (their
 * counted lines, the item locations and variation rows, the rows' on-hand); apply folds the events
 * in log order (ledger-entries.ts) and writes the entries and that state back, set-based, writes
 * only: its batch goes in one round trip with the others' (`writesOnly`).
 */
export const stockLedgerProjector: Projector = {
  name: 'stock_ledger',
  version: 2,
  tables: ['stock_ledger', 'stock_ledger_documents', 'stock_ledger_places', 'stock_ledger_balances'],
  handles: [
    'StockAdjusted',
    'ItemCreated',
    'ItemUpdated',
    'ItemVariationCreated',
    'ItemVariationLocationAdded',
    ...DOCUMENT_EVENTS,
  ],
  writesOnly: true,
  // For auditors, and the slowest to keep: writes do not wait for it, its endpoint does.
  awaitedOnRead: true,
  setup: createLedgerTables,
  prepare: (db, events, schema, memo) => loadState(db, schema, events, memo),
  async apply(trx, events, schema, prepared) {
    const loaded = (prepared as Loaded | undefined) ?? (await loadState(trx, schema, events));
    const { state, items, memo } = loaded;
    const entries = ledgerEntries(state, events);
    await writeState(trx, schema, state, loaded.stored);
    if (memo) remember(memo, state, items);
    if (entries.length === 0) return;
    await insertRows(trx, schema, 'stock_ledger', LEDGER_COLUMNS, entries);
  },
};

/** Its entries' columns: a plain insert (insertRows), so a rebuild loads them by COPY. */
const LEDGER_COLUMNS = {
  event_id: 'text',
  entry: 'integer',
  account_id: 'uuid',
  item_id: 'uuid',
  variation_id: 'uuid',
  item_variation_location_id: 'integer',
  location_id: 'uuid',
  row_key: 'text',
  on_hand: 'numeric',
  reserved: 'numeric',
  incoming: 'numeric',
  in_transit: 'numeric',
  estimates: 'numeric',
  on_hand_after: 'numeric',
  source_type: 'text',
  source_id: 'uuid',
  source_number: 'integer',
  source_line_id: 'text',
  reason: 'text',
  stream_id: 'text',
  revision: 'integer',
  event_type: 'text',
  commit_position: 'bigint',
  prepare_position: 'bigint',
  user_id: 'uuid',
  api_key_id: 'uuid',
  idempotency_key: 'text',
  recorded_at: 'timestamptz',
};

const ids = (values: Iterable<string>) => batchIds([...new Set(values)]);

/** The batch's state, the items loaded whole into it, and the loop's memo (see remember). */
interface Loaded {
  state: LedgerState;
  items: ReadonlySet<string>;
  memo?: Map<string, unknown>;
  /** The places and balances as loaded (see placesAndBalances): only those the batch changes are written back. */
  stored: ReadonlyMap<string, string>;
}

/** An item as the ledger left it: its location (undefined: never seen), variation rows and balances. */
interface ItemPlaces {
  location: string | null | undefined;
  rows: [string, StockRow][];
  balances: [string, Balance][];
}

/** Past this many documents and items, the memo starts over (it is only a cache of the tables). */
const MEMO_LIMIT = 20_000;

/**
 * The documents and items the batch names, as the ledger left them: from the loop's memo of what
 * it committed (see Projector.prepare), else from its tables. Under load most batches name
 * documents and items the previous ones wrote, and the two reads cost each batch two round trips.
 */
async function loadState(
  trx: Kysely<any>,
  schema: string,
  events: readonly RecordedEvent[],
  memo?: Map<string, unknown>,
): Promise<Loaded> {
  if (memo && memo.size > MEMO_LIMIT) memo.clear();
  const documentIds = new Set<string>();
  // A document whose stream begins in this batch has nothing stored yet: no read for it.
  const begun = new Set<string>();
  for (const event of events) {
    const document = documentOfStream(event.streamId);
    if (document) documentIds.add(document.id);
    if (document && event.revision === 0) begun.add(document.id);
    const { type, data: d } = domainEvent(event);
    if (type === 'StockAdjusted' && typeof d.stock_transfer_id === 'string')
      documentIds.add(d.stock_transfer_id);
  }
  const documents = new Map<string, DocumentStock>();
  const unknownDocuments = new Set<string>();
  for (const id of documentIds) {
    const known = memo?.get(`document:${id}`) as DocumentStock | undefined;
    if (known) documents.set(id, structuredClone(known));
    else if (!begun.has(id)) unknownDocuments.add(id);
  }
  if (unknownDocuments.size > 0) {
    const { rows } = await sql<{ document_id: string; state: DocumentStock }>`select document_id, state
      from ${sql.table(`${schema}.stock_ledger_documents`)} where document_id in ${ids(unknownDocuments)}`.execute(
      trx,
    );
    for (const row of rows) documents.set(row.document_id, row.state);
  }

  const itemIds = new Set<string>();
  for (const event of events) {
    const { type, data: d } = domainEvent(event);
    if (type === 'ItemCreated') itemIds.add(d.id);
    if (type === 'ItemUpdated') itemIds.add(event.streamId.slice('item-'.length));
    if ('item_id' in d && typeof d.item_id === 'string') itemIds.add(d.item_id);
    const document = documentOfStream(event.streamId);
    for (const id of itemsOf(document && documents.get(document.id), event)) itemIds.add(id);
  }
  const places: StockPlaces = newStockPlaces();
  const balances = new Map<string, Balance>();
  const unknownItems = new Set<string>();
  for (const id of itemIds) {
    const known = memo?.get(`item:${id}`) as ItemPlaces | undefined;
    if (!known) unknownItems.add(id);
    else {
      if (known.location !== undefined) places.items.set(id, known.location);
      for (const [key, row] of known.rows) places.rows.set(key, { ...row });
      for (const [key, balance] of known.balances) balances.set(key, { ...balance });
    }
  }
  if (unknownItems.size > 0) {
    // Two reads at once: a batch's wait for the read models is in every write's answer.
    const [{ rows: placeRows }, { rows: balanceRows }] = await Promise.all([
      sql<any>`select * from ${sql.table(`${schema}.stock_ledger_places`)}
        where item_id in ${ids(unknownItems)}`.execute(trx),
      sql<any>`select row_key, item_id, adjusted::text, on_hand::text
        from ${sql.table(`${schema}.stock_ledger_balances`)} where item_id in ${ids(unknownItems)}`.execute(
        trx,
      ),
    ]);
    for (const p of placeRows) {
      if (p.place_key === p.item_id) places.items.set(p.item_id, p.location_id);
      else
        places.rows.set(
          p.place_key,
          stockRow(p.item_id, p.variation_id, p.location_id, p.item_variation_location_id),
        );
    }
    for (const b of balanceRows)
      balances.set(b.row_key, { item_id: b.item_id, adjusted: b.adjusted, on_hand: b.on_hand });
  }
  const state = { places, documents, balances };
  return { state, items: itemIds, memo, stored: placesAndBalances(state) };
}

/**
 * Each place and balance of the state, by kind and key, as its JSON: compared after the batch,
 * those unchanged need no write (a document's lines move no place, and only on-hand moves a
 * balance: an estimate's or an order's create writes neither back).
 */
function placesAndBalances({ places, balances }: LedgerState): Map<string, string> {
  const json = new Map<string, string>();
  for (const [id, location] of places.items) json.set(`item:${id}`, JSON.stringify(location));
  for (const [key, row] of places.rows) json.set(`row:${key}`, JSON.stringify(row));
  for (const [key, balance] of balances) json.set(`balance:${key}`, JSON.stringify(balance));
  return json;
}

/**
 * Keeps what the batch leaves of its documents and of the items it loaded whole, for the next
 * batches (which copy what they take: a batch changes its state in place). The loop empties the memo whenever its tables may hold anything else (a failed commit,
 * a restart, a reload), so the memo only ever holds what is committed.
 */
function remember(memo: Map<string, unknown>, state: LedgerState, items: ReadonlySet<string>): void {
  for (const [id, document] of state.documents) memo.set(`document:${id}`, document);
  const byItem = new Map<string, ItemPlaces>();
  for (const id of items) byItem.set(id, { location: state.places.items.get(id), rows: [], balances: [] });
  for (const [key, row] of state.places.rows) byItem.get(row.item_id)?.rows.push([key, row]);
  for (const [key, balance] of state.balances) byItem.get(balance.item_id)?.balances.push([key, balance]);
  for (const [id, item] of byItem) memo.set(`item:${id}`, item);
}

/**
 * Stores what the batch left: the documents, and the places and balances it made or changed. Each
 * statement's text is fixed (its rows one jsonb parameter): prepared once per session.
 */
async function writeState(
  trx: Transaction<any>,
  schema: string,
  state: LedgerState,
  stored: ReadonlyMap<string, string>,
): Promise<void> {
  const changed = (key: string, value: unknown) => stored.get(key) !== JSON.stringify(value);
  const documents = [...state.documents.values()].map((state) => ({
    document_id: state.id,
    kind: state.kind,
    state,
  }));
  if (documents.length > 0)
    await sql`${prepared}insert into ${sql.table(`${schema}.stock_ledger_documents`)} as t (document_id, kind, state)
      select document_id, kind, state from jsonb_to_recordset(${JSON.stringify(documents)}::jsonb)
        as r(document_id uuid, kind text, state jsonb)
      on conflict (document_id) do update set state = excluded.state`.execute(trx);
  const places = [
    ...[...state.places.items]
      .filter(([item_id, location_id]) => changed(`item:${item_id}`, location_id))
      .map(([item_id, location_id]) => ({
        place_key: item_id,
        item_id,
        variation_id: null,
        item_variation_location_id: null,
        location_id,
      })),
    ...[...state.places.rows]
      .filter(([place_key, row]) => changed(`row:${place_key}`, row))
      .map(([place_key, row]) => ({ ...row, place_key })),
  ];
  if (places.length > 0)
    await sql`${prepared}insert into ${sql.table(`${schema}.stock_ledger_places`)} as t (place_key, item_id, variation_id,
        item_variation_location_id, location_id)
      select place_key, item_id, variation_id, item_variation_location_id, location_id
      from jsonb_to_recordset(${JSON.stringify(places)}::jsonb) as r(place_key text, item_id uuid,
        variation_id uuid, item_variation_location_id integer, location_id uuid)
      on conflict (place_key) do update set variation_id = excluded.variation_id,
        item_variation_location_id = excluded.item_variation_location_id,
        location_id = excluded.location_id`.execute(trx);
  const balances = [...state.balances]
    .filter(([row_key, balance]) => changed(`balance:${row_key}`, balance))
    .map(([row_key, balance]) => ({ row_key, ...balance }));
  if (balances.length > 0)
    await sql`${prepared}insert into ${sql.table(`${schema}.stock_ledger_balances`)} as t (row_key, item_id, adjusted, on_hand)
      select row_key, item_id, adjusted, on_hand from jsonb_to_recordset(${JSON.stringify(balances)}::jsonb)
        as r(row_key text, item_id uuid, adjusted numeric, on_hand numeric)
      on conflict (row_key) do update set adjusted = excluded.adjusted, on_hand = excluded.on_hand`.execute(
      trx,
    );
}
