import { RecordedEvent } from '@app/event-store';
import { sql } from 'kysely';
import { testDatabases } from '../testing/test-databases';
import { A, ACCOUNT, accountLog, B, projectorOn } from '../testing/projector-spec';
import { recordChangesProjector } from './record-changes';

/** The log of three requests: customer A created and renamed by one, B created by another, then A deleted. */
function requestLog(): RecordedEvent[] {
  const by = (request_id: string) => ({ request_id });
  return accountLog(
    [`customer-${A}`, 'CustomerCreated', {}, by('r1')],
    [`customer-${A}`, 'CustomerUpdated', {}, by('r1')],
    [`counter-${ACCOUNT}`, 'NumberDrawn', {}, by('r2')], // not a record of the feed
    [`customer-${B}`, 'CustomerCreated', {}, by('r2')],
    [`customer-${A}`, 'CustomerDeleted', {}, by('r3')],
  );
}

describe.each(testDatabases())('record_changes on $name', (target) => {
  const projector = projectorOn(target, recordChangesProjector);
  const accepted = () => requestLog().filter((event) => recordChangesProjector.accepts!(event));

  /**
   * The batches projected as the runner does: prepare on the committed tables (and the loop's
   * memo, when given), then apply.
   */
  async function project(schema: string, batches: RecordedEvent[][], memo?: Map<string, unknown>) {
    const db = projector.db();
    await sql`create schema ${sql.id(schema)}`.execute(db);
    await recordChangesProjector.setup(db, schema);
    for (const batch of batches) {
      const prepared = await recordChangesProjector.prepare!(db, batch, schema, memo);
      await db.transaction().execute((trx) => recordChangesProjector.apply(trx, batch, schema, prepared));
    }
    return projector.rows(
      schema,
      'record_changes',
      't.commit_position',
      't.commit_position::text as commit_text',
    );
  }

  it('records one change per write of a record, with its event types, and a delete as deleted', async () => {
    const rows = await project('changes_whole', [accepted()]);
    expect(
      rows.map((row) => [row.record_id, row.revision, row.change, row.event_types, row.commit_text]),
    ).toEqual([
      [A, 1, 'created', ['CustomerCreated', 'CustomerUpdated'], '2'],
      [B, 0, 'created', ['CustomerCreated'], '4'],
      [A, 2, 'deleted', ['CustomerDeleted'], '5'],
    ]);
  });

  it('given no prepared result (a batch applied alone), records the batch as one with nothing before it', async () => {
    const events = accepted();
    const db = projector.db();
    await sql`create schema changes_unprepared`.execute(db);
    await recordChangesProjector.setup(db, 'changes_unprepared');
    await db.transaction().execute((trx) => recordChangesProjector.apply(trx, events, 'changes_unprepared'));
    const rows = await projector.rows(
      'changes_unprepared',
      'record_changes',
      't.commit_position',
      't.commit_position::text as commit_text',
    );
    expect(rows).toEqual(await project('changes_prepared', [events]));
  });

  it('holds the same rows however the log is cut into batches (a write split across two included)', async () => {
    const events = accepted();
    const whole = await project('changes_once', [events]);
    const split = await project('changes_split', [[events[0]], events.slice(1, 3), [events[3]]]);
    const oneByOne = await project(
      'changes_single',
      events.map((event) => [event]),
    );
    expect(split).toEqual(whole);
    expect(oneByOne).toEqual(whole);
  });

  it('reads nothing before a batch of the accounts the batches before it wrote, and holds the same rows', async () => {
    const events = accepted();
    const batches = [[events[0]], events.slice(1, 3), [events[3]]];
    const memo = new Map<string, unknown>();
    const whole = await project('changes_memo_whole', [events]);
    expect(await project('changes_memo', batches, memo)).toEqual(whole);
    // A read would fail: the schema does not exist.
    const read = (await recordChangesProjector.prepare!(projector.db(), [events[3]], 'no_schema', memo)) as {
      last: Map<string, unknown>;
    };
    expect(read.last.get(ACCOUNT)).toMatchObject({ record_id: A, change: 'deleted', revision: 2 });
  });

  it("writes the same rows in a rebuild's copy batches, a delete before its write's new row included", async () => {
    const events = accepted();
    const rows = await projector.copiedAlike(
      (schema) => projector.rows(schema, 'record_changes', 't.commit_position'),
      [[events[0]], events.slice(1, 3), [events[3]]],
    );
    expect(rows.map((row) => row.event_types)).toEqual([
      ['CustomerCreated', 'CustomerUpdated'],
      ['CustomerCreated'],
      ['CustomerDeleted'],
    ]);
  });
});
