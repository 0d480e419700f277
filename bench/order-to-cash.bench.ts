/**
 * npm run bench:order-to-cash — whole sales-order flows through the HTTP app under load. The API runs
 * as `npm start` does, in a child process, on a fresh PostgreSQL database when DATABASE_URL is set,
 * else on PGlite. A table, then as the last line one JSON object:
 *
 * - `flow_ratio`: complete flows/s ÷ customer creates/s (the baseline), alternating in three rounds
 *   (BENCH_ROUNDS=n for more, to see whether anything slows as the tables grow; after a warm-up of
 *   each), the median round's ratio. A flow is five sequential calls, each
 *   answered with read-your-writes (the API's writes wait for the read models): create a 10-line
 *   order → invoice all of it → pay the invoice's total → pack every line → ship that packing list.
 * - `steps`: each step's p50/p99 in ms over the measured flow rounds (where a slow flow spends),
 *   refused answers included.
 * - `lag_p99_ms`: from the end of the warm-ups to the end of the last round (both phases), a
 *   sampler in this process reads the database every 10 ms on its own `pg` connection and takes the
 *   age of the oldest event some projector (reactors left out) handles and has not applied
 *   (bench/support/lag-sampler.ts says how, and why its raw companion figures differ).
 * - `ok`: after the run every order made (warm-up included) is read back: invoiced, paid, packed
 *   and shipped 100 %, `amount_due` '0.0000'; and every item's `quantity_reserved` is 0. A failure
 *   (or any failed step) sets `ok: false` and exit code 1.
 *
 * A refused step counts as a failed step (`failed_steps`, `ok: false`). After a 409 on
 * `POST …/invoice` (once seen, when the invoice number was drawn inside the reactor step) the client
 * looks for the invoice through `GET …/invoices` and finishes the flow, to check the rest; such a
 * flow is counted as failed (`invoice_conflicts`), not in flows/s.
 *
 * Client style: both phases are 16 async loops in this process (BENCH_CLIENTS=n for another
 * number, to see how the figures move with load), one request at a time each (the loops, rounds
 * and step timing are bench/support/flows.ts, shared with bench:purchasing and bench:transfers;
 * why not autocannon is said there).
 */
import { randomUUID } from 'node:crypto';
import { Client } from 'pg';
import { projectors } from '@app/read-models';
import { Api, apiClient, bootstrapKey, startApiServer } from './support/api-server';
import { LagFigures, lagSampler } from './support/lag-sampler';
import {
  alternatingRounds,
  customerBody,
  customerCreates,
  FlowSteps,
  printFlowTable,
  flowFigures,
  reportFlows,
  rotatingLines,
} from './support/flows';
import { concurrently, log } from './support/measure';

const quick = process.env.BENCH_QUICK === '1';
const ROUNDS = Number(process.env.BENCH_ROUNDS ?? 3);
const ROUND_S = quick ? 2 : 10;
const WARM_UP_S = 2;
const CLIENTS = Number(process.env.BENCH_CLIENTS ?? 16);
const ITEMS = 20;
const LINES = 10;
const LAG_SAMPLE_MS = 10;

const STEPS = ['create', 'invoice', 'pay', 'pack', 'ship'] as const;
type Step = (typeof STEPS)[number];

async function main(): Promise<void> {
  if (!process.env.DATABASE_URL) log('DATABASE_URL is not set: measuring on PGlite, not PostgreSQL');
  // BENCH_LOG_LEVEL=warn shows the API's warnings (a write answered before its read models).
  const server = await startApiServer(process.env.DATABASE_URL, {
    LOG_LEVEL: process.env.BENCH_LOG_LEVEL ?? 'error',
  });
  const db = server.databaseUrl ? new Client({ connectionString: server.databaseUrl }) : undefined;
  try {
    await db?.connect();
    if (!db) log('no PostgreSQL database to sample: lag_p99_ms is not measured on PGlite');
    const key = await bootstrapKey(server);
    const api = apiClient(server.url, key);
    const { customerId, itemIds } = await setUp(api);
    const paymentDate = new Date().toISOString().slice(0, 10);
    const steps = new FlowSteps(STEPS);
    const orders: string[] = [];

    const health = (await (await fetch(`${server.url}/health`)).json()) as { reactors: { name: string }[] };
    const reactors = health.reactors.map((r) => r.name);
    let lag: LagFigures | undefined;
    const sampleLag = (client: Client) => {
      const sampler = lagSampler(client, projectors, reactors, LAG_SAMPLE_MS);
      return { stop: async () => (lag = await sampler.stop()) };
    };
    let n = 0;
    const { rounds, median } = await alternatingRounds({
      clients: CLIENTS,
      rounds: ROUNDS,
      roundS: ROUND_S,
      warmUpS: WARM_UP_S,
      baselineLabel: 'customers',
      flowLabel: 'flows',
      baseline: customerCreates(api),
      flow: () => flow(api, customerId, itemIds, n++, paymentDate, steps, orders),
      steps,
      duringRounds: db && (() => sampleLag(db)),
    });

    const check = await checkAfterRun(api, orders, itemIds);
    const stepFigures = steps.percentiles();
    printFlowTable(
      CLIENTS,
      { baseline: 'customer creates (baseline)', flow: 'order-to-cash flows' },
      median,
      stepFigures,
    );
    const failures = [
      steps.failures.length > 0 && `${steps.failures.length} flow steps failed: ${steps.failures[0]}`,
      check.orderFailures.length > 0 &&
        `${check.orderFailures.length} orders not complete: ${check.orderFailures.slice(0, 3).join('; ')}`,
      check.reserved.length > 0 && `items still reserved: ${check.reserved.slice(0, 5).join('; ')}`,
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
        lag_p99_ms_target: 50,
        ...lag,
        orders_checked: orders.length,
        failed_steps: steps.failures.length,
        invoice_conflicts: steps.failures.filter((f) => f.startsWith('invoice:') && / 409 /.test(f)).length,
        incomplete_orders: check.orderFailures.length,
        items_still_reserved: check.reserved.length,
      },
      failures,
    );
  } finally {
    await db?.end();
    await server.stop();
  }
}

