import { PostgresEventStore } from '@app/event-store/postgres/postgres-event-store';
import { Database } from '@app/read-models';
import { openFreshPostgres } from '@app/read-models/testing/test-databases';
import { openDatabase } from '@app/read-models';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';

export interface BenchTarget {
  name: 'pglite' | 'postgres';
  database: Database;
  store: PostgresEventStore;
}

/**
 * The targets of a run among `names`: PGlite (on a temporary data directory), PostgreSQL on a fresh
 * database when DATABASE_URL is set.
 */
export async function* benchTargets(names: ReadonlySet<string>): AsyncGenerator<BenchTarget> {
  if (names.has('pglite')) yield await target('pglite', await openPgliteTarget());
  const url = process.env.DATABASE_URL;
  if (url && names.has('postgres')) yield await target('postgres', await openFreshPostgres(url, 40));
}

async function target(name: BenchTarget['name'], database: Database): Promise<BenchTarget> {
  return { name, database, store: await PostgresEventStore.open(database) };
}

/**
 * PGlite as the service runs it: on a data directory (DATA_DIR), here a temporary one removed at
 * the end. BENCH_PGLITE=memory: in memory instead (emscripten's MEMFS, whose growing files cost
 * a rebuild's inserts a tenth of their time, a cost the service does not pay).
 */
async function openPgliteTarget(): Promise<Database> {
  if (process.env.BENCH_PGLITE === 'memory') return openDatabase({});
  const dataDir = mkdtempSync(join(tmpdir(), 'bench-pglite-'));
  const database = await openDatabase({ dataDir });
  return {
    ...database,
    async close() {
      await database.close();
      rmSync(dataDir, { recursive: true, force: true });
    },
  };
}
