/* eslint-disable @typescript-eslint/no-explicit-any -- any database holding the migration table */
import { Kysely, Migration, MigrationResultSet, Migrator, sql } from 'kysely';

/** Where a set of migrations is tracked: kysely's `migrationTableName` and `migrationLockTableName`. */
export interface MigrationTables {
  migrationTableName: string;
  migrationLockTableName: string;
}

/**
 * kysely's `Migrator.migrateToLatest`, skipped when the table already lists exactly these
 * migrations: a current schema then costs one cheap query rather than the Migrator's catalog
 * introspection, lock table and advisory lock (some 15 statements per set, at every start). A name
 * is recorded in the transaction of its migration, so a listed one is done. Anything else (no table
 * yet, a migration missing or unknown, the query failing) goes to the Migrator, which migrates or
 * reports as it always has.
 */
export async function migrateToLatest(
  db: Kysely<any>,
  migrations: Record<string, Migration>,
  tables: MigrationTables,
): Promise<MigrationResultSet> {
  if (await allApplied(db, tables.migrationTableName, Object.keys(migrations))) return { results: [] };
  const migrator = new Migrator({ db, provider: { getMigrations: async () => migrations }, ...tables });
  return migrator.migrateToLatest();
}

async function allApplied(db: Kysely<any>, table: string, names: string[]): Promise<boolean> {
  // On a new database the table is missing: the query fails and the Migrator creates it.
  const applied = await sql<{ name: string }>`select name from ${sql.table(table)}`
    .execute(db)
    .then(({ rows }) => rows.map((row) => row.name))
    .catch(() => undefined);
  if (!applied || applied.length !== names.length) return false;
  const known = new Set(names);
  return applied.every((name) => known.has(name));
}
