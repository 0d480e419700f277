/**
 * npm run bench:estimates — estimate creates through the HTTP app under load (autocannon), issue 5:
 * 10-line and 500-line estimates, beside customer creates measured in the same run as the baseline
 * (one event, no lines), alternating with the 10-line creates in three short rounds whose median
 * ratio is create10_ratio. The API runs as `npm start` does, in a child process, on a fresh PostgreSQL
 * database when DATABASE_URL is set, else on PGlite. A table, then as the last line one JSON object.
 */
import autocannon from 'autocannon';
import { Api, apiClient, bootstrapKey, startApiServer } from './support/api-server';
import { Figures, load } from './support/load';
import { log, medianRound, round } from './support/measure';

const quick = process.env.BENCH_QUICK === '1';
const DURATION_S = quick ? 3 : 15;
const ROUNDS = 3;
const ROUND_S = quick ? 2 : 5;
const CONNECTIONS = 16;
/** A 500-line create carries ~35 KB and 500 lines to calculate and project: fewer at once. */
const CONNECTIONS_500 = 4;
const ITEMS = 20;

interface Phase {
  label: string;
  connections: number;
  figures: Figures;
}

async function main(): Promise<void> {
  if (!process.env.DATABASE_URL) log('DATABASE_URL is not set: measuring on PGlite, not PostgreSQL');
  const server = await startApiServer(process.env.DATABASE_URL);
  try {
    const key = await bootstrapKey(server);
    const api = apiClient(server.url, key);
    const { customerId, itemIds } = await setUp(api);
    await check(api, estimateBody(customerId, itemIds, 10, 0), 10);
    await check(api, estimateBody(customerId, itemIds, 500, 0), 500);

    const auth = { authorization: `Bearer ${key}`, 'content-type': 'application/json' };
    let n = 0;
    const customers: autocannon.Request & { path: string } = {
      method: 'POST',
      path: '/api/v3/customers',
      headers: auth,
      setupRequest: (request) => ({ ...request, body: JSON.stringify(customerBody(n++)) }),
    };
    const estimates = (lines: number): autocannon.Request & { path: string } => ({
      method: 'POST',
      path: '/api/v3/estimates',
      headers: auth,
      setupRequest: (request) => ({
        ...request,
        body: JSON.stringify(estimateBody(customerId, itemIds, lines, n++)),
      }),
    });

    await load(server.url, 'warm-up customers', customers, CONNECTIONS, 2);
    await load(server.url, 'warm-up estimates', estimates(10), CONNECTIONS, 2);
    // Baseline and 10-line creates alternate in short rounds (see medianRound).
    const rounds: { customer: Figures; create10: Figures; ratio: number }[] = [];
    for (let r = 1; r <= ROUNDS; r++) {
      const customer = await load(server.url, `round ${r} customers`, customers, CONNECTIONS, ROUND_S);
      const create10 = await load(server.url, `round ${r} 10 lines`, estimates(10), CONNECTIONS, ROUND_S);
      rounds.push({ customer, create10, ratio: round(create10.rps / customer.rps, 3) });
    }
    const median = medianRound(rounds);
    const phases: Phase[] = [
      phase('customer creates (baseline)', CONNECTIONS, median.customer),
      phase('10-line estimate creates', CONNECTIONS, median.create10),
      phase(
        '500-line estimate creates',
        CONNECTIONS_500,
        await load(server.url, '500 lines', estimates(500), CONNECTIONS_500, DURATION_S),
      ),
    ];
    printTable(phases);
    const [customer, create10, create500] = phases.map((p) => p.figures);
    console.log(
      JSON.stringify({
        store: server.store,
        duration_s: DURATION_S,
        connections: CONNECTIONS,
        connections_500: CONNECTIONS_500,
        customer_create: customer,
        create10,
        create500,
        create10_ratio: median.ratio,
        rounds: rounds.map((r) => ({
          customer_rps: r.customer.rps,
          create10_rps: r.create10.rps,
          ratio: r.ratio,
        })),
        create500_p99_ms: create500.p99_ms,
        create500_lines_per_s: round(create500.rps * 500, 0),
      }),
    );
  } finally {
    await server.stop();
  }
}

function phase(label: string, connections: number, figures: Figures): Phase {
  return { label, connections, figures };
}

/** A customer with tax rates (so every line is taxed) and ITEMS priced items, as a client makes them. */
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
      description: `Item ${i} for the estimate benchmark`,
      sku: `BENCH-${String(i).padStart(3, '0')}`,
      price: 10 + i + 0.99,
      cost: 5 + i / 4,
    });
    itemIds.push(item.id as string);
  }
  return { customerId: customer.id as string, itemIds };
}

/** One create before the load, so a refusal shows its reason rather than a count of failures. */
async function check(api: Api, body: object, lines: number): Promise<void> {
  const estimate = await api('POST', '/api/v3/estimates', body);
  const got = (estimate.lines as { line_type: string }[]).filter((l) => l.line_type !== 'discount').length;
  if (got !== lines) throw new Error(`a ${lines}-line estimate came back with ${got} lines`);
}

function customerBody(i: number) {
  return {
    name: `Acme ${i}`,
    email: `buyer${i}@acme.test`,
    billing_address: ['1 Main St', 'Springfield'],
    tax_rate: 8.875,
    tax_2_rate: 1.5,
    payment_terms: 'Net 30',
  };
}

/** `lines` inventory lines over the items in turn, quantities 1 to 7; every tenth create discounted. */
function estimateBody(customerId: string, itemIds: readonly string[], lines: number, i: number) {
  return {
    customer_id: customerId,
    name: `Bench estimate ${i}`,
    purchase_order_number: `PO-${i}`,
    shipping_fee: 12.5,
    ...(i % 10 === 0 ? { discount_percent: 5 } : {}),
    lines: Array.from({ length: lines }, (_, line) => ({
      item_id: itemIds[(i + line) % itemIds.length],
      quantity: 1 + ((i + line) % 7),
    })),
  };
}

function printTable(phases: Phase[]): void {
  const rows = [
    ['phase', 'conn', 'req/s', 'p50 ms', 'p99 ms', 'requests'],
    ...phases.map(({ label, connections, figures }) => [
      label,
      String(connections),
      figures.rps.toFixed(1),
      String(figures.p50_ms),
      String(figures.p99_ms),
      String(figures.requests),
    ]),
  ];
  const widths = rows[0].map((_, column) => Math.max(...rows.map((row) => row[column].length)));
  for (const row of rows) {
    console.log(
      row
        .map((cell, column) => (column === 0 ? cell.padEnd(widths[column]) : cell.padStart(widths[column])))
        .join('  '),
    );
  }
}

main().catch((error: unknown) => {
  console.error(error);
  process.exit(1);
});
