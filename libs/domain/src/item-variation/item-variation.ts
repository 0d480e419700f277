import type { AggregateDefinition } from '@app/event-store';
import { ItemVariationEvent } from './events';
import { evolveItemVariation, initialItemVariationState } from './evolve';
import { ItemVariationState } from './state';

/** Streams `itemVariation-<uuid>`: one variation of an item, with its location rows and their stock. */
export const itemVariationAggregate: AggregateDefinition<ItemVariationState, ItemVariationEvent> = {
  streamPrefix: 'itemVariation',
  initialState: initialItemVariationState,
  evolve: evolveItemVariation,
};
