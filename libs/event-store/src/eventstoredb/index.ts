export { EventStoreDbEventStore } from './eventstoredb-event-store';
export { toClientConnectionString } from './connection-string';
