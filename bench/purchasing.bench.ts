/**
 * npm run bench:purchasing — whole procure flows through the HTTP app under load (issue 13 item 8).
 * The API runs as `npm start` does, in a child process, on a fresh PostgreSQL database when
 * DATABASE_URL is set, else on PGlite; the account has `purchase_order_payments_enabled`. A table,
 * then as the last line one JSON object:
 *
 * - `flow_ratio`: complete flows/s ÷ customer creates/s (the baseline), alternating in three rounds
 *   (after a warm-up of each), the median round's ratio (target at least 0.05). A flow is five
 *   sequential calls, each answered with read-your-writes (the API's writes wait for the read
 *   models): create a 10-line purchase order → send it → receive half of every line → receive the
 *   rest → pay its `amount_due` in full.
 * - `steps`: each step's p50/p99 in ms over the measured flow rounds, refused answers included.
 * - `ok`: after the run every order made (warm-up included) is read back: Received (status 20),
 *   every line's `quantity_received` its `quantity`, `amount_due` zero and `date_fully_paid` set;
 *   and every item's `quantity` (on hand) rose by exactly what the bench received of it and its
 *   `quantity_incoming` is 0. A failed step or check sets `ok: false` and exit code 1.
 *
 * Loops, rounds and step timing: bench/support/flows.ts (shared with bench:order-to-cash).
 */
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

const STEPS = ['create', 'send', 'receive_half', 'receive_rest', 'pay'] as const;
type Step = (typeof STEPS)[number];

interface Shop {
  supplierId: string;
  locationId: string;
  itemIds: string[];
}

interface OrderLine {
  id: string;
  item_id: string | null;
  quantity: number | string;
}

async function main(): Promise<void> {
  if (!process.env.DATABASE_URL) log('DATABASE_URL is not set: measuring on PGlite, not PostgreSQL');
  const server = await startApiServer(process.env.DATABASE_URL, { LOG_LEVEL: 'error' });
  try {
    const key = await bootstrapKey(server, { purchase_order_payments_enabled: true });
    const api = apiClient(server.url, key);
    const shop = await setUp(api);
    const onHandBefore = await onHand(api, shop.itemIds);
    const paymentDate = new Date().toISOString().slice(0, 10);
    const steps = new FlowSteps(STEPS);
    const orders: string[] = [];
    const received = new Map<string, number>();
    let n = 0;
    const { rounds, median } = await alternatingRounds({
      clients: CLIENTS,
      rounds: ROUNDS,
      roundS: ROUND_S,
      warmUpS: WARM_UP_S,
      baselineLabel: 'customers',
      flowLabel: 'procure flows',
      baseline: customerCreates(api),
      flow: () => flow(api, shop, n++, paymentDate, steps, orders, received),
      steps,
    });

    const check = await checkAfterRun(api, orders, shop.itemIds, onHandBefore, received);
    const stepFigures = steps.percentiles();
    printFlowTable(
      CLIENTS,
      { baseline: 'customer creates (baseline)', flow: 'procure flows' },
      median,
      stepFigures,
    );
    const failures = [
      steps.failures.length > 0 && `${steps.failures.length} flow steps failed: ${steps.failures[0]}`,
      check.orderFailures.length > 0 &&
        `${check.orderFailures.length} orders not complete: ${check.orderFailures.slice(0, 3).join('; ')}`,
      check.itemFailures.length > 0 && `items wrong: ${check.itemFailures.slice(0, 5).join('; ')}`,
    ];
    reportFlows(
      {
        ...flowFigures(
          server.store,
          { round_s: ROUND_S, clients: CLIENTS, lines: LINES },
          rounds,
          median,
          stepFigures,
          0.05,
        ),
        orders_checked: orders.length,
        units_received: [...received.values()].reduce((a, b) => a + b, 0),
        failed_steps: steps.failures.length,
        incomplete_orders: check.orderFailures.length,
        items_wrong: check.itemFailures.length,
      },
      failures,
    );
  } finally {
    await server.stop();
  }
}

/** One procure flow: each step timed by `steps`; what was received counted per item. */
async function flow(
  api: Api,
  shop: Shop,
  i: number,
  paymentDate: string,
  steps: FlowSteps<Step>,
  orders: string[],
  received: Map<string, number>,
): Promise<void> {
  const step = <T>(name: Step, call: () => Promise<T>): Promise<T> => steps.step(name, call);
  const order = await step('create', () => api('POST', '/api/v3/purchase-orders', orderBody(shop, i)));
  const orderId = order.id as string;
  orders.push(orderId);
  await step('send', () => api('POST', `/api/v3/purchase-orders/${orderId}/send`, {}));
  const lines = (order.lines as OrderLine[])
    .filter((line) => line.item_id)
    .map((line) => ({ id: line.id, itemId: line.item_id!, quantity: Number(line.quantity) }));
  const receive = async (name: Step, part: (quantity: number) => number) => {
    const entries = lines
      .map((line) => ({ line, quantity: part(line.quantity) }))
      .filter((entry) => entry.quantity > 0);
    const answer = await step(name, () =>
      api('POST', `/api/v3/purchase-orders/${orderId}/receive`, {
        lines: entries.map((entry) => ({ line_id: entry.line.id, quantity: entry.quantity })),
      }),
    );
    for (const { line, quantity } of entries)
      received.set(line.itemId, (received.get(line.itemId) ?? 0) + quantity);
    return answer;
  };
  await receive('receive_half', (quantity) => Math.floor(quantity / 2));
  const done = await receive('receive_rest', (quantity) => quantity - Math.floor(quantity / 2));
  await step('pay', () =>
    api('POST', `/api/v3/purchase-orders/${orderId}/payments`, {
      amount: done.amount_due,
      payment_date: paymentDate,
    }),
  );
}

