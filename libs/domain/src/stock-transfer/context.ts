import { Clock } from '../shared/decision';

/** An item a line may name, as the handler found it in the caller's account (not archived). */
export type TransferItem = {
  id: string;
  name: string;
  description: string | null;
  inventory_type: 'quantity' | 'unique';
  unit_id: number | null;
  has_variations: boolean;
  /** The item's primary location; null when it has none (its stock is wherever adjustments put it). */
  location_id: string | null;
};

/** A variation row a line may name, with its variation's rows at every location. */
export type TransferRow = {
  item_variation_location_id: number;
  item_id: string;
  variation_id: string;
  location_id: string;
  /** Attribute label → value label. */
  values: Record<string, string>;
  /** The variation's rows: location id → item_variation_location_id. */
  rows: Record<string, number>;
};

/** What a transfer decision reads besides command and state; the handler looks it up. */
export type StockTransferContext = Clock & {
  accountId: string;
  userId: string | null;
  /** Today in the user's time zone. */
  today: string;
  /** The account's active location ids. */
  activeLocations: ReadonlySet<string>;
  items: ReadonlyMap<string, TransferItem>;
  rows: ReadonlyMap<number, TransferRow>;
  newLineId: () => string;
};
