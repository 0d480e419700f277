/**
 * npm run bench:invoices — invoice creates and payments through the HTTP app under load (autocannon),
 * issue 11 part 12. The API runs as `npm start` does, in a child process, on a fresh PostgreSQL
 * database when DATABASE_URL is set, else on PGlite. A table, then as the last line one JSON object:
 *
 * - `create10_ratio`: 10-line invoice creates/s ÷ customer creates/s (the baseline), alternating in
 *   three short rounds, the median round's ratio (as bench:api and bench:estimates).
 * - `hot_payment_ratio`: payments/s of 16 clients all paying ONE invoice ÷ payments/s of 16 clients
 *   each paying its own invoice, alternating rounds, median. Every client is its own autocannon run
 *   of one connection (the same shape in both phases), so "its own invoice" is exact. No client
 *   sends If-Match: every answer must be 201; `hot_payment_conflicts` counts the 409s (must be 0).
 * - `hot_payments_per_append`: the one invoice's payments ÷ the appends that wrote them (PostgreSQL):
 *   above 1 when payments queued on it were appended together (group commit per stream).
 * - `overpaid_invoices`: after the run, every invoice made in it is folded from its events (the
 *   created total, the sum of its recorded payments) and compared with what GET answers; those paid
 *   beyond their total (must be 0). An overpay phase first has 16 clients pay small invoices with
 *   amounts that together exceed their balance: 201s and 422s counted, the accepted sum checked.
 */
import autocannon from 'autocannon';
import { Client } from 'pg';
import { Api, apiClient, bootstrapKey, startApiServer } from './support/api-server';
import { Figures, load } from './support/load';
import { concurrently, log, medianRound, round } from './support/measure';

const quick = process.env.BENCH_QUICK === '1';
const ROUNDS = 3;
const ROUND_S = quick ? 2 : 5;
const CONNECTIONS = 16;
const ITEMS = 20;
/** Payments of one cent against invoices of about a million: never exhausted within the run. */
const PAYMENT = '0.01';
const OVERPAY_INVOICES = quick ? 2 : 4;
/** Each overpay client sends this many payments to each small invoice. */
const OVERPAY_PER_CLIENT = 4;

interface Phase {
  label: string;
  connections: number;
  figures: Figures;
}

/** Figures of a phase that does not stop at a refusal: its answers by status. */
interface CountedFigures extends Figures {
  label: string;
  statuses: Record<string, number>;
}

