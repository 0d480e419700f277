import { evolver } from '../shared/evolver';
import { ABSENT, changeLive, createdRecord, markDeleted } from '../shared/record-state';
import { StockTransferEvent } from './events';
import { StockTransferState } from './state';

export const initialStockTransferState: StockTransferState = ABSENT;

// A movement voided moves the revision on, nothing else: it has no step.
export const evolveStockTransfer = evolver<StockTransferState, StockTransferEvent>({
  StockTransferCreated: (_, data) => createdRecord(data),
  // status_id records the state it was edited in: not a change of it.
  StockTransferUpdated: (state, { changes, lines, updated_at }) =>
    changeLive(state, updated_at, (t) => ({ ...t, ...changes, ...(lines ? { lines } : {}) })),
  // Sent and received keep the lines as they were.
  StockTransferSent: (state, { status_id, date_sent, changes, sent_at }) =>
    changeLive(state, sent_at, (t) => ({ ...t, ...changes, status_id, date_sent })),
  StockTransferReceived: (state, { status_id, date_received, changes, received_at }) =>
    changeLive(state, received_at, (t) => ({ ...t, ...changes, status_id, date_received })),
  StockTransferDeleted: markDeleted,
});
