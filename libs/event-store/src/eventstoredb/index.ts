export { EventStoreDbEventStore } from './eventstoredb-event-store';
export type { EventStoreDbOptions } from './eventstoredb-event-store';
export { toClientConnectionString, checkConnectionOptions } from './connection-string';
export { isEngineStream } from './engine-events';
export { consoleObserver } from './observer';
export type { EventStoreDbObserver, SkippedEvent, SkipReason, Resubscription } from './observer';
