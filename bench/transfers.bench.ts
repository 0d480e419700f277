/**
 * npm run bench:transfers — stock transfers through the HTTP app under load (issue 14 item 9). The
 * API runs as `npm start` does, in a child process, on a fresh PostgreSQL database when
 * DATABASE_URL is set, else on PGlite. A table, then as the last line one JSON object:
 *
 * - `flow_ratio`: complete flows/s ÷ customer creates/s (the baseline), alternating in three rounds
 *   (after a warm-up of each), the median round's ratio. A flow is three sequential calls, each
 *   answered with read-your-writes: create a 10-line transfer from the store to the depot → send it
 *   (on hand out of the store, in transit at the depot; each line's stock decided on its item's
 *   stream, so 16 clients over 20 items race there) → receive it (on hand at the depot).
 * - `steps`: each step's p50/p99 in ms over the measured flow rounds, refused answers included.
 * - `negative_on_hand_rows`: after the run, the inventory-quantity rows with on hand below zero
 *   (must be 0): counted in the `inventory_quantities` read model on PostgreSQL, from both
 *   locations' item lists on PGlite.
 * - `ok`: after the run every transfer made (warm-up included) is Transferred (status 28); at the
 *   depot every item holds exactly what the bench moved there and nothing is in transit; at the
 *   store exactly the seed less that; no negative row. A failed step or check sets `ok: false` and
 *   exit code 1.
 *
 * The store is seeded with SEED units of every item (an adjustment each) before the run, far more
 * than the run moves, so no send runs out; transfers go one way.
 *
 * Loops, rounds and step timing: bench/support/flows.ts (shared with bench:order-to-cash).
 */
import { Client } from 'pg';
import { Api, apiClient, bootstrapKey, startApiServer } from './support/api-server';
import {
  alternatingRounds,
  customerCreates,
  FlowSteps,
  printFlowTable,
  flowFigures,
  reportFlows,
  rotatingLines,
} from './support/flows';
import { concurrently, log } from './support/measure';

const quick = process.env.BENCH_QUICK === '1';
const ROUNDS = 3;
const ROUND_S = quick ? 2 : 10;
const WARM_UP_S = 2;
const CLIENTS = 16;
const ITEMS = 20;
const LINES = 10;
const SEED = 1_000_000;

const STEPS = ['create', 'send', 'receive'] as const;
type Step = (typeof STEPS)[number];

interface Shop {
  origin: string;
  destination: string;
  itemIds: string[];
}

async function main(): Promise<void> {
  if (!process.env.DATABASE_URL) log('DATABASE_URL is not set: measuring on PGlite, not PostgreSQL');
  const server = await startApiServer(process.env.DATABASE_URL, { LOG_LEVEL: 'error' });
  const db = server.databaseUrl ? new Client({ connectionString: server.databaseUrl }) : undefined;
  try {
    await db?.connect();
    const key = await bootstrapKey(server);
    const api = apiClient(server.url, key);
    const shop = await setUp(api);
    const steps = new FlowSteps(STEPS);
    const transfers: string[] = [];
    const moved = new Map<string, number>();
    let n = 0;
    const { rounds, median } = await alternatingRounds({
      clients: CLIENTS,
      rounds: ROUNDS,
      roundS: ROUND_S,
      warmUpS: WARM_UP_S,
      baselineLabel: 'customers',
      flowLabel: 'transfer flows',
      baseline: customerCreates(api),
      flow: () => flow(api, shop, n++, steps, transfers, moved),
      steps,
    });

    const check = await checkAfterRun(api, db, shop, transfers, moved);
    const stepFigures = steps.percentiles();
    printFlowTable(
      CLIENTS,
      { baseline: 'customer creates (baseline)', flow: 'transfer flows' },
      median,
      stepFigures,
    );
    const failures = [
      steps.failures.length > 0 && `${steps.failures.length} flow steps failed: ${steps.failures[0]}`,
      check.transferFailures.length > 0 &&
        `${check.transferFailures.length} transfers not transferred: ${check.transferFailures.slice(0, 3).join('; ')}`,
      check.stockFailures.length > 0 && `stock wrong: ${check.stockFailures.slice(0, 5).join('; ')}`,
      check.negativeRows > 0 && `${check.negativeRows} rows with negative on hand`,
    ];
    reportFlows(
      {
        ...flowFigures(
          server.store,
          { round_s: ROUND_S, clients: CLIENTS, lines: LINES },
          rounds,
          median,
          stepFigures,
        ),
        transfers_checked: transfers.length,
        units_moved: [...moved.values()].reduce((a, b) => a + b, 0),
        failed_steps: steps.failures.length,
        transfers_not_transferred: check.transferFailures.length,
        stock_wrong: check.stockFailures.length,
        in_transit_after: check.inTransit,
        negative_on_hand_rows: check.negativeRows,
      },
      failures,
    );
  } finally {
    await db?.end();
    await server.stop();
  }
}

