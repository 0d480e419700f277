import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { PassThrough } from 'node:stream';
import { PostgresEventStore } from '@app/event-store/postgres/postgres-event-store';
import { postgresSkipNotice, testDatabases } from '@app/read-models/testing/test-databases';
import { projectors } from '@app/read-models';
import { runCli } from '../apps/cli/src/cli';
import { apiOf, ok } from './support/estimates';
import { Caller, createCaller } from './support/operator';
import { startTestApp, TestApp } from './support/test-app';

postgresSkipNotice('events export CLI');

type Json = Record<string, any>; // eslint-disable-line @typescript-eslint/no-explicit-any

describe.each(testDatabases())('npm run cli -- events export / verify-export on $name', (target) => {
  let t: TestApp;
  let dir: string;
  beforeAll(async () => {
    t = await startTestApp(target);
    dir = mkdtempSync(join(tmpdir(), 'events-export-'));
  });
  afterAll(async () => {
    await t?.close();
    rmSync(dir, { recursive: true, force: true });
  });

  /** One CLI run on the app's database, opening the event store directly as the CLI does. */
  async function cli(...argv: string[]) {
    const out = collect();
    const err = collect();
    const code = await runCli(argv, {
      openContext: async () => {
        const store = await PostgresEventStore.open(t.database);
        return { database: t.database, store, projectors, close: () => store.close() };
      },
      out: out.stream,
      err: err.stream,
    });
    return { code, out: out.text(), err: err.text() };
  }

  const send = (caller: Caller, method: 'POST' | 'PATCH' | 'DELETE', url: string, payload?: Json) =>
    ok(apiOf(t.app)(caller)(method, url, payload), method === 'POST' ? 201 : 200);

  /** An account with a customer created and renamed and a supplier; another account beside it. */
  async function history() {
    const caller = await createCaller(t.app);
    const other = await createCaller(t.app);
    const ann = await send(caller, 'POST', '/api/v3/customers', { name: 'Ann' });
    await send(other, 'POST', '/api/v3/customers', { name: 'Zed' });
    await send(caller, 'PATCH', `/api/v3/customers/${ann.id}`, { name: 'Ann Smith' });
    await send(caller, 'POST', '/api/v3/suppliers', { name: 'Acme' });
    return { caller, ann };
  }

  async function exported(accountId: string, ...range: string[]): Promise<string> {
    const run = await cli('events', 'export', '--account', accountId, ...range);
    expect(run.code).toBe(0);
    expect(run.err).toContain('log events read');
    const file = join(dir, `${Math.random().toString(36).slice(2)}.ndjson`);
    writeFileSync(file, run.out);
    return file;
  }

  const lines = (file: string) => readFileSync(file, 'utf8').trimEnd().split('\n');
  const rewrite = (file: string, all: string[]) => writeFileSync(file, `${all.join('\n')}\n`);

  it('exports the account’s events, one a line after the header, each hash chained over the line before', async () => {
    const { caller, ann } = await history();

    const file = await exported(caller.accountId);

    const [header, ...events] = lines(file).map((line) => JSON.parse(line));
    expect(header).toEqual({
      format: 'account-events',
      version: 1,
      account_id: caller.accountId,
      since: null,
      until: null,
      through: expect.stringMatching(/^\d+\/\d+$/),
      sha256: expect.stringMatching(/^[0-9a-f]{64}$/),
    });
    const records = events.filter((e) => ['customer', 'supplier'].includes(e.record.object));
    expect(records.map((e) => [e.record.object, e.type])).toEqual([
      ['customer', 'CustomerCreated'],
      ['customer', 'CustomerUpdated'],
      ['supplier', 'SupplierCreated'],
    ]);
    expect(records[0]).toMatchObject({
      stream: `customer-${ann.id}`,
      record: { object: 'customer', id: ann.id },
      revision: 0,
      data: expect.objectContaining({ name: 'Ann' }),
      metadata: expect.objectContaining({ user_id: caller.userId, api_key_id: caller.apiKeyId }),
    });
    // the user and the key the account was set up with are its events too; nothing of the other account
    expect(events.map((e) => e.record.object)).toEqual(expect.arrayContaining(['user', 'api_key']));
    expect(events.every((e) => (e.data.account_id ?? e.metadata.account_id) === caller.accountId)).toBe(true);
    expect(new Set(events.map((e) => e.sha256)).size).toBe(events.length);

    const verified = await cli('events', 'verify-export', file);
    expect(verified).toMatchObject({
      code: 0,
      out: `OK: ${events.length} events of account ${caller.accountId} match the store, hash chain intact\n`,
    });
  });

  it('keeps to --since/--until, and still verifies after later writes to the account', async () => {
    const { caller, ann } = await history();
    const all = lines(await exported(caller.accountId))
      .slice(1)
      .map((line) => JSON.parse(line));
    const cut = all.at(-2).recorded_at;

    const since = await exported(caller.accountId, '--since', cut);
    const until = await exported(caller.accountId, '--until', cut);
    const ids = (file: string) =>
      lines(file)
        .slice(1)
        .map((line) => JSON.parse(line).id);
    expect(ids(since)).toEqual(all.filter((e) => e.recorded_at >= cut).map((e) => e.id));
    expect(ids(until)).toEqual(all.filter((e) => e.recorded_at < cut).map((e) => e.id));

    await send(caller, 'PATCH', `/api/v3/customers/${ann.id}`, { name: 'Ann Jones' });
    expect((await cli('events', 'verify-export', since)).code).toBe(0);
  });

  it('rejects an export with one line edited, at that line, saying what differs', async () => {
    const { caller } = await history();
    const file = await exported(caller.accountId);
    const all = lines(file);
    const at = all.findIndex((line) => JSON.parse(line).type === 'CustomerUpdated');
    const edited = JSON.parse(all[at]);
    edited.data.changes.name = 'Eve';
    all[at] = JSON.stringify(edited);
    rewrite(file, all);

    const run = await cli('events', 'verify-export', file);

    expect(run.code).toBe(1);
    expect(run.out).toBe(
      `line ${at + 1}: data.changes.name differs: export "Eve", store "Ann Smith"; its sha256 does not chain from the line before\n`,
    );
  });

  it('rejects an edit whose hash chain was recomputed, against the store; and a changed sha256 alone by the chain', async () => {
    const { caller } = await history();
    const file = await exported(caller.accountId);
    const all = lines(file);
    const at = all.length - 1;
    const resealed = JSON.parse(all[at]);
    resealed.type = 'SupplierDeleted';
    const { sha256: _old, ...content } = resealed;
    const { chainedHash } = await import('../apps/cli/src/events/export-format');
    resealed.sha256 = chainedHash(JSON.parse(all[at - 1]).sha256, content);
    rewrite(file, [...all.slice(0, at), JSON.stringify(resealed)]);
    expect((await cli('events', 'verify-export', file)).out).toBe(
      `line ${at + 1}: type differs: export "SupplierDeleted", store "SupplierCreated"\n`,
    );

    const hashOnly = JSON.parse(all[1]);
    hashOnly.sha256 = '0'.repeat(64);
    rewrite(file, [all[0], JSON.stringify(hashOnly), ...all.slice(2)]);
    expect((await cli('events', 'verify-export', file)).out).toBe(
      'line 2: its sha256 does not chain from the line before (edited, or a line removed)\n',
    );
  });

  it('rejects an export with a line deleted, at that line, and one cut short or with its header edited', async () => {
    const { caller } = await history();
    const file = await exported(caller.accountId);
    const all = lines(file);

    rewrite(file, [...all.slice(0, 2), ...all.slice(3)]);
    const deleted = await cli('events', 'verify-export', file);
    expect(deleted.code).toBe(1);
    expect(deleted.out).toMatch(
      /^line 3: position differs: export "\d+\/\d+", store "\d+\/\d+"; its sha256 does not chain from the line before\n$/,
    );

    rewrite(file, all.slice(0, -1));
    const short = await cli('events', 'verify-export', file);
    expect(short).toMatchObject({
      code: 1,
      out: expect.stringMatching(new RegExp(`^line ${all.length}: missing: the store has event `)),
    });

    const header = JSON.parse(all[0]);
    rewrite(file, [JSON.stringify({ ...header, since: '2020-01-01T00:00:00.000Z' }), ...all.slice(1)]);
    expect((await cli('events', 'verify-export', file)).out).toBe(
      'line 1: its sha256 is not the seed of its fields (edited)\n',
    );
  });

  it('refuses a bad command line before opening the store', async () => {
    expect((await cli('events', 'export')).code).toBe(2);
    expect((await cli('events', 'export', '--account', 'nope')).err).toContain('--account <account id>');
    expect(
      (
        await cli(
          'events',
          'export',
          '--account',
          '00000000-0000-4000-8000-000000000000',
          '--since',
          'monday',
        )
      ).code,
    ).toBe(2);
    expect((await cli('events', 'verify-export')).code).toBe(2);
    const missing = await cli('events', 'verify-export', join(dir, 'none.ndjson'));
    expect(missing.code).toBe(2);
  });
});

function collect() {
  const stream = new PassThrough();
  const chunks: Buffer[] = [];
  stream.on('data', (chunk: Buffer) => chunks.push(chunk));
  return { stream, text: () => Buffer.concat(chunks).toString('utf8') };
}
