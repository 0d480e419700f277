import { ABSENT, createdRecord, markDeleted, updateLive } from '../shared/record-state';
import { StockTransferEvent } from './events';
import { StockTransferState } from './state';

export const initialStockTransferState: StockTransferState = ABSENT;

export function evolveStockTransfer(
  state: StockTransferState,
  event: StockTransferEvent,
): StockTransferState {
  switch (event.type) {
    case 'StockTransferCreated':
      return createdRecord(event.data);
    case 'StockTransferUpdated': {
      const { changes, lines, updated_at } = event.data;
      // status_id records the state it was edited in: not a change of it.
      return updateLive(state, (t) => ({ ...t, ...changes, ...(lines ? { lines } : {}), updated_at }));
    }
    case 'StockTransferSent': {
      const { status_id, date_sent, changes, sent_at } = event.data; // lines: as they were
      return updateLive(state, (t) => ({ ...t, ...changes, status_id, date_sent, updated_at: sent_at }));
    }
    case 'StockTransferReceived': {
      const { status_id, date_received, changes, received_at } = event.data;
      return updateLive(state, (t) => ({
        ...t,
        ...changes,
        status_id,
        date_received,
        updated_at: received_at,
      }));
    }
    case 'StockTransferDeleted':
      return markDeleted(state);
    case 'StockTransferMovementVoided': // the revision moves on; nothing else does
    default:
      return state;
  }
}