async function main(): Promise<void> {
  if (!process.env.DATABASE_URL) log('DATABASE_URL is not set: measuring on PGlite, not PostgreSQL');
  // The overpay phase's 422s are expected: not logged as warnings.
  const server = await startApiServer(process.env.DATABASE_URL, { LOG_LEVEL: 'error' });
  try {
    const key = await bootstrapKey(server);
    const api = apiClient(server.url, key);
    const { customerId, itemIds } = await setUp(api);
    const created = new Set<string>();
    const first = await api('POST', '/api/v3/invoices', invoiceBody(customerId, itemIds, 10, 0));
    if ((first.lines as unknown[]).length < 10) throw new Error('a 10-line invoice came back short');
    created.add(first.id as string);

    const auth = { authorization: `Bearer ${key}`, 'content-type': 'application/json' };
    let n = 0;
    const customers: autocannon.Request & { path: string } = {
      method: 'POST',
      path: '/api/v3/customers',
      headers: auth,
      setupRequest: (request) => ({ ...request, body: JSON.stringify(customerBody(n++)) }),
    };
    const invoices10: autocannon.Request & { path: string } = {
      method: 'POST',
      path: '/api/v3/invoices',
      headers: auth,
      setupRequest: (request) => ({
        ...request,
        body: JSON.stringify(invoiceBody(customerId, itemIds, 10, n++)),
      }),
      // Every invoice made is checked against its events after the run.
      onResponse: (status, body) => {
        const id = status === 201 ? /"id":"([^"]+)"/.exec(body)?.[1] : undefined;
        if (id) created.add(id);
      },
    };

    await load(server.url, 'warm-up customers', customers, CONNECTIONS, 2);
    await load(server.url, 'warm-up invoices', invoices10, CONNECTIONS, 2);
    const createRounds: { customer: Figures; create10: Figures; ratio: number }[] = [];
    for (let r = 1; r <= ROUNDS; r++) {
      const customer = await load(server.url, `round ${r} customers`, customers, CONNECTIONS, ROUND_S);
      const create10 = await load(
        server.url,
        `round ${r} 10-line invoices`,
        invoices10,
        CONNECTIONS,
        ROUND_S,
      );
      createRounds.push({ customer, create10, ratio: round(create10.rps / customer.rps, 3) });
    }
    const createMedian = medianRound(createRounds);

    // One hot invoice and one per client, each of about a million.
    const big = async () => {
      const invoice = await api('POST', '/api/v3/invoices', bigInvoiceBody(customerId));
      created.add(invoice.id as string);
      return invoice.id as string;
    };
    const hotId = await big();
    const ownIds: string[] = [];
    for (let c = 0; c < CONNECTIONS; c++) ownIds.push(await big());
    const paymentDate = new Date().toISOString().slice(0, 10);
    const pay = (invoiceId: string) => payRequest(invoiceId, auth, paymentDate);
    const hot = (label: string, seconds: number) =>
      loadEach(
        server.url,
        label,
        Array.from({ length: CONNECTIONS }, () => pay(hotId)),
        seconds,
      );
    const own = (label: string, seconds: number) => loadEach(server.url, label, ownIds.map(pay), seconds);

    const payPhases: CountedFigures[] = [];
    payPhases.push(await own('warm-up own invoices', 2), await hot('warm-up one invoice', 2));
    const payRounds: { own: CountedFigures; hot: CountedFigures; ratio: number }[] = [];
    for (let r = 1; r <= ROUNDS; r++) {
      const ownFigures = await own(`round ${r} own invoices`, ROUND_S);
      const hotFigures = await hot(`round ${r} one invoice`, ROUND_S);
      payPhases.push(ownFigures, hotFigures);
      payRounds.push({ own: ownFigures, hot: hotFigures, ratio: round(hotFigures.rps / ownFigures.rps, 3) });
    }
    const payMedian = medianRound(payRounds);
    const hotConflicts = sum(payPhases.map((p) => p.statuses['409'] ?? 0));
    const payNon2xx = sum(payPhases.map((p) => p.errors));
    const paymentsAccepted = sum(payPhases.map((p) => p.statuses['201'] ?? 0));
    const inFlightAtEnd = payPhases.length * CONNECTIONS;

    const hotAppends = await paymentAppends(server.databaseUrl, hotId);
    const overpay = await overpayPhase(api, customerId, paymentDate, created);
    const check = await checkInvoices(api, [...created]);
    const paymentsRecorded = check.paymentsOn(new Set([hotId, ...ownIds]));

    const phases: Phase[] = [
      { label: 'customer creates (baseline)', connections: CONNECTIONS, figures: createMedian.customer },
      { label: '10-line invoice creates', connections: CONNECTIONS, figures: createMedian.create10 },
      { label: 'payments, own invoice each', connections: CONNECTIONS, figures: payMedian.own },
      { label: 'payments, one invoice', connections: CONNECTIONS, figures: payMedian.hot },
    ];
    printTable(phases);
    const failures = [
      hotConflicts > 0 && `${hotConflicts} payments answered 409`,
      payNon2xx > 0 && `${payNon2xx} payments answered other than 201`,
      // A run stops with up to one request per client in flight: recorded, but never answered to it.
      (paymentsRecorded < paymentsAccepted || paymentsRecorded > paymentsAccepted + inFlightAtEnd) &&
        `${paymentsAccepted} payments answered 201 but ${paymentsRecorded} are recorded`,
      check.overpaid > 0 && `${check.overpaid} invoices paid beyond their total`,
      check.mismatches.length > 0 &&
        `GET disagrees with the events: ${check.mismatches.slice(0, 3).join('; ')}`,
      overpay.overpaid > 0 && `${overpay.overpaid} small invoices accepted more than their total`,
      overpay.unclean > 0 && `${overpay.unclean} overpay answers neither 201 nor 422`,
    ].filter((f): f is string => typeof f === 'string');
    const strip = ({ label: _label, ...figures }: CountedFigures) => figures;
    console.log(
      JSON.stringify({
        store: server.store,
        round_s: ROUND_S,
        connections: CONNECTIONS,
        customer_create: createMedian.customer,
        create10: createMedian.create10,
        create10_ratio: createMedian.ratio,
        create_rounds: createRounds.map((r) => ({
          customer_rps: r.customer.rps,
          create10_rps: r.create10.rps,
          ratio: r.ratio,
        })),
        payments_own: strip(payMedian.own),
        payments_hot: strip(payMedian.hot),
        hot_payment_ratio: payMedian.ratio,
        payment_rounds: payRounds.map((r) => ({ own_rps: r.own.rps, hot_rps: r.hot.rps, ratio: r.ratio })),
        hot_payment_conflicts: hotConflicts,
        hot_payments_per_append: hotAppends && round(hotAppends.payments / hotAppends.appends, 2),
        payment_non2xx: Object.fromEntries(payPhases.map((p) => [p.label, p.errors])),
        payments_accepted: paymentsAccepted,
        payments_recorded: paymentsRecorded,
        overpay: {
          invoices: OVERPAY_INVOICES,
          attempts: overpay.attempts,
          accepted: overpay.accepted,
          refused_422: overpay.refused,
          other: overpay.unclean,
          max_accepted_share: overpay.maxShare,
        },
        invoices_checked: check.checked,
        overpaid_invoices: check.overpaid + overpay.overpaid,
        get_event_mismatches: check.mismatches.length,
        ok: failures.length === 0,
      }),
    );
    if (failures.length > 0) {
      log(`FAILED: ${failures.join('; ')}`);
      process.exitCode = 1;
    }
  } finally {
    await server.stop();
  }
}

