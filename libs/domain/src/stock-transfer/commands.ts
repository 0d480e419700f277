import { NumberedCreate } from '../document/numbered';

/** Values as the client sent them; the domain checks each. */
export type StockTransferInput = {
  origin_location_id?: unknown;
  destination_location_id?: unknown;
  issue_date?: unknown;
  estimated_arrival_date?: unknown;
  shipping_provider?: unknown;
  shipping_tracking_code?: unknown;
  lines?: unknown;
  [field: string]: unknown;
};

/** `stock_transfer_number` is 0 while deciding. */
export type CreateStockTransfer = NumberedCreate<
  'CreateStockTransfer',
  'stock_transfer_number',
  StockTransferInput
>;
export type UpdateStockTransfer = { type: 'UpdateStockTransfer'; input: StockTransferInput };
/** Optional body: `date_sent`, `estimated_arrival_date`, `shipping_provider`, `shipping_tracking_code`. */
export type SendStockTransfer = { type: 'SendStockTransfer'; input: StockTransferInput };
/** Optional body: `date_received`, `estimated_arrival_date`, `shipping_provider`, `shipping_tracking_code`. */
export type ReceiveStockTransfer = { type: 'ReceiveStockTransfer'; input: StockTransferInput };
export type DeleteStockTransfer = { type: 'DeleteStockTransfer' };

export type StockTransferCommand =
  CreateStockTransfer | UpdateStockTransfer | SendStockTransfer | ReceiveStockTransfer | DeleteStockTransfer;
