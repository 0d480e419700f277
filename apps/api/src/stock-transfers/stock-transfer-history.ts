import {
  StockTransferEvent,
  stockTransferAggregate,
  StockTransferRecord,
  stockTransferView,
} from '@app/domain';
import { HistoryDeclaration } from '../history';

/**
 * The event history of stock transfers (EXTENSIONS.md §8), and a transfer as of a revision. A past
 * view shows the locations' names as unknown (live values, not the transfer's). Revisions and ETags
 * carry `st_`.
 */
export const STOCK_TRANSFER_HISTORY: HistoryDeclaration<StockTransferRecord, StockTransferEvent> = {
  path: 'stock-transfers',
  aggregate: stockTransferAggregate,
  scopes: ['stock_transfers:read'],
  permission: 'inventory.manage',
  visible: (record, actor) => record.account_id === actor.accountId,
  view: (record, revision) => stockTransferView(record, revision, new Map()),
  etagPrefix: 'st_',
};
