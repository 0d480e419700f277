import { ABSENT, updateLive } from '../shared/record-state';
import { VariationAttributeEvent } from './events';
import { VariationAttributeState } from './state';

export const initialVariationAttributeState: VariationAttributeState = ABSENT;

export function evolveVariationAttribute(
  state: VariationAttributeState,
  event: VariationAttributeEvent,
): VariationAttributeState {
  switch (event.type) {
    case 'VariationAttributeCreated':
      return { status: 'live', record: { ...event.data, updated_at: event.data.created_at } };
    case 'VariationAttributeUpdated':
      return updateLive(state, (record) => ({
        ...record,
        ...event.data.changes,
        updated_at: event.data.updated_at,
      }));
    default:
      return state;
  }
}
