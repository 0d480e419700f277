import { Transaction } from 'kysely';
import { EventStoreDb, EventStoreSchema } from './rows';

/**
 * Runs `work` in a transaction and leaves it open until commit() is called: a writer whose
 * commit lands after later transactions', or any long transaction elsewhere on the server.
 * Needs a second connection, so PostgreSQL only (PGlite has one).
 */
export async function holdOpen<T>(
  db: EventStoreDb,
  work: (trx: Transaction<EventStoreSchema>) => Promise<T>,
): Promise<{ result: T; commit: () => Promise<void> }> {
  let release!: () => void;
  const released = new Promise<void>((resolve) => (release = resolve));
  let started!: (value: T) => void;
  const ready = new Promise<T>((resolve) => (started = resolve));
  const done = db.transaction().execute(async (trx) => {
    started(await work(trx));
    await released;
  });
  const result = await Promise.race([
    ready,
    done.then(() => Promise.reject(new Error('transaction ended early'))),
  ]);
  return {
    result,
    commit: async () => {
      release();
      await done;
    },
  };
}

export const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));
