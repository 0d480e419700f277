import { RecordedEvent } from '@app/event-store';
import Decimal from 'decimal.js';
import {
  BUCKETS,
  Bucket,
  countedChanges,
  countedOf,
  StockDocumentType,
  documentOfStream,
  DocumentStock,
  newDocumentStock,
  nextDocumentStock,
} from './document-stock';
import { addVariationRow, StockPlaces, StockRow, stockRow } from './stock-places';
import { accountOf, domainEvent, RecordedDomainEvent } from '../domain-events';

/** One row of `stock_ledger`: a movement of one event on one row (and document line). */
export interface LedgerEntry extends StockRow, Record<Bucket, string> {
  event_id: string;
  entry: number;
  account_id: string;
  on_hand_after: string;
  source_type: 'adjustment' | StockDocumentType;
  source_id: string | null;
  source_number: number | null;
  source_line_id: string | null;
  reason: string | null;
  stream_id: string;
  revision: number;
  event_type: string;
  commit_position: string;
  prepare_position: string;
  user_id: string | null;
  api_key_id: string | null;
  idempotency_key: string | null;
  recorded_at: string;
}

/** A row's on-hand as the ledger has counted it: `adjusted` is the last StockAdjusted's `on_hand_after`. */
export interface Balance {
  item_id: string;
  adjusted: string;
  on_hand: string;
}

/** What a batch works on: loaded for the items and documents it names, then changed in place. */
export interface LedgerState {
  places: StockPlaces;
  documents: Map<string, DocumentStock>;
  /** By row key. */
  balances: Map<string, Balance>;
}

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;
const uuidOrNull = (value: unknown) => (typeof value === 'string' && UUID.test(value) ? value : null);
const textOrNull = (value: unknown) => (typeof value === 'string' ? value : null);

/**
 * The ledger entries of `events` (in log order), moving `state` along: item locations and
 * variation rows, each document's count (document-stock.ts), each row's on-hand.
 */
export function ledgerEntries(state: LedgerState, events: readonly RecordedEvent[]): LedgerEntry[] {
  const entries: LedgerEntry[] = [];
  for (const event of events) {
    const e = domainEvent(event);
    const { type, data: d } = e;
    const streamVariation = event.streamId.startsWith('itemVariation-')
      ? event.streamId.slice('itemVariation-'.length)
      : null;
    switch (type) {
      case 'ItemCreated':
        state.places.items.set(d.id, d.location_id ?? null);
        continue;
      case 'ItemUpdated':
        if (d.changes && 'location_id' in d.changes)
          state.places.items.set(event.streamId.slice('item-'.length), d.changes.location_id ?? null);
        continue;
      case 'ItemVariationCreated':
        for (const row of d.locations)
          addVariationRow(
            state.places,
            stockRow(d.item_id, d.id, row.location_id, row.item_variation_location_id),
          );
        continue;
      case 'ItemVariationLocationAdded':
        addVariationRow(
          state.places,
          stockRow(d.item_id, streamVariation, d.location_id, d.item_variation_location_id),
        );
        continue;
      case 'StockAdjusted':
        entries.push(adjustmentEntry(state, e));
        continue;
    }
    const stream = documentOfStream(event.streamId);
    if (!stream) continue;
    const before = state.documents.get(stream.id) ?? newDocumentStock(stream.kind, stream.id);
    const after = nextDocumentStock(before, event, state.places);
    state.documents.set(stream.id, after);
    countedChanges(countedOf(before), countedOf(after)).forEach((change, n) => {
      const buckets = Object.fromEntries(BUCKETS.map((b) => [b, change.buckets[b] ?? '0'])) as Record<
        Bucket,
        string
      >;
      entries.push({
        ...eventColumns(event, n),
        ...change.row,
        ...buckets,
        on_hand_after: moveOnHand(state, change.row, buckets.on_hand),
        source_type: after.kind,
        source_id: after.id,
        source_number: after.number,
        source_line_id: change.line_id,
        reason: null,
      });
    });
  }
  return entries;
}

function adjustmentEntry(state: LedgerState, event: RecordedDomainEvent<'StockAdjusted'>): LedgerEntry {
  const d = event.data;
  const row = stockRow(
    d.item_id,
    d.variation_id ?? null,
    d.location_id,
    d.item_variation_location_id ?? null,
  );
  addVariationRow(state.places, row);
  const balance = balanceOf(state, row);
  const change = new Decimal(d.on_hand_after).minus(balance.adjusted).toFixed();
  balance.adjusted = new Decimal(d.on_hand_after).toFixed();
  const transfer = uuidOrNull(d.stock_transfer_id);
  const zero = '0';
  return {
    ...eventColumns(event, 0),
    ...row,
    on_hand: change,
    reserved: zero,
    incoming: zero,
    in_transit: zero,
    estimates: zero,
    on_hand_after: moveOnHand(state, row, change),
    source_type: transfer ? 'stock_transfer' : 'adjustment',
    source_id: transfer,
    source_number: transfer ? (state.documents.get(transfer)?.number ?? null) : null,
    source_line_id: null,
    reason: textOrNull(d.reason),
  };
}

function balanceOf(state: LedgerState, row: StockRow): Balance {
  const balance = state.balances.get(row.row_key) ?? { item_id: row.item_id, adjusted: '0', on_hand: '0' };
  state.balances.set(row.row_key, balance);
  return balance;
}

/** Adds `change` to the row's on-hand; the on-hand after it. */
function moveOnHand(state: LedgerState, row: StockRow, change: string): string {
  const balance = balanceOf(state, row);
  balance.on_hand = new Decimal(balance.on_hand).plus(change).toFixed();
  return balance.on_hand;
}

function eventColumns(event: RecordedEvent, entry: number) {
  return {
    event_id: event.id,
    entry,
    account_id: accountOf(domainEvent(event)),
    stream_id: event.streamId,
    revision: event.revision,
    event_type: event.type,
    commit_position: event.position.commit.toString(),
    prepare_position: event.position.prepare.toString(),
    user_id: uuidOrNull(event.metadata.user_id),
    api_key_id: uuidOrNull(event.metadata.api_key_id),
    idempotency_key: textOrNull(event.metadata.idempotency_key),
    recorded_at: event.recordedAt.toISOString(),
  };
}