/** One transfer sent and received: each step timed by `steps`; what arrived counted per item. */
async function flow(
  api: Api,
  shop: Shop,
  i: number,
  steps: FlowSteps<Step>,
  transfers: string[],
  moved: Map<string, number>,
): Promise<void> {
  const step = <T>(name: Step, call: () => Promise<T>): Promise<T> => steps.step(name, call);
  const body = transferBody(shop, i);
  const transfer = await step('create', () => api('POST', '/api/v3/stock-transfers', body));
  const id = transfer.id as string;
  transfers.push(id);
  await step('send', () => api('POST', `/api/v3/stock-transfers/${id}/send`, {}));
  await step('receive', () => api('POST', `/api/v3/stock-transfers/${id}/receive`, {}));
  for (const line of body.lines) moved.set(line.item_id, (moved.get(line.item_id) ?? 0) + line.quantity);
}

/** Every transfer Transferred; each location's stock as moved, nothing in transit, no negative row. */
async function checkAfterRun(
  api: Api,
  db: Client | undefined,
  shop: Shop,
  transfers: readonly string[],
  moved: ReadonlyMap<string, number>,
) {
  const transferFailures: string[] = [];
  await concurrently(8, transfers.length, async (_, i) => {
    const id = transfers[i];
    try {
      const transfer = await api('GET', `/api/v3/stock-transfers/${id}`);
      if (transfer.status_id !== 28) transferFailures.push(`${id}: status_id ${String(transfer.status_id)}`);
    } catch (error) {
      transferFailures.push(`${id}: ${(error as Error).message.slice(0, 200)}`);
    }
  });
  const stockFailures: string[] = [];
  const origin = await stockAt(api, shop.origin);
  const destination = await stockAt(api, shop.destination);
  let inTransit = 0;
  for (const itemId of shop.itemIds) {
    const arrived = moved.get(itemId) ?? 0;
    const there = destination.get(itemId) ?? { quantity: 0, in_transit: 0 };
    const here = origin.get(itemId) ?? { quantity: 0, in_transit: 0 };
    inTransit += there.in_transit + here.in_transit;
    if (there.quantity !== arrived)
      stockFailures.push(`${itemId} at the depot ${there.quantity}, moved ${arrived}`);
    if (here.quantity !== SEED - arrived)
      stockFailures.push(`${itemId} at the store ${here.quantity}, expected ${SEED - arrived}`);
    const item = await api('GET', `/api/v3/items/${itemId}`);
    inTransit += Number(item.in_transit);
  }
  if (inTransit !== 0) stockFailures.push(`${inTransit} units still in transit`);
  const negativeRows = db
    ? Number(
        (await db.query<{ n: string }>('select count(*) as n from inventory_quantities where on_hand < 0'))
          .rows[0].n,
      )
    : [...origin.values(), ...destination.values()].filter((row) => row.quantity < 0).length;
  log(
    `checked ${transfers.length} transfers (${transferFailures.length} not transferred), ${shop.itemIds.length} items at 2 locations (${stockFailures.length} wrong), ${negativeRows} negative rows`,
  );
  return { transferFailures, stockFailures, inTransit, negativeRows };
}

/** Each listed item's `location_inventory` at a location (quantity and in transit). */
async function stockAt(api: Api, locationId: string) {
  const list = await api('GET', `/api/v3/items?location_id=${locationId}&limit=100`);
  return new Map(
    (list.data as { id: string; location_inventory: { quantity: number; in_transit: number } }[]).map(
      (item) => [
        item.id,
        {
          quantity: Number(item.location_inventory.quantity),
          in_transit: Number(item.location_inventory.in_transit),
        },
      ],
    ),
  );
}

/** Two locations and ITEMS items kept at the first, SEED of each on hand there. */
async function setUp(api: Api): Promise<Shop> {
  const origin = await api('POST', '/api/v3/locations', { name: 'Store', short_name: 'ST' });
  const destination = await api('POST', '/api/v3/locations', { name: 'Depot', short_name: 'DP' });
  const category = await api('POST', '/api/v3/item-categories', {
    name: 'Bench',
    inventory_type: 'quantity',
  });
  const itemIds: string[] = [];
  for (let i = 0; i < ITEMS; i++) {
    const item = await api('POST', '/api/v3/items', {
      name: `Bench stock ${i}`,
      inventory_type: 'quantity',
      category_id: category.id,
      sku: `TRF-${String(i).padStart(3, '0')}`,
      price: 10 + i + 0.99,
      location_id: origin.id,
    });
    await api('POST', `/api/v3/items/${item.id as string}/adjustments`, {
      location_id: origin.id,
      quantity: SEED,
      reason: 'count',
    });
    itemIds.push(item.id as string);
  }
  return { origin: origin.id as string, destination: destination.id as string, itemIds };
}

/** LINES inventory lines over the items in turn, quantities 1 to 7. */
function transferBody(shop: Shop, i: number) {
  return {
    origin_location_id: shop.origin,
    destination_location_id: shop.destination,
    lines: rotatingLines(shop.itemIds, i, LINES, 7),
  };
}

main().catch((error: unknown) => {
  console.error(error);
  process.exit(1);
});
