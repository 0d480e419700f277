import type { AggregateDefinition } from '@app/event-store';
import { VariationAttributeEvent } from './events';
import { evolveVariationAttribute, initialVariationAttributeState } from './evolve';
import { VariationAttributeState } from './state';

/** Streams `variationAttribute-<uuid>`: one account attribute and its values. */
export const variationAttributeAggregate: AggregateDefinition<
  VariationAttributeState,
  VariationAttributeEvent
> = {
  streamPrefix: 'variationAttribute',
  initialState: initialVariationAttributeState,
  evolve: evolveVariationAttribute,
};
