import { Kysely, Migration, sql } from 'kysely';
import { migrateToLatest } from '../postgres/migrate-to-latest';
import { Snapshot, SnapshotStore } from './snapshot-store';

/* eslint-disable @typescript-eslint/no-explicit-any -- the caller's database has other tables too */

const migrations: Record<string, Migration> = {
  '001_snapshots': {
    async up(db: Kysely<any>) {
      await db.schema
        .createTable('snapshots')
        .addColumn('stream_id', 'text', (c) => c.primaryKey())
        .addColumn('revision', 'bigint', (c) => c.notNull())
        .addColumn('version', 'integer', (c) => c.notNull())
        .addColumn('state', 'jsonb', (c) => c.notNull())
        .addColumn('created_at', 'timestamptz', (c) => c.notNull().defaultTo(sql`now()`))
        .execute();
    },
  },
};

/**
 * Snapshots in a PostgreSQL `snapshots` table, on pg or PGlite alike. Its migrations are tracked in
 * tables of their own, apart from the event store's and the read models'.
 */
export class KyselySnapshotStore implements SnapshotStore {
  constructor(private readonly db: Kysely<any>) {}

  async setup(): Promise<void> {
    const { error } = await migrateToLatest(this.db, migrations, {
      migrationTableName: 'snapshot_store_migration',
      migrationLockTableName: 'snapshot_store_migration_lock',
    });
    if (error) throw error;
  }

  async read(streamId: string): Promise<Snapshot | undefined> {
    const row = await this.db
      .selectFrom('snapshots')
      .select(['stream_id', 'revision', 'version', 'state'])
      .where('stream_id', '=', streamId)
      .executeTakeFirst();
    if (!row) return undefined;
    // Number(): a Kysely built without this project's int8 parser returns bigint columns as strings.
    return {
      streamId: row.stream_id,
      revision: Number(row.revision),
      version: row.version,
      state: row.state,
    };
  }

  async save(snapshot: Snapshot): Promise<void> {
    // Stringified and cast: pg would send a top-level JS array as a PostgreSQL array, not JSON.
    const state = sql`cast(${JSON.stringify(snapshot.state)} as jsonb)`;
    await this.db
      .insertInto('snapshots')
      .values({ stream_id: snapshot.streamId, revision: snapshot.revision, version: snapshot.version, state })
      .onConflict((oc) =>
        oc
          .column('stream_id')
          .doUpdateSet({
            revision: sql.ref('excluded.revision'),
            version: sql.ref('excluded.version'),
            state: sql.ref('excluded.state'),
            created_at: sql`now()`,
          })
          // Only a newer snapshot replaces the stored one (see SnapshotStore).
          .where((eb) =>
            eb.or([
              eb('snapshots.version', '<', eb.ref('excluded.version')),
              eb.and([
                eb('snapshots.version', '=', eb.ref('excluded.version')),
                eb('snapshots.revision', '<', eb.ref('excluded.revision')),
              ]),
            ]),
          ),
      )
      .execute();
  }
}
