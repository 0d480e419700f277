/**
 * npm run bench:order-to-cash — whole sales-order flows through the HTTP app under load. The API runs
 * as `npm start` does, in a child process, on a fresh PostgreSQL database when DATABASE_URL is set,
 * else on PGlite. A table, then as the last line one JSON object:
 *
 * - `flow_ratio`: complete flows/s ÷ customer creates/s (the baseline), alternating in three rounds
 *   (after a warm-up of each), the median round's ratio. A flow is five sequential calls, each
 *   answered with read-your-writes (the API's writes wait for the read models): create a 10-line
 *   order → invoice all of it → pay the invoice's total → pack every line → ship that packing list.
 * - `steps`: each step's p50/p99 in ms over the measured flow rounds (where a slow flow spends),
 *   refused answers included.
 * - `lag_p99_ms`: during the measured flow rounds, a sampler in this process reads the database
 *   every 10 ms (one `pg` connection). For each projector (reactors left out) it finds the oldest
 *   finished event beyond its stored checkpoint (`projection_checkpoint`) of a type the projector
 *   handles, and takes how long ago that event was recorded (the database's clock_timestamp()
 *   minus its `recorded_at`): how long that read model has owed it. A sample is the worst
 *   projector's age, 0 when none owes an event. Positions are transaction ids, not time, hence a
 *   time measure. A projector stores its checkpoint past events it ignores only every 250 ms (a
 *   write saved per batch), so the stored checkpoints alone trail by up to that without any read
 *   model being stale: `lag_stored_checkpoints_p99_ms` reports that raw figure (any event beyond
 *   the slowest stored projector checkpoint), `lag_with_reactors_p99_ms` the same with reactors.
 * - `ok`: after the run every order made (warm-up included) is read back: invoiced, paid, packed
 *   and shipped 100 %, `amount_due` '0.0000'; and every item's `quantity_reserved` is 0. A failure
 *   (or any failed step) sets `ok: false` and exit code 1.
 *
 * A refused step counts as a failed step (`failed_steps`, `ok: false`). After a 409 on
 * `POST …/invoice` (once seen, when the invoice number was drawn inside the reactor step) the client
 * looks for the invoice through `GET …/invoices` and finishes the flow, to check the rest; such a
 * flow is counted as failed (`invoice_conflicts`), not in flows/s.
 *
 * Client style: both phases are 16 async loops in this process, one request at a time each (the
 * loops, rounds and step timing are bench/support/flows.ts, shared with bench:purchasing and
 * bench:transfers; why not autocannon is said there).
 */
import { randomUUID } from 'node:crypto';
import { Client } from 'pg';
import { projectors } from '@app/read-models';
import { Api, apiClient, bootstrapKey, startApiServer } from './support/api-server';
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
import { concurrently, log, percentile, round } from './support/measure';

const quick = process.env.BENCH_QUICK === '1';
const ROUNDS = 3;
const ROUND_S = quick ? 2 : 10;
const WARM_UP_S = 2;
const CLIENTS = 16;
const ITEMS = 20;
const LINES = 10;
const LAG_SAMPLE_MS = 10;

const STEPS = ['create', 'invoice', 'pay', 'pack', 'ship'] as const;
type Step = (typeof STEPS)[number];

async function main(): Promise<void> {
  if (!process.env.DATABASE_URL) log('DATABASE_URL is not set: measuring on PGlite, not PostgreSQL');
  const server = await startApiServer(process.env.DATABASE_URL, { LOG_LEVEL: 'error' });
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
    const lag: LagSamples = { projectors: [], stored: [], owing: new Map(), all: [], slowest: new Map() };
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
      duringFlows: db ? () => sampleLag(db, reactors, lag) : undefined,
    });
    const sampledMs = rounds.reduce((sum, r) => sum + r.flow.seconds * 1000, 0);
    const lags = [...lag.projectors].sort((a, b) => a - b);
    const allLags = [...lag.all].sort((a, b) => a - b);
    const storedLags = [...lag.stored].sort((a, b) => a - b);

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
        lag_p50_ms: db ? round(percentile(lags, 50), 1) : null,
        lag_p99_ms: db ? round(percentile(lags, 99), 1) : null,
        lag_max_ms: db ? round(lags[lags.length - 1] ?? 0, 1) : null,
        lag_stored_checkpoints_p99_ms: db ? round(percentile(storedLags, 99), 1) : null,
        lag_p99_ms_target: 50,
        lag_with_reactors_p50_ms: db ? round(percentile(allLags, 50), 1) : null,
        lag_with_reactors_p99_ms: db ? round(percentile(allLags, 99), 1) : null,
        lag_samples: lags.length,
        // The sampler waits 10 ms after each sample's start; a slow query stretches it.
        lag_sample_interval_ms: lags.length > 0 ? round(sampledMs / lags.length, 1) : null,
        owing_projector: Object.fromEntries([...lag.owing].sort((a, b) => b[1] - a[1]).slice(0, 5)),
        slowest_checkpoint: Object.fromEntries([...lag.slowest].sort((a, b) => b[1] - a[1]).slice(0, 5)),
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

