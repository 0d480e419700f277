import { RecordState } from '../shared/record-state';

/** EXTENSIONS.md §5: 26 pending, 27 in transit, 28 transferred. */
export const STOCK_TRANSFER_STATUS = { pending: 26, in_transit: 27, transferred: 28 } as const;
export type StockTransferStatusId = (typeof STOCK_TRANSFER_STATUS)[keyof typeof STOCK_TRANSFER_STATUS];

export const STOCK_TRANSFER_STATUS_NAMES: Record<StockTransferStatusId, string> = {
  26: 'Pending',
  27: 'In Transit',
  28: 'Transferred',
};

/**
 * A transfer line: an item (and, for an item with variations, its variation's row at the origin
 * and the same variation's row at the destination), a positive quantity as a decimal string (1 for
 * a unique item), and what it copied from the item when stored.
 */
export type StockTransferLine = {
  id: string;
  item_id: string;
  variation_id: string | null;
  item_variation_location_id: number | null;
  destination_item_variation_location_id: number | null;
  name: string;
  description: string | null;
  variation: string | null;
  variation_values: Record<string, string>;
  quantity: string;
  unit_id: number | null;
  unique: boolean;
};

/** The header fields a PATCH may change. */
export type StockTransferHeader = {
  issue_date: string;
  estimated_arrival_date: string | null;
  shipping_provider: string | null;
  shipping_tracking_code: string | null;
};

export type StockTransferRecord = StockTransferHeader & {
  id: string;
  account_id: string;
  stock_transfer_number: number;
  assigned_user_id: string | null;
  status_id: StockTransferStatusId;
  origin_location_id: string;
  destination_location_id: string;
  date_sent: string | null;
  date_received: string | null;
  lines: StockTransferLine[];
  created_at: string;
  updated_at: string;
};

export type StockTransferState = RecordState<StockTransferRecord>;
