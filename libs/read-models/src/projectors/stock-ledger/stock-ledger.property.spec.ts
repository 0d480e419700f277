import { RecordedEvent } from '@app/event-store';
import fc from 'fast-check';
import { sql } from 'kysely';
import { action, stockHistory } from '../../testing/random-stock-history';
import { suiteDatabase } from '../../testing/projector-spec';
import { postgresSkipNotice, testDatabases } from '../../testing/test-databases';
import { inventoryQuantitiesProjector } from '../inventory-quantities';
import { stockLedgerProjector } from './stock-ledger';

postgresSkipNotice('stock_ledger property');

/** Cuts the log into batches at the given points, as a projector loop may see it. */
function batches(events: RecordedEvent[], cuts: number[]): RecordedEvent[][] {
  const points = [...new Set(cuts.map((c) => c % (events.length + 1)))].sort((a, b) => a - b);
  const out: RecordedEvent[][] = [];
  let from = 0;
  for (const point of [...points, events.length]) {
    if (point > from) out.push(events.slice(from, point));
    from = Math.max(from, point);
  }
  return out;
}

const BUCKETS = ['on_hand', 'reserved', 'incoming', 'in_transit', 'estimates'] as const;

describe.each(testDatabases())('stock_ledger on $name', (target) => {
  const database = suiteDatabase(target);
  let run = 0;

  /**
   * Both read models of one history, each in batches of its own; the ledger's as its loop runs
   * them (prepared before each batch's transaction, with the loop's memo) or applied alone.
   */
  async function project(
    events: RecordedEvent[],
    ledgerCuts: number[],
    quantityCuts: number[],
    prepared: boolean,
  ) {
    const memo = new Map<string, unknown>();
    const schema = `ledger_run_${++run}`;
    await sql`create schema ${sql.id(schema)}`.execute(database().db);
    for (const [projector, cuts] of [
      [stockLedgerProjector, ledgerCuts],
      [inventoryQuantitiesProjector, quantityCuts],
    ] as const) {
      await projector.setup(database().db, schema);
      const handled = events.filter((e) => projector.handles?.includes(e.type) ?? true);
      for (const batch of batches(handled, cuts)) {
        const state = prepared ? await projector.prepare?.(database().db, batch, schema, memo) : undefined;
        await database()
          .db.transaction()
          .execute((trx) => projector.apply(trx, batch, schema, state));
      }
    }
    return schema;
  }

  it("sums to inventory_quantities for every item, variation row and location, with each row's last balance", async () => {
    await fc.assert(
      fc.asyncProperty(
        fc.array(action, { minLength: 1, maxLength: 40 }),
        fc.array(fc.nat(), { maxLength: 4 }),
        fc.array(fc.nat(), { maxLength: 4 }),
        fc.boolean(),
        async (actions, ledgerCuts, quantityCuts, prepared) => {
          const schema = await project(stockHistory(actions), ledgerCuts, quantityCuts, prepared);
          const q = sql.table(`${schema}.inventory_quantities`);
          const l = sql.table(`${schema}.stock_ledger`);
          const sums = BUCKETS.map(
            (b) => sql`trim_scale(coalesce(sum(${sql.ref(`l.${b}`)}), 0))::text as ${sql.ref(b)}`,
          );
          const { rows: mismatches } = await sql<Record<string, unknown>>`
            with ledger as (
              select l.row_key, l.item_id, l.item_variation_location_id, l.location_id, ${sql.join(sums)},
                (array_agg(l.on_hand_after order by l.commit_position desc, l.entry desc))[1]::text as last_balance
              from ${l} l group by l.row_key, l.item_id, l.item_variation_location_id, l.location_id
            )
            select coalesce(q.row_key, ledger.row_key) as row_key,
              ${sql.join(BUCKETS.map((b) => sql`coalesce(trim_scale(${sql.ref(`q.${b}`)})::text, '0') as ${sql.ref(`quantities_${b}`)}, coalesce(${sql.ref(`ledger.${b}`)}, '0') as ${sql.ref(`ledger_${b}`)}`))},
              ledger.last_balance, ledger.item_variation_location_id as ledger_row,
              q.item_variation_location_id as quantities_row, ledger.location_id as ledger_location,
              q.location_id as quantities_location
            from ${q} q full join ledger on ledger.row_key = q.row_key
            where ${sql.join(
              BUCKETS.map(
                (b) =>
                  sql`coalesce(${sql.ref(`q.${b}`)}, 0) <> coalesce(${sql.ref(`ledger.${b}`)}::numeric, 0)`,
              ),
              sql` or `,
            )}
              or (ledger.row_key is not null and ledger.last_balance::numeric <> coalesce(q.on_hand, 0))
              or (ledger.row_key is not null and q.row_key is not null and (
                ledger.item_variation_location_id is distinct from q.item_variation_location_id
                or ledger.location_id is distinct from q.location_id))`.execute(database().db);
          expect(mismatches).toEqual([]);
          await sql`drop schema ${sql.id(schema)} cascade`.execute(database().db);
        },
      ),
      { numRuns: Number(process.env.LEDGER_RUNS ?? 40) },
    );
  }, 60_000);
});
