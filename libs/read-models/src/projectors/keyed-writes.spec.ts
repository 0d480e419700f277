import { EventMetadata, RecordedEvent } from '@app/event-store';
import { sql } from 'kysely';
import { Database } from '../database';
import { postgresSkipNotice, testDatabases } from '../testing/test-databases';
import { keyedWritesProjector } from './keyed-writes';

postgresSkipNotice('keyed_writes projector');

const ACCOUNT = '00000000-0000-4000-8000-00000000000a';
const USER = '00000000-0000-4000-8000-0000000000b1';
const OTHER = '00000000-0000-4000-8000-0000000000b2';

function event(n: number, streamId: string, metadata: EventMetadata, recordedAt: string): RecordedEvent {
  return {
    id: `e${n}`,
    streamId,
    revision: n,
    type: 'Something',
    data: {},
    metadata,
    position: { commit: BigInt(n + 1), prepare: BigInt(n + 1) },
    recordedAt: new Date(recordedAt),
  };
}

const keyed = (key: string | null, user = USER) => ({
  account_id: ACCOUNT,
  user_id: user,
  idempotency_key: key,
});

describe.each(testDatabases())('keyed_writes projector on $name', (target) => {
  let database: Database;

  beforeAll(async () => {
    database = await target.open();
    await sql`create schema keyed`.execute(database.db);
    await keyedWritesProjector.setup(database.db, 'keyed');
  });
  afterAll(() => database?.close());

  it('keeps one row per key and stream written, the last time it was written, and skips unkeyed events', async () => {
    const events = [
      event(0, 'customer-1', keyed('k1'), '2030-01-01T00:00:00Z'),
      event(1, 'customer-1', keyed('k1'), '2030-01-01T00:00:01Z'), // the same batch, the same stream
      event(2, 'counter-1', keyed('k1'), '2030-01-01T00:00:02Z'),
      event(3, 'customer-2', keyed('k1', OTHER), '2030-01-01T00:00:03Z'), // another user's key
      event(4, 'customer-3', keyed(null), '2030-01-01T00:00:04Z'),
      event(5, 'account-1', {}, '2030-01-01T00:00:05Z'),
    ];
    await database.db.transaction().execute((trx) => keyedWritesProjector.apply(trx, events, 'keyed'));
    await database.db
      .transaction()
      .execute((trx) =>
        keyedWritesProjector.apply(
          trx,
          [event(6, 'customer-1', keyed('k1'), '2030-01-02T00:00:00Z')],
          'keyed',
        ),
      );

    const { rows } = await sql<{
      user_id: string;
      idempotency_key: string;
      stream_id: string;
      recorded_at: Date;
    }>`
      select user_id, idempotency_key, stream_id, recorded_at from keyed.keyed_writes order by stream_id, user_id`.execute(
      database.db,
    );
    expect(
      rows.map((r) => [r.user_id, r.idempotency_key, r.stream_id, new Date(r.recorded_at).toISOString()]),
    ).toEqual([
      [USER, 'k1', 'counter-1', '2030-01-01T00:00:02.000Z'],
      [USER, 'k1', 'customer-1', '2030-01-02T00:00:00.000Z'],
      [OTHER, 'k1', 'customer-2', '2030-01-01T00:00:03.000Z'],
    ]);
  });
});
