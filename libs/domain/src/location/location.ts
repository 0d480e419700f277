import type { AggregateDefinition } from '@app/event-store';
import { LocationEvent } from './events';
import { evolveLocation, initialLocationState } from './evolve';
import { LocationState } from './state';

/** Streams `location-<uuid>`: a location and its zones, so zone writes see the location's state. */
export const locationAggregate: AggregateDefinition<LocationState, LocationEvent> = {
  streamPrefix: 'location',
  initialState: initialLocationState,
  evolve: evolveLocation,
};
