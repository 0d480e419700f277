/* eslint-disable @typescript-eslint/no-explicit-any -- the app's database has other tables too */
import { Kysely, Migration } from 'kysely';
import { migrateToLatest } from '@app/event-store';

/**
 * Brings tables the API keeps outside the read models (idempotency keys, webhooks' state) to the
 * latest of their own `migrations`, tracked in their own `table` and `table_lock` so a read-model
 * rebuild never touches them; `what` names them when a migration fails.
 */
export async function migrateOwnTables(
  db: Kysely<any>,
  migrations: Record<string, Migration>,
  { table, what }: { table: string; what: string },
): Promise<void> {
  const { error } = await migrateToLatest(db, migrations, {
    migrationTableName: table,
    migrationLockTableName: `${table}_lock`,
  });
  if (error) throw new Error(`${what} migration failed: ${String(error)}`, { cause: error });
}
