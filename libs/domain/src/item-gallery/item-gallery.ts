import type { AggregateDefinition } from '@app/event-store';
import { ItemGalleryEvent } from './events';
import { evolveItemGallery, initialItemGalleryState } from './evolve';
import { ItemGalleryState } from './state';

/**
 * Streams `itemGallery-<item uuid>`: an item's photos apart from the item's own stream, so photo
 * work never conflicts with edits of the item.
 */
export const itemGalleryAggregate: AggregateDefinition<ItemGalleryState, ItemGalleryEvent> = {
  streamPrefix: 'itemGallery',
  initialState: initialItemGalleryState,
  evolve: evolveItemGallery,
};
