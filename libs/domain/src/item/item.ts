import type { AggregateDefinition } from '@app/event-store';
import { ItemEvent } from './events';
import { evolveItem, initialItemState } from './evolve';
import { ItemState } from './state';

/** Streams `item-<uuid>`; photos (`itemGallery-`) and variations (`itemVariation-`) have their own. */
export const itemAggregate: AggregateDefinition<ItemState, ItemEvent> = {
  streamPrefix: 'item',
  initialState: initialItemState,
  evolve: evolveItem,
  // 2: `invoice_id` (a unique item's unit held by an invoice).
  snapshotVersion: 2,
};
