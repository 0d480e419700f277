import { ABSENT, markDeleted, updateLive } from '../shared/record-state';
import { ItemCategoryEvent } from './events';
import { ItemCategoryState } from './state';

export const initialItemCategoryState: ItemCategoryState = ABSENT;

export function evolveItemCategory(state: ItemCategoryState, event: ItemCategoryEvent): ItemCategoryState {
  switch (event.type) {
    case 'ItemCategoryCreated':
      return { status: 'live', record: { ...event.data, updated_at: event.data.created_at } };
    case 'ItemCategoryUpdated':
      return updateLive(state, (record) => ({
        ...record,
        ...event.data.changes,
        updated_at: event.data.updated_at,
      }));
    case 'ItemCategoryDeleted':
      return markDeleted(state);
    default:
      return state;
  }
}