interface LagSamples {
  /**
   * The lag: for the projectors (reactors left out), the age of the oldest event a
   * projector handles and has not applied yet, the worst projector per sample (0 when none owes).
   */
  projectors: number[];
  /** The same age measured from the stored checkpoints alone, any event type (see the header). */
  stored: number[];
  /** How often each projector owed the oldest event, when one did. */
  owing: Map<string, number>;
  /** Slowest of projectors and reactors. */
  all: number[];
  /** How often each projector (or reactor) was the slowest, when behind. */
  slowest: Map<string, number>;
}

/**
 * Every LAG_SAMPLE_MS until stopped: the age in ms of the first event beyond the slowest checkpoint
 * within the visible head (0 when none), and which projector held the slowest checkpoint.
 */
function sampleLag(db: Client, reactors: readonly string[], into: LagSamples) {
  let running = true;
  const done = (async () => {
    while (running) {
      const started = performance.now();
      const { rows } = await db.query<{
        projector: string;
        lag_ms: string | null;
        any_projector: string;
        any_lag_ms: string | null;
      }>(LAG_SQL, [reactors]);
      const owed = (await db.query<{ name: string; lag_ms: string }>(OWED_LAG_SQL, [HANDLED])).rows[0];
      into.projectors.push(Number(owed?.lag_ms ?? 0));
      if (owed) into.owing.set(owed.name, (into.owing.get(owed.name) ?? 0) + 1);
      const row = rows[0];
      if (row) {
        into.stored.push(Number(row.lag_ms ?? 0));
        into.all.push(Number(row.any_lag_ms ?? 0));
        if (row.any_lag_ms !== null)
          into.slowest.set(row.any_projector, (into.slowest.get(row.any_projector) ?? 0) + 1);
      }
      const wait = LAG_SAMPLE_MS - (performance.now() - started);
      if (wait > 0) await new Promise((resolve) => setTimeout(resolve, wait));
    }
  })();
  return {
    async stop() {
      running = false;
      await done;
    },
  };
}

/**
 * Each projector's name and the event types it applies (null: every type), and for a projector
 * that also declares `accepts` (a predicate in code), the same test in SQL: keyed_writes takes only
 * events that carry an Idempotency-Key.
 */
const ACCEPTS_SQL: Record<string, string> = { keyed_writes: "e.metadata ? 'idempotency_key'" };
const HANDLED = JSON.stringify(
  projectors.map((p) => ({ name: p.name, handles: p.handles ?? null, keyed: p.name in ACCEPTS_SQL })),
);
if (projectors.some((p) => p.accepts && !(p.name in ACCEPTS_SQL)))
  throw new Error('a projector declares accepts without its SQL test here (ACCEPTS_SQL)');

/**
 * The age in ms of the oldest finished event some projector handles and has not applied (beyond its
 * stored checkpoint), over every projector; null when none owes one. A projector that handles none
 * of the events beyond its stored checkpoint is up to date however far that checkpoint trails (it
 * stores its position past ignored events only every 250 ms, a write it saves), so it owes nothing.
 */
const OWED_LAG_SQL = `
  with spec as (select * from jsonb_to_recordset($1::jsonb) as s(name text, handles jsonb, keyed boolean)),
  owed as (
    select s.name, (select extract(epoch from clock_timestamp() - e.recorded_at) * 1000
                      from events e
                     where e.transaction_id < pg_snapshot_xmin(pg_current_snapshot())
                       and (c.commit_position is null
                            or (e.transaction_id, e.position) > (c.commit_position::text::xid8, c.prepare_position))
                       and (s.handles is null or e.type in (select jsonb_array_elements_text(s.handles)))
                       and (not s.keyed or ${ACCEPTS_SQL.keyed_writes})
                     order by e.transaction_id, e.position limit 1) as lag_ms
      from spec s join projection_checkpoint c on c.projector = s.name)
  select name, lag_ms::text from owed where lag_ms is not null order by lag_ms desc limit 1`;

/**
 * The age in ms of the first finished event beyond a checkpoint (null at the head), for the slowest
 * projector (reactors, $1, left out) and the slowest of all checkpoints ('start' counts as slowest).
 */
const LAG_SQL = `
  with cps as (
    select projector, commit_position, prepare_position, projector = any($1::text[]) as reactor
      from projection_checkpoint),
  slowest_projector as (
    select * from cps where not reactor
     order by commit_position asc nulls first, prepare_position asc nulls first limit 1),
  slowest_any as (
    select * from cps order by commit_position asc nulls first, prepare_position asc nulls first limit 1)
  select p.projector, ${age('p')} as lag_ms, a.projector as any_projector, ${age('a')} as any_lag_ms
    from slowest_projector p, slowest_any a`;

function age(cp: string): string {
  return `(select extract(epoch from clock_timestamp() - e.recorded_at) * 1000
       from events e
      where e.transaction_id < pg_snapshot_xmin(pg_current_snapshot())
        and (${cp}.commit_position is null
             or (e.transaction_id, e.position) > (${cp}.commit_position::text::xid8, ${cp}.prepare_position))
      order by e.transaction_id, e.position limit 1)::text`;
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
