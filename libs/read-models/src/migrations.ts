/* eslint-disable @typescript-eslint/no-explicit-any */
import { Kysely, Migration, Migrator, sql } from 'kysely';

/** The runtime's own bookkeeping, kept apart from the event store's `event_store_migration`. */
export const READ_MODEL_MIGRATION_TABLE = 'read_model_migration';
export const READ_MODEL_MIGRATION_LOCK_TABLE = 'read_model_migration_lock';

const migrations: Record<string, Migration> = {
  '0001_projection_checkpoint': {
    async up(db: Kysely<any>) {
      // A null position means the projector has processed nothing yet.
      await db.schema
        .createTable('projection_checkpoint')
        .addColumn('projector', 'text', (c) => c.primaryKey())
        .addColumn('commit_position', 'bigint')
        .addColumn('prepare_position', 'bigint')
        .addColumn('version', 'integer', (c) => c.notNull())
        .addColumn('updated_at', 'timestamptz', (c) => c.notNull().defaultTo(sql`now()`))
        .execute();
    },
  },
};

/** Brings the runtime's tables up to date; safe to call at every start and from several processes. */
export async function migrateReadModels(db: Kysely<any>): Promise<void> {
  const migrator = new Migrator({
    db,
    provider: { getMigrations: async () => migrations },
    migrationTableName: READ_MODEL_MIGRATION_TABLE,
    migrationLockTableName: READ_MODEL_MIGRATION_LOCK_TABLE,
  });
  const { error, results } = await migrator.migrateToLatest();
  if (error) {
    const failed = results?.find((r) => r.status === 'Error')?.migrationName;
    throw new Error(`Read-model migration ${failed ?? ''} failed: ${String(error)}`, { cause: error });
  }
}
