import Decimal from 'decimal.js';
import { STOCK_TRANSFER_STATUS_NAMES, StockTransferLine, StockTransferRecord } from './state';

/** Location names by id, read live (a transfer stores only the ids). */
export type LocationNames = ReadonlyMap<string, string>;

export function stockTransferSummaryView(transfer: StockTransferRecord, names: LocationNames) {
  const location = (id: string) => ({ id, name: names.get(id) ?? null });
  return {
    id: transfer.id,
    object: 'stock_transfer' as const,
    stock_transfer_number: transfer.stock_transfer_number,
    assigned_user_id: transfer.assigned_user_id,
    status_id: transfer.status_id,
    status: STOCK_TRANSFER_STATUS_NAMES[transfer.status_id] ?? null,
    origin_location: location(transfer.origin_location_id),
    destination_location: location(transfer.destination_location_id),
    issue_date: transfer.issue_date,
    estimated_arrival_date: transfer.estimated_arrival_date,
    date_sent: transfer.date_sent,
    date_received: transfer.date_received,
    shipping_provider: transfer.shipping_provider,
    shipping_tracking_code: transfer.shipping_tracking_code,
    created_at: transfer.created_at,
    updated_at: transfer.updated_at,
  };
}

/** The detail: the summary with its lines (no prices or costs), and the revision. */
export function stockTransferView(transfer: StockTransferRecord, revision: number, names: LocationNames) {
  return {
    ...stockTransferSummaryView(transfer, names),
    lines: transfer.lines.map(lineView),
    revision: `st_${revision}`,
  };
}

function lineView(line: StockTransferLine) {
  return {
    id: line.id,
    object: 'stock_transfer_line' as const,
    item_id: line.item_id,
    item_variation_location_id: line.item_variation_location_id,
    name: line.name,
    description: line.description,
    variation: line.variation,
    variation_values: { ...line.variation_values },
    quantity: new Decimal(line.quantity).toNumber(),
    unit_id: line.unit_id,
    thumbnail_url: null,
  };
}
