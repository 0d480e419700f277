import { ABSENT, createdRecord, withChanges } from '../shared/record-state';
import { VariationAttributeEvent } from './events';
import { VariationAttributeState } from './state';

export const initialVariationAttributeState: VariationAttributeState = ABSENT;

export function evolveVariationAttribute(
  state: VariationAttributeState,
  event: VariationAttributeEvent,
): VariationAttributeState {
  switch (event.type) {
    case 'VariationAttributeCreated':
      return createdRecord(event.data);
    case 'VariationAttributeUpdated':
      return withChanges(state, event.data);
    default:
      return state;
  }
}
