import type { AggregateDefinition } from '@app/event-store';
import { StockTransferEvent } from './events';
import { evolveStockTransfer, initialStockTransferState } from './evolve';
import { StockTransferState } from './state';

/** Streams `stockTransfer-<uuid>`. */
export const stockTransferAggregate: AggregateDefinition<StockTransferState, StockTransferEvent> = {
  streamPrefix: 'stockTransfer',
  initialState: initialStockTransferState,
  evolve: evolveStockTransfer,
};
