import { RecordedEvent } from '@app/event-store';
import { sql } from 'kysely';
import { Projector } from '../projector';
import { KEY_TEXT } from '../key-text';

/**
 * `keyed_writes`: the streams each Idempotency-Key's request wrote to, from the key carried in
 * every event's metadata (EXTENSIONS.md §8). The API reads it to settle a key whose request died
 * between its append and its stored answer: written streams mean the write landed (replay), none
 * that it did not (run it). A read model, so it works with EventStoreDB as the event store too.
 */
export const keyedWritesProjector: Projector = {
  name: 'keyed_writes',
  version: 2,
  tables: ['keyed_writes'],
  // Pipelined: under keyed load it applies nearly every event, so its round trips set the lag.
  writesOnly: true,
  // Most events carry no key: a batch of those costs no transaction (and no read-your-writes wait).
  accepts: keyed,
  async setup(db, schema) {
    await sql`create table ${sql.table(`${schema}.keyed_writes`)} (
        account_id uuid not null,
        user_id uuid not null,
        idempotency_key ${KEY_TEXT} not null,
        stream_id ${KEY_TEXT} not null,
        recorded_at timestamptz not null,
        primary key (account_id, user_id, idempotency_key, stream_id))`.execute(db);
    await sql`create index keyed_writes_recorded_at_idx on ${sql.table(`${schema}.keyed_writes`)} (recorded_at)`.execute(
      db,
    );
  },
  async apply(trx, events, schema) {
    // One row per stream and key, even when a batch holds several of its events.
    const rows = new Map<string, Record<string, unknown>>();
    for (const e of events.filter(keyed)) {
      const row = {
        account_id: e.metadata.account_id,
        user_id: e.metadata.user_id,
        idempotency_key: e.metadata.idempotency_key,
        stream_id: e.streamId,
        recorded_at: e.recordedAt,
      };
      rows.set(JSON.stringify([row.account_id, row.user_id, row.idempotency_key, row.stream_id]), row);
    }
    if (rows.size === 0) return;
    // A key sent again after its 24-hour window names a new request: the row then follows it.
    await trx
      .withSchema(schema)
      .insertInto('keyed_writes')
      .values([...rows.values()])
      .onConflict((c) =>
        c
          .columns(['account_id', 'user_id', 'idempotency_key', 'stream_id'])
          .doUpdateSet((eb) => ({ recorded_at: eb.ref('excluded.recorded_at') })),
      )
      .execute();
  },
};

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

function keyed(event: RecordedEvent): boolean {
  const { idempotency_key: key, account_id: account, user_id: user } = event.metadata;
  return (
    typeof key === 'string' &&
    typeof account === 'string' &&
    typeof user === 'string' &&
    UUID.test(account) &&
    UUID.test(user)
  );
}
