import { PostgresEventStore } from '@app/event-store/postgres/postgres-event-store';
import { Database } from '@app/read-models';
import { openFreshPostgres } from '@app/read-models/testing/test-databases';
import { openDatabase } from '@app/read-models';

export interface BenchTarget {
  name: 'pglite' | 'postgres';
  database: Database;
  store: PostgresEventStore;
}

/** The targets of a run: PGlite always (in memory), PostgreSQL on a fresh database when DATABASE_URL is set. */
export async function* benchTargets(): AsyncGenerator<BenchTarget> {
  const pglite = await openDatabase({});
  yield await target('pglite', pglite);
  const url = process.env.DATABASE_URL;
  if (url) yield await target('postgres', await openFreshPostgres(url, 40));
}

async function target(name: BenchTarget['name'], database: Database): Promise<BenchTarget> {
  return { name, database, store: await PostgresEventStore.open(database) };
}