/** One order to cash: each step timed by `steps`; a failure recorded there, then rethrown. */
async function flow(
  api: Api,
  customerId: string,
  itemIds: readonly string[],
  i: number,
  paymentDate: string,
  steps: FlowSteps<Step>,
  orders: string[],
): Promise<void> {
  const step = <T>(name: Step, call: () => Promise<T>): Promise<T> => steps.step(name, call);
  const order = await step('create', () =>
    api('POST', '/api/v3/sales-orders', orderBody(customerId, itemIds, i)),
  );
  const orderId = order.id as string;
  orders.push(orderId);
  let recovered = false;
  const invoice = await step('invoice', () =>
    api('POST', `/api/v3/sales-orders/${orderId}/invoice`, {}),
  ).catch(async (error: unknown) => {
    // A 409 after the order recorded its invoicing (see the header): find the invoice and go on.
    if (!/: 409 /.test((error as Error).message)) throw error;
    recovered = true;
    return linkedInvoice(api, orderId);
  });
  await step('pay', () =>
    api('POST', `/api/v3/invoices/${invoice.id as string}/payments`, {
      amount: invoice.total,
      payment_date: paymentDate,
    }),
  );
  const lines = (order.lines as { id: string; quantity: unknown; item_id?: string | null }[])
    .filter((line) => line.item_id)
    .map((line) => ({ id: line.id, quantity: line.quantity }));
  const fulfillment = await step('pack', () =>
    api('POST', `/api/v3/sales-orders/${orderId}/fulfillments`, { lines }),
  );
  await step('ship', () =>
    api('POST', `/api/v3/sales-orders/${orderId}/fulfillments/${fulfillment.id as string}/ship`, {}),
  );
  if (recovered) throw new Error(`order ${orderId}: completed after its invoice step was refused`);
}

/** The one invoice made from the order, once it exists (the reactor may still be making it): up to 60 s. */
async function linkedInvoice(api: Api, orderId: string): Promise<Record<string, unknown>> {
  const deadline = performance.now() + 60_000;
  while (performance.now() < deadline) {
    const list = await api('GET', `/api/v3/sales-orders/${orderId}/invoices`);
    const [first] = list.data as { id: string }[];
    if (first) return api('GET', `/api/v3/invoices/${first.id}`);
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
  throw new Error(`order ${orderId}: no invoice made from it within 60 s`);
}

/** Every order 100 % invoiced, paid, packed and shipped with nothing due; every item unreserved. */
async function checkAfterRun(api: Api, orders: readonly string[], itemIds: readonly string[]) {
  const orderFailures: string[] = [];
  await concurrently(8, orders.length, async (_, i) => {
    const id = orders[i];
    try {
      const order = await api('GET', `/api/v3/sales-orders/${id}`);
      const wrong = ['invoiced_percent', 'paid_percent', 'packed_percent', 'shipped_percent']
        .filter((field) => Number(order[field]) !== 100)
        .map((field) => `${field} ${String(order[field])}`);
      if (order.amount_due !== '0.0000') wrong.push(`amount_due ${String(order.amount_due)}`);
      if (wrong.length > 0) orderFailures.push(`${id}: ${wrong.join(', ')}`);
    } catch (error) {
      orderFailures.push(`${id}: ${(error as Error).message.slice(0, 200)}`);
    }
  });
  const reserved: string[] = [];
  for (const itemId of itemIds) {
    const item = await api('GET', `/api/v3/items/${itemId}`);
    if (Number(item.quantity_reserved) !== 0) reserved.push(`${itemId} ${String(item.quantity_reserved)}`);
  }
  log(
    `checked ${orders.length} orders (${orderFailures.length} incomplete) and ${itemIds.length} items (${reserved.length} reserved)`,
  );
  return { orderFailures, reserved };
}

/** A customer with tax rates (so every line is taxed) and ITEMS priced stocked items. */
async function setUp(api: Api): Promise<{ customerId: string; itemIds: string[] }> {
  const customer = await api('POST', '/api/v3/customers', customerBody(-1));
  const category = await api('POST', '/api/v3/item-categories', {
    name: 'Bench',
    inventory_type: 'quantity',
  });
  const itemIds: string[] = [];
  for (let i = 0; i < ITEMS; i++) {
    const item = await api('POST', '/api/v3/items', {
      name: `Bench item ${i}`,
      inventory_type: 'quantity',
      category_id: category.id,
      description: `Item ${i} for the order-to-cash benchmark`,
      sku: `O2C-${String(i).padStart(3, '0')}`,
      price: 10 + i + 0.99,
      cost: 5 + i / 4,
    });
    itemIds.push(item.id as string);
  }
  return { customerId: customer.id as string, itemIds };
}

/** LINES inventory lines over the items in turn, quantities 1 to 7. */
function orderBody(customerId: string, itemIds: readonly string[], i: number) {
  return {
    customer_id: customerId,
    purchase_order_number: `PO-${i}-${randomUUID().slice(0, 8)}`,
    lines: rotatingLines(itemIds, i, LINES, 7),
  };
}

main().catch((error: unknown) => {
  console.error(error);
  process.exit(1);
});
