import { openDatabase } from '@app/read-models';
import { createFreshPostgres, testDatabases } from '@app/read-models/testing/test-databases';
import { sql } from 'kysely';
import { createCaller } from './support/operator';
import { as } from './support/party-rules';
import { startTestApp, TestApp } from './support/test-app';

const postgres = testDatabases().find((target) => target.name === 'postgres');
const describeOnPostgres = postgres ? describe : describe.skip;
if (!postgres) console.info('neighbour-transactions: PostgreSQL cases skipped (DATABASE_URL is not set)');

/**
 * A PostgreSQL server is shared: another database's long transaction (a migration, a bulk load, a
 * session idle in transaction) must not hold back this service's read models (docs/event-store.md).
 */
describeOnPostgres('read-your-writes beside a neighbour holding a transaction open (PostgreSQL)', () => {
  let t: TestApp;

  beforeAll(async () => {
    // A short wait for the read models: a create held back by the neighbour answers before its list shows it.
    t = await startTestApp(postgres!, { config: { readYourWritesTimeoutMs: 2000 } });
  });
  afterAll(() => t?.close());

  it('given a writing transaction open in another database of the server, when 4 clients create customers and list them at once, then every list shows the customer just created', async () => {
    const server = await createFreshPostgres(process.env.DATABASE_URL!, 'neighbour');
    const neighbour = await openDatabase({ url: server.url, statementTimeoutMs: 0 });
    let release!: () => void;
    const released = new Promise<void>((resolve) => (release = resolve));
    let holding!: () => void;
    const held = new Promise<void>((resolve) => (holding = resolve));
    const transaction = neighbour.db.transaction().execute(async (trx) => {
      await sql`CREATE TABLE bulk_load (n int)`.execute(trx);
      await sql`INSERT INTO bulk_load VALUES (1)`.execute(trx);
      holding();
      await released;
    });
    try {
      await held;
      const clients = await Promise.all([1, 2, 3, 4].map(() => createCaller(t.app)));
      const found = await Promise.all(
        clients.flatMap((client, c) =>
          [1, 2, 3].map(async (n) => {
            const call = as(t.app, client);
            const name = `Neighbourly ${c}-${n}`;
            const created = await call('POST', '/api/v3/customers', { name });
            expect(created.statusCode).toBe(201);
            const list = await call('GET', `/api/v3/customers?q=${encodeURIComponent(name)}`);
            return list
              .json()
              .data.map((row: { id: string }) => row.id)
              .includes(created.json().id);
          }),
        ),
      );
      expect(found).toEqual(found.map(() => true));
    } finally {
      release();
      await transaction;
      await neighbour.close();
      await server.drop();
    }
  });
});
