/* eslint-disable @typescript-eslint/no-explicit-any */
import { Kysely, Migration, sql } from 'kysely';
import { migrateToLatest } from '@app/event-store';

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
  '0002_advance_projection_checkpoint': {
    async up(db: Kysely<any>) {
      // A batch's checkpoint move: raises (and so aborts the batch's transaction) when the
      // checkpoint no longer stands where the batch began, which a pipelined batch needs, its
      // COMMIT being sent before the move's answer comes back (see pipeline.ts).
      await sql`create function advance_projection_checkpoint(
          p_projector text, p_version integer,
          p_from_commit bigint, p_from_prepare bigint, p_to_commit bigint, p_to_prepare bigint
        ) returns void language plpgsql as $$
        begin
          update projection_checkpoint
             set commit_position = p_to_commit, prepare_position = p_to_prepare, updated_at = now()
           where projector = p_projector and version = p_version
             and commit_position is not distinct from p_from_commit
             and prepare_position is not distinct from p_from_prepare;
          if not found then
            raise exception 'checkpoint of projector % moved', p_projector using errcode = '${sql.raw(CHECKPOINT_MOVED_SQLSTATE)}';
          end if;
        end $$`.execute(db);
    },
  },
  '0003_projection_failure': {
    async up(db: Kysely<any>) {
      // Why a projector stopped on an event, for every process and the CLI to see; cleared to
      // restart it (the process leading it watches for that).
      await db.schema.alterTable('projection_checkpoint').addColumn('failure', 'jsonb').execute();
    },
  },
};

/** What advance_projection_checkpoint raises when the checkpoint moved. */
export const CHECKPOINT_MOVED_SQLSTATE = 'RM001';

/** Brings the runtime's tables up to date; safe to call at every start and from several processes. */
export async function migrateReadModels(db: Kysely<any>): Promise<void> {
  const { error, results } = await migrateToLatest(db, migrations, {
    migrationTableName: READ_MODEL_MIGRATION_TABLE,
    migrationLockTableName: READ_MODEL_MIGRATION_LOCK_TABLE,
  });
  if (error) {
    const failed = results?.find((r) => r.status === 'Error')?.migrationName;
    throw new Error(`Read-model migration ${failed ?? ''} failed: ${String(error)}`, { cause: error });
  }
}
