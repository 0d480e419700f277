import type { AggregateDefinition } from '@app/event-store';
import { ItemCategoryEvent } from './events';
import { evolveItemCategory, initialItemCategoryState } from './evolve';
import { ItemCategoryState } from './state';

/** Streams `itemCategory-<uuid>`: one per category, its custom-field definitions included. */
export const itemCategoryAggregate: AggregateDefinition<ItemCategoryState, ItemCategoryEvent> = {
  streamPrefix: 'itemCategory',
  initialState: initialItemCategoryState,
  evolve: evolveItemCategory,
};
