import { RecordedEvent } from '@app/event-store';
import { sql } from 'kysely';
import { recordInSlices } from './batch-slices';
import { copyText, withCopyText } from './copy-text';
import { Projector } from './projector';
import { recordBatch } from './recorded-writes';
import { insertRows, isRowSet } from './row-sets';

const events = Array.from({ length: 7 }, (_, i) => ({ id: `e${i}` })) as unknown as RecordedEvent[];

/** Inserts a row per event into `b`, between two statements when `between` is set. */
const projector = (between: boolean, onApply: () => void = () => undefined): Projector => ({
  name: 'sliced',
  version: 1,
  tables: ['a', 'b'],
  writesOnly: true,
  async setup() {},
  async apply(trx, batch, schema) {
    onApply();
    if (between) await sql`update ${sql.table(`${schema}.a`)} set n = n + 1`.execute(trx);
    await insertRows(
      trx,
      schema,
      'b',
      { id: 'text' },
      batch.map((e) => ({ id: e.id })),
    );
  },
});

const shape = (entries: Awaited<ReturnType<typeof recordBatch>>) =>
  entries.map((e) => (isRowSet(e) ? `rows ${e.schema}.${e.table}: ${copyText(e)}` : e.sql.split(' ')[0]));

describe('recordInSlices', () => {
  it("given a batch of several slices, then one row set holds all its rows, as recordBatch's does", async () => {
    const whole = (await recordBatch(projector(false), events, 'fresh')).map((e) =>
      isRowSet(e) ? withCopyText(e) : e,
    );

    const sliced = await recordInSlices(projector(false), events, 'fresh', { sliceEvents: 3 });

    expect(shape(sliced)).toEqual(shape(whole));
    expect(shape(sliced)).toEqual(['rows fresh.b: e0\ne1\ne2\ne3\ne4\ne5\ne6\n']);
  });

  it('given statements between the row sets, then each slice keeps its order and no rows are joined across them', async () => {
    const sliced = await recordInSlices(projector(true), events, 'fresh', { sliceEvents: 3 });

    expect(shape(sliced)).toEqual([
      'update',
      'rows fresh.b: e0\ne1\ne2\n',
      'update',
      'rows fresh.b: e3\ne4\ne5\n',
      'update',
      'rows fresh.b: e6\n',
    ]);
  });

  it('lets the event loop run between slices (a COPY in flight is written meanwhile)', async () => {
    let turns = 0;
    const seen: number[] = [];
    const counting = projector(false, () => {
      seen.push(turns);
      setImmediate(() => turns++);
    });

    await recordInSlices(counting, events, 'fresh', { sliceEvents: 3 });

    expect(seen).toEqual([0, 1, 2]);
  });
});