function payRequest(
  invoiceId: string,
  headers: Record<string, string>,
  paymentDate: string,
): autocannon.Request & { path: string } {
  return {
    method: 'POST',
    path: `/api/v3/invoices/${invoiceId}/payments`,
    headers,
    body: JSON.stringify({ amount: PAYMENT, payment_date: paymentDate, reference: 'bench' }),
  };
}

/**
 * One autocannon run of one connection per request, all at once for `seconds`: each client keeps to
 * its own request (its own invoice, or all the same one). Answers are counted by status, not stopped
 * at; req/s is the sum of the clients', latencies the median client's p50 and the worst p99.
 */
async function loadEach(
  url: string,
  label: string,
  requests: (autocannon.Request & { path: string })[],
  seconds: number,
): Promise<CountedFigures> {
  let firstFailure: string | undefined;
  const results = await Promise.all(
    requests.map((request) =>
      autocannon({
        url,
        connections: 1,
        duration: seconds,
        requests: [
          {
            ...request,
            onResponse: (status, body) => {
              if (status >= 300) firstFailure ??= `${status} ${body.slice(0, 300)}`;
            },
          },
        ],
      }),
    ),
  );
  const statuses: Record<string, number> = {};
  for (const result of results) {
    for (const [status, { count }] of Object.entries(
      result.statusCodeStats as unknown as Record<string, { count: number }>,
    ))
      statuses[status] = (statuses[status] ?? 0) + count;
  }
  const p50s = results.map((r) => r.latency.p50).sort((a, b) => a - b);
  const figures: CountedFigures = {
    label,
    rps: round(sum(results.map((r) => r.requests.average)), 1),
    p50_ms: p50s[Math.floor((p50s.length - 1) / 2)],
    p99_ms: Math.max(...results.map((r) => r.latency.p99)),
    requests: sum(results.map((r) => r.requests.total)),
    errors: sum(results.map((r) => r.errors + r.timeouts + r.non2xx)),
    statuses,
  };
  const { label: _label, ...shown } = figures;
  log(`${label}: ${JSON.stringify(shown)}${firstFailure ? ` first failure: ${firstFailure}` : ''}`);
  return figures;
}

/**
 * The hot invoice's payments and the appends that wrote them (the rows of one append share its
 * transaction id): above 1 per append when payments queued on it were appended together (the
 * record writer's group commit). PostgreSQL only (PGlite's database is the API process's own).
 */
async function paymentAppends(databaseUrl: string | undefined, invoiceId: string) {
  if (!databaseUrl) return undefined;
  const client = new Client({ connectionString: databaseUrl });
  await client.connect();
  try {
    const { rows } = await client.query<{ payments: number; appends: number }>(
      `SELECT count(*)::int AS payments, count(DISTINCT transaction_id)::int AS appends
       FROM events WHERE stream_id = $1 AND type = 'InvoicePaymentRecorded'`,
      [`invoice-${invoiceId}`],
    );
    log(`one invoice: ${rows[0].payments} payments in ${rows[0].appends} appends`);
    return rows[0];
  } finally {
    await client.end();
  }
}

/**
 * Small invoices (about 110) paid by CONNECTIONS clients at once, OVERPAY_PER_CLIENT payments each of
 * 3 to 9: together several times the balance. Each answer must be 201 or 422, and the accepted sum
 * at most the total.
 */
async function overpayPhase(api: Api, customerId: string, paymentDate: string, created: Set<string>) {
  const outcome = { attempts: 0, accepted: 0, refused: 0, unclean: 0, overpaid: 0, maxShare: 0 };
  for (let k = 0; k < OVERPAY_INVOICES; k++) {
    const invoice = await api('POST', '/api/v3/invoices', {
      customer_id: customerId,
      lines: [{ name: 'Small service', unit_price: 100, quantity: 1 }],
    });
    const id = invoice.id as string;
    created.add(id);
    const total = units(invoice.total);
    let accepted = 0n;
    await concurrently(CONNECTIONS, CONNECTIONS * OVERPAY_PER_CLIENT, async (_, i) => {
      const amount = 3 + (i % 7);
      const { status } = await post(api, `/api/v3/invoices/${id}/payments`, {
        amount,
        payment_date: paymentDate,
      });
      outcome.attempts++;
      if (status === 201) {
        outcome.accepted++;
        accepted += BigInt(amount) * 10_000n;
      } else if (status === 422) outcome.refused++;
      else outcome.unclean++;
    });
    if (accepted > total) outcome.overpaid++;
    outcome.maxShare = Math.max(outcome.maxShare, round(Number(accepted) / Number(total), 4));
    log(`overpay invoice ${k + 1}: accepted ${fromUnits(accepted)} of a total of ${fromUnits(total)}`);
  }
  return outcome;
}

