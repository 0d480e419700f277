export { PostgresEventStore } from './postgres-event-store';
export type { EventStoreDatabase, PostgresEventStoreOptions } from './postgres-event-store';
export { setupEventStore } from './schema';
export { VISIBLE_BOUND_SQL, visibleBound } from './global-log';
export { migrateToLatest } from './migrate-to-latest';
export type { MigrationTables } from './migrate-to-latest';
export { PREPARED_MARK, prepared } from './prepared';
export { ARRAY_ROWS_MARK } from './array-rows-mark';
