import { PassThrough } from 'node:stream';
import { EventStore } from '@app/event-store';
import { projectors, VerifyReport } from '@app/read-models';
import { postgresSkipNotice, testDatabases } from '@app/read-models/testing/test-databases';
import { Kysely, sql } from 'kysely';
import { runCli } from '../apps/cli/src/cli';
import { CliContext } from '../apps/cli/src/cli-context';
import { EVENT_STORE } from '../apps/api/src/store/tokens';
import { World } from './support/fuzz-world';
import { seedMixedHistory } from './support/mixed-history';
import { admin } from './support/operator';
import { startTestApp, TestApp } from './support/test-app';

postgresSkipNotice('verify e2e');

/**
 * `npm run cli -- verify` and POST /admin/v1/projections/verify (issue 27 item 2), beside the
 * running service on the same database, after a mixed history made through the API.
 */
describe.each(testDatabases())('verify on $name', (target) => {
  let t: TestApp;
  let world: World;
  beforeAll(async () => {
    t = await startTestApp(target);
    world = await seedMixedHistory(t.app);
  });
  afterAll(() => t?.close());

  async function cli(...argv: string[]) {
    const out = collect();
    const err = collect();
    const context: CliContext = {
      database: t.database,
      store: t.app.get<EventStore>(EVENT_STORE),
      projectors,
      close: async () => undefined, // the service owns the stores
    };
    const code = await runCli(argv, { openContext: async () => context, out: out.stream, err: err.stream });
    return { code, out: out.text(), err: err.text() };
  }
  const verifyJson = async (...names: string[]) => {
    const { code, out } = await cli('verify', ...names, '--json');
    return { code, report: JSON.parse(out) as VerifyReport };
  };
  const listInvoices = () =>
    t.app.inject({ method: 'GET', url: '/api/v3/invoices', headers: world.owner.headers });

  it('given a seeded mixed history, exits 0 with every projector equal, while the service keeps answering', async () => {
    const [run, ...answers] = await Promise.all([
      cli('verify', ...CONSISTENT),
      listInvoices(),
      listInvoices(),
      listInvoices(),
    ]);

    expect(answers.map((a) => a.statusCode)).toEqual([200, 200, 200]);
    expect(run.code).toBe(0);
    const lines = run.out.trim().split('\n');
    expect(lines).toHaveLength(CONSISTENT.length + 1);
    for (const name of CONSISTENT)
      expect(lines).toContainEqual(
        expect.stringMatching(`^${name}: equal \\(at \\d+/\\d+, \\d+ events replayed\\)$`),
      );
    expect(lines.at(-1)).toBe('verify: equal');
  });

  it('prints the report as JSON with --json, one entry per projector', async () => {
    const { code, report } = await verifyJson(...CONSISTENT);
    expect(code).toBe(0);
    expect(report).toMatchObject({
      object: 'projection_verification',
      status: 'equal',
      unfinished_steps: [],
    });
    expect(report.projectors.map((p) => [p.name, p.status])).toEqual(
      CONSISTENT.map((name) => [name, 'equal']),
    );
  });

  it('answers 202 to POST /admin/v1/projections/verify, then the same report at its address', async () => {
    const started = await admin(t.app, 'POST', '/admin/v1/projections/verify', {
      projectors: ['invoice_lists'],
    });
    expect(started.statusCode).toBe(202);
    expect(started.json()).toMatchObject({
      object: 'projection_verification',
      status: 'running',
      projectors: [],
    });
    expect(started.headers.location).toBe(`/admin/v1/projections/verify/${started.json().id}`);

    const report = await until(async () => {
      const res = await admin(t.app, 'GET', started.headers.location as string);
      expect(res.statusCode).toBe(200);
      return res.json().status === 'running' ? undefined : (res.json() as VerifyReport);
    });
    expect(report).toMatchObject({ id: started.json().id, status: 'equal', finished_at: expect.any(String) });
    expect(report.projectors).toEqual([expect.objectContaining({ name: 'invoice_lists', status: 'equal' })]);
    expect(Object.keys(report).sort()).toEqual(
      Object.keys((await verifyJson('invoice_lists')).report).sort(),
    );
  });

  it('refuses what it cannot run: an unknown projector (422; the CLI exits 2), an unknown report (404)', async () => {
    const unknown = await admin(t.app, 'POST', '/admin/v1/projections/verify', { projectors: ['nope'] });
    expect(unknown.statusCode).toBe(422);
    expect(unknown.json().error).toMatchObject({ code: 'validation_failed', param: 'projectors' });
    const malformed = await admin(t.app, 'POST', '/admin/v1/projections/verify', {
      projectors: 'invoice_lists',
    });
    expect(malformed.statusCode).toBe(422);
    const missing = await admin(
      t.app,
      'GET',
      '/admin/v1/projections/verify/00000000-0000-4000-8000-000000000000',
    );
    expect(missing.statusCode).toBe(404);

    const cliUnknown = await cli('verify', 'nope');
    expect(cliUnknown.code).toBe(2);
    expect(cliUnknown.err).toContain('No projector named nope');
    const unopened = await runCli(['verify'], {
      openContext: () => Promise.reject(new Error('PGlite is in use by another process')),
      out: collect().stream,
      err: collect().stream,
    });
    expect(unopened).toBe(2);
  });

  it('given an invoice row changed by hand, exits 1 naming the table, the row, the column and both values; a rebuild cures it', async () => {
    const db = t.database.db;
    const { rows } = await sql<{
      total: string;
    }>`select total::text from invoices where id = ${world.invoice.id}`.execute(db);
    await sql`update invoices set total = total + 1000 where id = ${world.invoice.id}`.execute(db);

    const run = await cli('verify');
    expect(run.code).toBe(1);
    expect(run.out).toContain('invoice_lists: 1 differences');
    expect(run.out).toContain('  table invoices (key id): 0 only live, 0 only replayed, 1 different');
    expect(run.out).toMatch(
      new RegExp(`different id=${world.invoice.id}: .*total live "[0-9.]+", replayed "${rows[0].total}"`),
    );
    expect(run.out).toContain('verify: different');
    const table = (await verifyJson('invoice_lists')).report.projectors[0].tables.find(
      (x) => x.table === 'invoices',
    )!;
    expect(table.examples.different[0].columns).toContainEqual({
      column: 'total',
      live: expect.any(String),
      replayed: rows[0].total,
    });

    expect((await cli('rebuild', 'invoice_lists')).code).toBe(0);
    expect((await cli('verify', 'invoice_lists')).code).toBe(0);
  });

  // Found by verify: a converted estimate's location-less row (`<item>/-/-`) was written only when
  // the estimate's lines ended a batch, so a replay in larger batches lacked it (fixed in version 7).
  it('finds inventory_quantities equal however the log is cut into batches', async () => {
    expect((await cli('verify', 'inventory_quantities')).code).toBe(0);
    expect((await cli('verify', 'inventory_quantities', '--batch-size', '1')).code).toBe(0);
  });

  it('given an invoice row deleted and another inserted by hand, finds them only replayed and only live', async () => {
    const db = t.database.db;
    const [id] = await invoiceIds(db);
    // A copy of another row under a forged id (generated columns left to the table).
    const { rows: columns } = await sql<{ name: string }>`select attname as name from pg_attribute
        where attrelid = 'invoices'::regclass and attnum > 0 and not attisdropped
          and attgenerated = '' and attname <> 'id'`.execute(db);
    const names = sql.join(columns.map((c) => sql.ref(c.name)));
    const forged = '00000000-0000-4000-8000-00000000f0f0';
    await sql`create temp table kept as select * from invoices where id = ${id}`.execute(db);
    await sql`delete from invoices where id = ${id}`.execute(db);
    await sql`insert into invoices (id, ${names}) select ${forged}::uuid, ${names} from kept`.execute(db);
    await sql`drop table kept`.execute(db);

    const { code, report } = await verifyJson('invoice_lists');
    expect(code).toBe(1);
    const table = report.projectors[0].tables.find((x) => x.table === 'invoices')!;
    expect(table).toMatchObject({ only_live: 1, only_replayed: 1, different: 0 });
    expect(table.examples.only_replayed[0]).toMatchObject({
      key: { id },
      row: expect.objectContaining({ id, customer_id: world.customer.id }),
    });
    expect(table.examples.only_live[0].key).toEqual({ id: forged });

    expect((await cli('rebuild', 'invoice_lists')).code).toBe(0);
    expect((await cli('verify', 'invoice_lists')).code).toBe(0);
  });
});

/** Every projector but inventory_quantities (see the failing case below). */
const CONSISTENT = projectors.map((p) => p.name).filter((name) => name !== 'inventory_quantities');

// eslint-disable-next-line @typescript-eslint/no-explicit-any
async function invoiceIds(db: Kysely<any>): Promise<string[]> {
  const { rows } = await sql<{ id: string }>`select id from invoices order by id`.execute(db);
  return rows.map((r) => r.id);
}
function collect() {
  const stream = new PassThrough();
  const chunks: Buffer[] = [];
  stream.on('data', (chunk: Buffer) => chunks.push(chunk));
  return { stream, text: () => Buffer.concat(chunks).toString('utf8') };
}

async function until<T>(answer: () => Promise<T | undefined>, timeoutMs = 30_000): Promise<T> {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    const value = await answer();
    if (value !== undefined) return value;
    if (Date.now() > deadline) throw new Error(`no answer within ${timeoutMs} ms`);
    await new Promise((resolve) => setTimeout(resolve, 20));
  }
}
