import { ABSENT, markDeleted, updateLive } from '../shared/record-state';
import { EstimateEvent } from './events';
import { EstimateState } from './state';

export const initialEstimateState: EstimateState = ABSENT;

export function evolveEstimate(state: EstimateState, event: EstimateEvent): EstimateState {
  switch (event.type) {
    case 'EstimateCreated':
      return { status: 'live', record: { ...event.data, updated_at: event.data.created_at } };
    case 'EstimateUpdated':
      return updateLive(state, (record) => ({
        ...record,
        ...event.data.changes,
        lines: event.data.lines ?? record.lines,
        totals: event.data.totals ?? record.totals,
        updated_at: event.data.updated_at,
      }));
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
