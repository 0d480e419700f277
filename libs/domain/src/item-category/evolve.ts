import { evolver } from '../shared/evolver';
import { ABSENT, createdRecord, markDeleted, withChanges } from '../shared/record-state';
import { ItemCategoryEvent } from './events';
import { ItemCategoryState } from './state';

export const initialItemCategoryState: ItemCategoryState = ABSENT;

export const evolveItemCategory = evolver<ItemCategoryState, ItemCategoryEvent>({
  ItemCategoryCreated: (_, data) => createdRecord(data),
  ItemCategoryUpdated: withChanges,
  ItemCategoryDeleted: markDeleted,
});
