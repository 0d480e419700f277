import { sql } from 'kysely';
import { projectorOn } from '../../testing/projector-spec';
import { Action, stockHistory } from '../../testing/random-stock-history';
import { postgresSkipNotice, testDatabases } from '../../testing/test-databases';
import { stockLedgerProjector } from './stock-ledger';

postgresSkipNotice('stock_ledger projector');

const A = '00000000-0000-4000-8000-000000000001';
const C = '00000000-0000-4000-8000-000000000003';
const L1 = '00000000-0000-4000-8000-0000000000d1';
const L2 = '00000000-0000-4000-8000-0000000000d2';

describe.each(testDatabases())('stock_ledger projector on $name', (target) => {
  const projector = projectorOn(target, stockLedgerProjector);
  let run = 0;

  async function ledger(actions: Action[], oneByOne = false): Promise<Record<string, unknown>[]> {
    const schema = `ledger_${++run}`;
    const events = stockHistory(actions).filter((e) => stockLedgerProjector.handles!.includes(e.type));
    await projector.project(schema, oneByOne ? events.map((e) => [e]) : [events]);
    const { rows } = await sql<
      Record<string, unknown>
    >`select item_id, item_variation_location_id, location_id,
        on_hand::text, reserved::text, incoming::text, in_transit::text, estimates::text,
        on_hand_after::text, source_type, source_number, source_line_id, reason, event_type, revision
      from ${sql.table(`${schema}.stock_ledger`)} order by commit_position, entry`.execute(projector.db());
    return rows;
  }

  const entry = (fields: Record<string, unknown>) => ({
    item_variation_location_id: null,
    on_hand: '0',
    reserved: '0',
    incoming: '0',
    in_transit: '0',
    estimates: '0',
    source_number: null,
    source_line_id: null,
    reason: null,
    ...fields,
  });

  it('writes an adjustment, then a sales order that reserves, is invoiced in part and released', async () => {
    const actions: Action[] = [
      { kind: 'adjust', slot: 0, location: 0, change: 5 },
      { kind: 'salesOrder', lines: [[0, 3]] },
      { kind: 'invoiceSalesOrder', pick: 0, part: 1 },
      { kind: 'releaseInvoicing', pick: 0 },
    ];
    const expected = [
      entry({
        item_id: A,
        location_id: L1,
        on_hand: '5',
        on_hand_after: '5',
        source_type: 'adjustment',
        reason: 'Counted',
        event_type: 'StockAdjusted',
        revision: 1,
      }),
      entry({
        item_id: A,
        location_id: L1,
        reserved: '3',
        on_hand_after: '5',
        source_type: 'sales_order',
        source_number: 1,
        source_line_id: 'line-1',
        event_type: 'SalesOrderCreated',
        revision: 0,
      }),
      entry({
        item_id: A,
        location_id: L1,
        reserved: '-1',
        on_hand_after: '5',
        source_type: 'sales_order',
        source_number: 1,
        source_line_id: 'line-1',
        event_type: 'SalesOrderInvoiced',
        revision: 1,
      }),
      entry({
        item_id: A,
        location_id: L1,
        on_hand: '-1',
        on_hand_after: '4',
        source_type: 'invoice',
        source_number: 2,
        source_line_id: 'inv-line-1',
        event_type: 'InvoiceCreated',
        revision: 0,
      }),
      entry({
        item_id: A,
        location_id: L1,
        on_hand: '1',
        on_hand_after: '5',
        source_type: 'invoice',
        source_number: 2,
        source_line_id: 'inv-line-1',
        event_type: 'InvoiceCancelled',
        revision: 1,
      }),
      entry({
        item_id: A,
        location_id: L1,
        reserved: '1',
        on_hand_after: '5',
        source_type: 'sales_order',
        source_number: 1,
        source_line_id: 'line-1',
        event_type: 'SalesOrderInvoiceReleased',
        revision: 2,
      }),
    ];
    expect(await ledger(actions)).toEqual(expected);
    expect(await ledger(actions, true)).toEqual(expected);
  });

  it("loads in a rebuild's copy batches the rows its statements write", async () => {
    // given a history of adjustments and a sales order, in batches of two events
    const actions: Action[] = [
      { kind: 'adjust', slot: 0, location: 0, change: 5 },
      { kind: 'adjust', slot: 1, location: 1, change: 2 },
      { kind: 'salesOrder', lines: [[0, 3]] },
      { kind: 'invoiceSalesOrder', pick: 0, part: 1 },
      { kind: 'adjust', slot: 0, location: 1, change: -1 },
      { kind: 'releaseInvoicing', pick: 0 },
    ];
    const events = stockHistory(actions).filter((e) => stockLedgerProjector.handles!.includes(e.type));
    const batches = Array.from({ length: Math.ceil(events.length / 2) }, (_, i) =>
      events.slice(i * 2, i * 2 + 2),
    );

    // when it is applied as a live loop does, and written as a rebuild does (its entries by COPY)
    const tables = await projector.copiedAlike(async (schema) => {
      const all: string[][] = [];
      for (const table of stockLedgerProjector.tables) {
        const { rows } = await sql<{ row: string }>`select t::text as row
          from ${sql.table(`${schema}.${table}`)} t order by 1`.execute(projector.db());
        all.push(rows.map((r) => r.row));
      }
      return all;
    }, batches);

    // then every table holds the same rows either way (copiedAlike), the ledger some entries
    expect(tables[0].length).toBeGreaterThan(3);
  });

  it('names the transfer of a movement and counts in transit at the destination row', async () => {
    const rows = await ledger([
      { kind: 'adjust', slot: 2, location: 0, change: 4 },
      { kind: 'transfer', lines: [[2, 3]], from: 0, to: 1 },
      { kind: 'send', pick: 0 },
      { kind: 'receiveTransfer', pick: 0 },
    ]);
    expect(
      rows
        .slice(1)
        .map((r) => [
          r.event_type,
          r.source_type,
          r.source_number,
          r.location_id,
          r.item_variation_location_id,
          r.on_hand,
          r.in_transit,
          r.on_hand_after,
        ]),
    ).toEqual([
      ['StockAdjusted', 'stock_transfer', 1, L1, 11, '-3', '0', '1'],
      ['StockTransferSent', 'stock_transfer', 1, L2, 12, '0', '3', '0'],
      ['StockAdjusted', 'stock_transfer', 1, L2, 12, '3', '0', '3'],
      ['StockTransferReceived', 'stock_transfer', 1, L2, 12, '0', '-3', '3'],
    ]);
    expect(rows.every((r) => r.item_id === C)).toBe(true);
  });

  it('counts a purchase order as incoming, then received into on hand', async () => {
    const rows = await ledger([
      { kind: 'purchaseOrder', lines: [[1, 4]], location: 0 },
      { kind: 'receive', pick: 0, part: 3 },
    ]);
    expect(
      rows.map((r) => [r.event_type, r.source_type, r.location_id, r.incoming, r.on_hand, r.on_hand_after]),
    ).toEqual([
      ['PurchaseOrderSent', 'purchase_order', L1, '4', '0', '0'],
      ['PurchaseOrderReceived', 'purchase_order', L1, '-3', '3', '3'],
    ]);
  });
});
