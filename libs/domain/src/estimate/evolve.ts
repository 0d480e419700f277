import { ABSENT, changeLive, createdRecord, markDeleted, updateLive } from '../shared/record-state';
import { EstimateEvent } from './events';
import { EstimateState } from './state';
import { changedDocument } from '../document/record';

export const initialEstimateState: EstimateState = ABSENT;

export function evolveEstimate(state: EstimateState, event: EstimateEvent): EstimateState {
  switch (event.type) {
    case 'EstimateCreated':
      return createdRecord(event.data);
    case 'EstimateUpdated':
      return changeLive(state, event.data.updated_at, (record) => changedDocument(record, event.data));
    case 'EstimateDeclined':
      return updateLive(state, (record) => ({
        ...record,
        status_id: event.data.status_id,
        updated_at: event.data.declined_at,
      }));
    case 'EstimateConverted':
      return updateLive(state, (record) => ({
        ...record,
        status_id: event.data.status_id,
        conversion: { target: event.data.target, document_id: event.data.document_id },
        updated_at: event.data.converted_at,
      }));
    case 'EstimateDeleted':
      return markDeleted(state);
    default:
      return state;
  }
}
