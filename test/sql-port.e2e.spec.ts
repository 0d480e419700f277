import { testDatabases } from '@app/read-models/testing/test-databases';
import { sql } from 'kysely';
import { Client } from 'pg';
import { apiOf, ok, openShop, Shop } from './support/estimates';
import { freePort } from './support/free-port';
import { INVOICES, serviceLine } from './support/invoices';
import { startTestApp, TestApp } from './support/test-app';

const pglite = testDatabases().find((target) => target.name === 'pglite')!;

/**
 * SQL_PORT (issue 30 item 5): the embedded database over the PostgreSQL wire protocol, read-only,
 * through the real `pg` client while the service keeps serving.
 */
describe('the read-only SQL port on PGlite', () => {
  let t: TestApp;
  let shop: Shop;
  let client: Client;

  beforeAll(async () => {
    const port = await freePort();
    t = await startTestApp(pglite, { config: { sqlPort: port } });
    shop = await openShop(t.app);
    await ok(
      apiOf(t.app)(shop.owner)('POST', INVOICES, {
        customer_id: shop.customer.id,
        issue_date: '2030-02-01',
        lines: [serviceLine(70)],
      }),
      201,
    );
    client = new Client({ host: '127.0.0.1', port, user: 'postgres', database: 'postgres' });
    await client.connect();
  });
  afterAll(async () => {
    await client?.end();
    await t?.close();
  });

  const invoiceCount = async () =>
    (await sql<{ n: number }>`select count(*)::integer as n from invoices`.execute(t.database.db)).rows[0].n;

  it('answers a select from analytics.sales_by_day, with and without parameters', async () => {
    const simple = await client.query(
      `select day::text, status, invoices, total::text from analytics.sales_by_day where account_id = '${shop.accountId}'`,
    );
    expect(simple.rows).toEqual([{ day: '2030-02-01', status: 'unpaid', invoices: 1, total: '70.0000' }]);
    const bound = await client.query('select total::text from analytics.sales_by_day where account_id = $1', [
      shop.accountId,
    ]);
    expect(bound.rows).toEqual([{ total: '70.0000' }]);
  });

  it('refuses an insert, an update and a way out of the read-only transaction, and nothing changes', async () => {
    const before = await invoiceCount();
    const refused = (text: string, values?: unknown[]) =>
      expect(client.query(text, values)).rejects.toMatchObject({ code: '25006' });
    await refused(`insert into analytics_probe values (1)`);
    await refused(`update invoices set total = 0`);
    await refused(`update invoices set total = $1`, [0]);
    await refused(`select 1; commit; delete from invoices`);
    await refused(`select set_config('default_transaction_read_only', 'off', false)`);
    // A write hidden in a query is refused by the database itself: the transaction is read-only.
    await expect(
      client.query(`with gone as (delete from invoices returning 1) select count(*) from gone`),
    ).rejects.toMatchObject({ code: '25006' });
    expect(await invoiceCount()).toBe(before);
    const totals = await sql<{
      total: string;
    }>`select total from invoices where account_id = ${shop.accountId}`.execute(t.database.db);
    expect(totals.rows).toEqual([{ total: '70.0000' }]);
    // The connection is still usable, and outside any transaction.
    expect((await client.query('show transaction_read_only')).rows).toEqual([
      { transaction_read_only: 'on' },
    ]);
  });

  it('leaves the service writing as before while a client is connected', async () => {
    await ok(
      apiOf(t.app)(shop.owner)('POST', INVOICES, { customer_id: shop.customer.id, lines: [serviceLine(5)] }),
      201,
    );
    const { rows } = await client.query('select count(*)::integer as n from invoices where account_id = $1', [
      shop.accountId,
    ]);
    expect(rows).toEqual([{ n: 2 }]);
  });
});
