import type { AggregateDefinition } from '@app/event-store';
import { EstimateEvent } from './events';
import { evolveEstimate, initialEstimateState } from './evolve';
import { EstimateState } from './state';

/** Streams `estimate-<uuid>`. */
export const estimateAggregate: AggregateDefinition<EstimateState, EstimateEvent> = {
  streamPrefix: 'estimate',
  initialState: initialEstimateState,
  evolve: evolveEstimate,
};
