import { ABSENT, createdRecord, markDeleted, withChanges } from '../shared/record-state';
import { ItemCategoryEvent } from './events';
import { ItemCategoryState } from './state';

export const initialItemCategoryState: ItemCategoryState = ABSENT;

export function evolveItemCategory(state: ItemCategoryState, event: ItemCategoryEvent): ItemCategoryState {
  switch (event.type) {
    case 'ItemCategoryCreated':
      return createdRecord(event.data);
    case 'ItemCategoryUpdated':
      return withChanges(state, event.data);
    case 'ItemCategoryDeleted':
      return markDeleted(state);
    default:
      return state;
  }
}