/** Every order received in full and paid; every item's on hand up by what was received, none incoming. */
async function checkAfterRun(
  api: Api,
  orders: readonly string[],
  itemIds: readonly string[],
  before: ReadonlyMap<string, { quantity: number }>,
  received: ReadonlyMap<string, number>,
) {
  const orderFailures: string[] = [];
  await concurrently(8, orders.length, async (_, i) => {
    const id = orders[i];
    try {
      const order = await api('GET', `/api/v3/purchase-orders/${id}`);
      const wrong: string[] = [];
      if (order.status_id !== 20) wrong.push(`status_id ${String(order.status_id)}`);
      if (Number(order.amount_due) !== 0) wrong.push(`amount_due ${String(order.amount_due)}`);
      if (!order.date_fully_paid) wrong.push('date_fully_paid null');
      const short = (order.lines as (OrderLine & { quantity_received: number | string })[]).filter(
        (line) => line.item_id && Number(line.quantity_received) !== Number(line.quantity),
      );
      if (short.length > 0) wrong.push(`${short.length} lines not received in full`);
      if (wrong.length > 0) orderFailures.push(`${id}: ${wrong.join(', ')}`);
    } catch (error) {
      orderFailures.push(`${id}: ${(error as Error).message.slice(0, 200)}`);
    }
  });
  const itemFailures: string[] = [];
  const after = await onHand(api, itemIds);
  for (const itemId of itemIds) {
    const { quantity, incoming } = after.get(itemId)!;
    const expected = before.get(itemId)!.quantity + (received.get(itemId) ?? 0);
    if (quantity !== expected) itemFailures.push(`${itemId} on hand ${quantity}, expected ${expected}`);
    if (incoming !== 0) itemFailures.push(`${itemId} incoming ${incoming}`);
  }
  log(
    `checked ${orders.length} orders (${orderFailures.length} incomplete) and ${itemIds.length} items (${itemFailures.length} wrong)`,
  );
  return { orderFailures, itemFailures };
}

/** Each item's on hand (`quantity`) and `quantity_incoming`. */
async function onHand(api: Api, itemIds: readonly string[]) {
  const figures = new Map<string, { quantity: number; incoming: number }>();
  for (const itemId of itemIds) {
    const item = await api('GET', `/api/v3/items/${itemId}`);
    figures.set(itemId, { quantity: Number(item.quantity), incoming: Number(item.quantity_incoming) });
  }
  return figures;
}

/**
 * A receiving location, a supplier with a tax rate and ITEMS stocked items kept there. Costs are
 * multiples of 0.50, so with the supplier's 10 % every total is whole cents: a payment takes at most
 * two decimals, and an order whose total has sub-cent digits (one line of 1 at 7.25 owes 0.725 tax)
 * could never be paid in full (see docs/performance.md).
 */
async function setUp(api: Api): Promise<Shop> {
  const location = await api('POST', '/api/v3/locations', { name: 'Warehouse', short_name: 'WH' });
  const supplier = await api('POST', '/api/v3/suppliers', {
    name: 'Parts Co',
    tax_rate: 10,
    payment_terms: 'Net 30',
    account_number: 'S-1',
  });
  const category = await api('POST', '/api/v3/item-categories', {
    name: 'Bench',
    inventory_type: 'quantity',
  });
  const itemIds: string[] = [];
  for (let i = 0; i < ITEMS; i++) {
    const item = await api('POST', '/api/v3/items', {
      name: `Bench part ${i}`,
      inventory_type: 'quantity',
      category_id: category.id,
      sku: `PUR-${String(i).padStart(3, '0')}`,
      price: 10 + i + 0.99,
      cost: 5 + i / 2,
      location_id: location.id,
    });
    itemIds.push(item.id as string);
  }
  return { supplierId: supplier.id as string, locationId: location.id as string, itemIds };
}

/** LINES inventory lines over the items in turn, quantities 1 to 13 (odd ones split unevenly). */
function orderBody(shop: Shop, i: number) {
  return {
    supplier_id: shop.supplierId,
    location_id: shop.locationId,
    lines: rotatingLines(shop.itemIds, i, LINES, 13),
  };
}

main().catch((error: unknown) => {
  console.error(error);
  process.exit(1);
});
