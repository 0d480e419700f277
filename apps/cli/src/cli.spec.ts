import { PassThrough } from 'node:stream';
import { MemoryEventStore } from '@app/event-store';
import { Database, loadCheckpoint, recordFailure } from '@app/read-models';
import { appendSampleEvents, countRows } from '@app/read-models/testing/projection-fixtures';
import { resetDatabase } from '@app/read-models/testing/projection-setups';
import { streamEventsProjector } from '@app/read-models/testing/stream-events-projector';
import { postgresSkipNotice, testDatabases } from '@app/read-models/testing/test-databases';
import { runCli } from './cli';
import { CliContext } from './cli-context';

postgresSkipNotice('operator CLI');

describe.each(testDatabases())('operator CLI ($name)', (target) => {
  let database: Database;
  let store: MemoryEventStore;

  beforeAll(async () => {
    database = await target.open();
  });
  afterAll(() => database.close());
  beforeEach(async () => {
    await resetDatabase(database.db);
    store = new MemoryEventStore();
  });

  async function cli(...argv: string[]) {
    const out = collect();
    const err = collect();
    const context: CliContext = {
      database,
      store,
      projectors: [streamEventsProjector()],
      close: async () => undefined, // the suite owns the database
    };
    const code = await runCli(argv, { openContext: async () => context, out: out.stream, err: err.stream });
    return { code, out: out.text(), err: err.text() };
  }

  it('rebuild <projector> projects the whole log into the swapped-in tables, with a progress bar', async () => {
    const last = await appendSampleEvents(store, 230);

    const { code, out } = await cli('rebuild', 'stream_events', '--batch-size', '50');

    expect(code).toBe(0);
    expect(out).toContain('100% | 230/230 events');
    expect(out).toContain('Rebuilt stream_events (version 1), swapped in at position 229/229');
    expect(await countRows(database.db, 'stream_events')).toBe(230);
    expect(await loadCheckpoint(database.db, 'stream_events')).toMatchObject({ position: last, version: 1 });
  });

  it('projections lists each projector with its position and lag', async () => {
    await appendSampleEvents(store, 20);
    await cli('rebuild', 'stream_events');
    await appendSampleEvents(store, 3);

    const { code, out } = await cli('projections');

    expect(code).toBe(0);
    const lines = out.trim().split('\n');
    expect(lines[0].split(/\s+/)).toEqual(['projector', 'version', 'stored', 'position', 'lag', 'updated']);
    expect(lines[1].split(/\s+/).slice(0, 5)).toEqual(['stream_events', '1', '1', '19/19', '3']);
    expect(lines[2]).toBe('head: 22/22');
  });

  it('shows a projector stopped on an error and restarts it (clears its recorded failure)', async () => {
    const last = await appendSampleEvents(store, 5);
    await cli('rebuild', 'stream_events');
    const failure = {
      error: 'boom',
      event: { id: 'e-1', stream: 'widget-1', type: 'WidgetCreated', position: '3/3' },
      failedAt: '2026-01-01T00:00:00.000Z',
    };
    await recordFailure(database.db, 'stream_events', failure);

    const shown = await cli('projections');
    expect(shown.out).toContain(
      'failed: stream_events on event e-1 (WidgetCreated, stream widget-1, position 3/3) at 2026-01-01T00:00:00.000Z: boom',
    );
    expect(shown.out).toContain('npm run cli -- projections restart stream_events');

    const restarted = await cli('projections', 'restart', 'stream_events');
    expect(restarted).toMatchObject({ code: 0, out: expect.stringContaining('failure cleared') });
    expect(await loadCheckpoint(database.db, 'stream_events')).toEqual(
      expect.not.objectContaining({ failure: expect.anything() }),
    );
    expect((await loadCheckpoint(database.db, 'stream_events'))?.position).toEqual(last);
    const again = await cli('projections', 'restart', 'stream_events');
    expect(again).toMatchObject({ code: 1, err: 'Projector stream_events has not stopped on an error\n' });
  });

  it('refuses an unknown projector or command, saying why', async () => {
    const unknown = await cli('rebuild', 'nope');
    expect(unknown).toMatchObject({ code: 1, err: 'No projector named nope (known: stream_events)\n' });
    const bad = await cli('rebuild');
    expect(bad.code).toBe(2);
    expect(bad.err).toContain('Usage: npm run cli');
  });
});

function collect() {
  const stream = new PassThrough();
  const chunks: Buffer[] = [];
  stream.on('data', (chunk: Buffer) => chunks.push(chunk));
  return { stream, text: () => Buffer.concat(chunks).toString('utf8') };
}
