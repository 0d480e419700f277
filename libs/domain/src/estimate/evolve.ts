import { changedDocument } from '../document/record';
import { evolver } from '../shared/evolver';
import { ABSENT, changeLive, createdRecord, markDeleted } from '../shared/record-state';
import { EstimateEvent } from './events';
import { EstimateState } from './state';

export const initialEstimateState: EstimateState = ABSENT;

export const evolveEstimate = evolver<EstimateState, EstimateEvent>({
  EstimateCreated: (_, data) => createdRecord(data),
  EstimateUpdated: (state, data) =>
    changeLive(state, data.updated_at, (record) => changedDocument(record, data)),
  EstimateDeclined: (state, data) =>
    changeLive(state, data.declined_at, (record) => ({ ...record, status_id: data.status_id })),
  EstimateExpired: (state, data) =>
    changeLive(state, data.expired_at, (record) => ({ ...record, status_id: data.status_id })),
  EstimateConverted: (state, data) =>
    changeLive(state, data.converted_at, (record) => ({
      ...record,
      status_id: data.status_id,
      conversion: { target: data.target, document_id: data.document_id },
    })),
  EstimateDeleted: markDeleted,
});
