import { Kysely, Migration, sql } from 'kysely';
import { Database } from '@app/read-models';
import { testDatabases } from '@app/read-models/testing/test-databases';
import { migrateToLatest } from './migrate-to-latest';

const TABLES = { migrationTableName: 'demo_migration', migrationLockTableName: 'demo_migration_lock' };

/** A migration that adds one table, named after the migration. */
function creating(table: string): Migration {
  return {
    async up(db: Kysely<unknown>) {
      await db.schema.createTable(table).addColumn('id', 'integer').execute();
    },
  };
}

async function tables(database: Database): Promise<string[]> {
  const { rows } = await sql<{ name: string }>`select table_name as name from information_schema.tables
    where table_schema = 'public' and table_name like 'demo%' order by 1`.execute(database.db);
  return rows.map((row) => row.name);
}

describe.each(testDatabases())('migrateToLatest on $name', ({ open }) => {
  let database: Database;
  beforeEach(async () => (database = await open()));
  afterEach(() => database.close());

  it('migrates a new database, as kysely’s Migrator does', async () => {
    const { error, results } = await migrateToLatest(database.db, { demo_a: creating('demo_a') }, TABLES);
    expect(error).toBeUndefined();
    expect(results?.map((r) => [r.migrationName, r.status])).toEqual([['demo_a', 'Success']]);
    expect(await tables(database)).toEqual(['demo_a', 'demo_migration', 'demo_migration_lock']);
  });

  it('leaves a current schema alone, without the Migrator’s lock table', async () => {
    await migrateToLatest(database.db, { demo_a: creating('demo_a') }, TABLES);
    // The Migrator would create its lock table again: a skipped run does not.
    await sql`drop table demo_migration_lock`.execute(database.db);
    const { error, results } = await migrateToLatest(database.db, { demo_a: creating('demo_a') }, TABLES);
    expect(error).toBeUndefined();
    expect(results).toEqual([]);
    expect(await tables(database)).toEqual(['demo_a', 'demo_migration']);
  });

  it('applies a migration the table does not list yet', async () => {
    await migrateToLatest(database.db, { demo_a: creating('demo_a') }, TABLES);
    const both = { demo_a: creating('demo_a'), demo_b: creating('demo_b') };
    const { error, results } = await migrateToLatest(database.db, both, TABLES);
    expect(error).toBeUndefined();
    expect(results?.map((r) => [r.migrationName, r.status])).toEqual([['demo_b', 'Success']]);
    expect(await tables(database)).toContain('demo_b');
  });

  it('reports an applied migration the code does not know, as the Migrator does', async () => {
    await migrateToLatest(database.db, { demo_a: creating('demo_a'), demo_b: creating('demo_b') }, TABLES);
    const { error } = await migrateToLatest(database.db, { demo_a: creating('demo_a') }, TABLES);
    expect(String(error)).toMatch(/demo_b/);
  });
});