/** A POST whose refusal is an answer, not an error: its status. */
async function post(api: Api, path: string, body: object): Promise<{ status: number }> {
  try {
    await api('POST', path, body);
    return { status: 201 };
  } catch (error) {
    const status = /: (\d{3}) /.exec((error as Error).message)?.[1];
    if (!status) throw error;
    return { status: Number(status) };
  }
}

/**
 * Every invoice folded from its events (created total, the sum of its recorded payments), compared
 * with GET: overpaid when the payments exceed the total; a mismatch when GET says otherwise.
 */
async function checkInvoices(api: Api, ids: string[]) {
  const overpaidIds: string[] = [];
  const mismatches: string[] = [];
  const payments = new Map<string, number>();
  await concurrently(8, ids.length, async (_, i) => {
    const id = ids[i];
    let total: bigint | undefined;
    let paid = 0n;
    let count = 0;
    for (let page = 1; ; page++) {
      const list = await api('GET', `/api/v3/invoices/${id}/events?limit=100&page=${page}`);
      for (const event of list.data as { type: string; data: Record<string, unknown> }[]) {
        if (event.type === 'InvoiceCreated') total = units((event.data.totals as { total: unknown }).total);
        if (event.type === 'InvoicePaymentRecorded') {
          paid += units((event.data.payment as { amount: unknown }).amount);
          count++;
        }
      }
      if (!list.has_more) break;
    }
    if (total === undefined) throw new Error(`invoice ${id}: no InvoiceCreated event`);
    payments.set(id, count);
    if (paid > total) overpaidIds.push(id);
    const got = await api('GET', `/api/v3/invoices/${id}`);
    const [getTotal, getPaid, getDue] = [got.total, got.amount_paid, got.amount_due].map(units);
    if (getTotal !== total || getPaid !== paid || getDue !== total - paid || getPaid > getTotal) {
      mismatches.push(
        `${id}: events total ${fromUnits(total)} paid ${fromUnits(paid)}, GET ${got.total} / ${got.amount_paid} / ${got.amount_due}`,
      );
    }
  });
  log(`checked ${ids.length} invoices against their events: ${overpaidIds.length} overpaid`);
  return {
    checked: ids.length,
    overpaid: overpaidIds.length,
    mismatches,
    paymentsOn: (subset: Set<string>) => sum([...subset].map((id) => payments.get(id) ?? 0)),
  };
}

/** An amount (number or decimal string, up to four decimals) in ten-thousandths. */
function units(value: unknown): bigint {
  const text = String(value);
  const match = /^(-?)(\d+)(?:\.(\d{1,4}))?$/.exec(text);
  if (!match) throw new Error(`not an amount: ${text}`);
  const magnitude = BigInt(match[2]) * 10_000n + BigInt((match[3] ?? '').padEnd(4, '0'));
  return match[1] ? -magnitude : magnitude;
}

function fromUnits(value: bigint): string {
  const sign = value < 0n ? '-' : '';
  const abs = value < 0n ? -value : value;
  return `${sign}${abs / 10_000n}.${String(abs % 10_000n).padStart(4, '0')}`;
}

function sum(values: number[]): number {
  return values.reduce((a, b) => a + b, 0);
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
      description: `Item ${i} for the invoice benchmark`,
      sku: `BENCH-${String(i).padStart(3, '0')}`,
      price: 10 + i + 0.99,
      cost: 5 + i / 4,
    });
    itemIds.push(item.id as string);
  }
  return { customerId: customer.id as string, itemIds };
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
function invoiceBody(customerId: string, itemIds: readonly string[], lines: number, i: number) {
  return {
    customer_id: customerId,
    purchase_order_number: `PO-${i}`,
    shipping_fee: 12.5,
    ...(i % 10 === 0 ? { discount_percent: 5 } : {}),
    lines: Array.from({ length: lines }, (_, line) => ({
      item_id: itemIds[(i + line) % itemIds.length],
      quantity: 1 + ((i + line) % 7),
    })),
  };
}

/** Service lines of about a million in all: one-cent payments never exhaust it within the run. */
function bigInvoiceBody(customerId: string) {
  return {
    customer_id: customerId,
    lines: [{ name: 'Retainer', unit_price: 100_000, quantity: 10 }],
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
