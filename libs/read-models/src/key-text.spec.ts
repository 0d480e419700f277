import { Kysely, sql } from 'kysely';
import { createTables, Projector } from './projector';
import { projectors } from './projectors';
import { appendSampleEvents } from './testing/projection-fixtures';
import { projectionSetups, runnerSuite } from './testing/projection-setups';

/* eslint-disable @typescript-eslint/no-explicit-any */

/**
 * Text columns in the read models' indexes that are codes, not ids or keys: few values, filtered
 * by, in the database's collation like the names around them (item lists, notifications).
 */
const CODES = new Set([
  'customer_notifications.status',
  'item_counts.list_state',
  'item_counts.inventory_type',
  'items.inventory_type',
]);

/** The projectors' versions before their key columns took "C" (KEY_TEXT): a database they made must be rebuilt. */
const VERSIONS_BEFORE: Record<string, number> = {
  inventory_quantities: 8,
  keyed_writes: 1,
  operator_records: 1,
  stock_ledger: 1,
  stock_transfer_lists: 2,
};

/** Every text column of a b-tree index of the read models' tables, `table.column`, with its collation. */
async function indexedTextCollations(db: Kysely<any>): Promise<Map<string, string>> {
  const { rows } = await sql<{ name: string; collation: string }>`
    select distinct c.relname || '.' || a.attname as name, co.collname as collation
      from pg_index x
      join pg_class c on c.oid = x.indrelid
      join pg_namespace n on n.oid = c.relnamespace and n.nspname = 'public'
      join pg_class i on i.oid = x.indexrelid
      join pg_am am on am.oid = i.relam and am.amname = 'btree'
      join pg_attribute a on a.attrelid = c.oid and a.attnum = any(x.indkey)
      join pg_collation co on co.oid = a.attcollation
     where a.atttypid = 'text'::regtype and c.relname = any(${projectors.flatMap((p) => p.tables)}::text[])`.execute(
    db,
  );
  return new Map(rows.map((r) => [r.name, r.collation]));
}

/** Ids and keys byte-ordered ("C"), codes in the database's collation ("default"). */
function expectKeysInC(collations: Map<string, string>): void {
  expect(collations.size).toBeGreaterThan(CODES.size);
  const expected = new Map([...collations.keys()].map((name) => [name, CODES.has(name) ? 'default' : 'C']));
  expect(Object.fromEntries(collations)).toEqual(Object.fromEntries(expected));
}

/** The projector as the code before KEY_TEXT made it: its old version, its text columns in the database's collation. */
function asBefore(projector: Projector): Projector {
  const version = VERSIONS_BEFORE[projector.name];
  if (version === undefined) return projector;
  return {
    ...projector,
    version,
    async setup(db, schema) {
      await projector.setup(db, schema);
      const { rows } = await sql<{ table: string; column: string }>`
        select c.relname as table, a.attname as column from pg_attribute a
          join pg_class c on c.oid = a.attrelid
          join pg_namespace n on n.oid = c.relnamespace and n.nspname = ${schema}
         where c.relname = any(${[...projector.tables]}::text[]) and a.attnum > 0
           and a.attcollation = (select oid from pg_collation where collname = 'C')`.execute(db);
      for (const { table, column } of rows)
        await sql`alter table ${sql.table(`${schema}.${table}`)}
          alter column ${sql.id(column)} type text collate "default"`.execute(db);
    },
  };
}

describe.each(projectionSetups().filter((kind) => kind.name.startsWith('memory store')))(
  'text keys of the read models ($name)',
  (kind) => {
    const suite = runnerSuite(kind);

    it('are byte-ordered ("C") in every index of every read model, codes aside', async () => {
      await suite.db.transaction().execute(async (trx) => {
        for (const projector of projectors) await createTables(trx, projector, 'public');
      });

      expectKeysInC(await indexedTextCollations(suite.db));
    });

    it('become byte-ordered in a database the code before made: its projectors are rebuilt at the next start', async () => {
      const old = suite.projectionRunner(projectors.map(asBefore));
      await old.start();
      await old.waitFor(await appendSampleEvents(suite.store, 3));
      await old.stop();
      const before = await indexedTextCollations(suite.db);
      expect(before.get('stock_ledger.row_key')).toBe('default');

      const upgraded = suite.projectionRunner([...projectors]);
      await upgraded.start();
      await upgraded.waitFor(await appendSampleEvents(suite.store, 3));

      expectKeysInC(await indexedTextCollations(suite.db));
    });
  },
);
