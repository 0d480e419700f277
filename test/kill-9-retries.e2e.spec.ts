import { ChildProcess, spawn } from 'node:child_process';
import { randomUUID } from 'node:crypto';
import { once } from 'node:events';
import { freePort } from './support/free-port';
import { join } from 'node:path';
import { Client } from 'pg';
import { createFreshPostgres } from '@app/read-models/testing/test-databases';

const url = process.env.DATABASE_URL;
const describeOnPostgres = url ? describe : describe.skip;
if (!url) console.info('kill-9-retries.e2e: PostgreSQL cases skipped (DATABASE_URL is not set)');

const ADMIN_TOKEN = 'kill-9-admin';
const CLIENTS = 8;
const ESTIMATES_EACH = 3;

type Json = Record<string, any>; // eslint-disable-line @typescript-eslint/no-explicit-any
interface Answer {
  status: number;
  replayed: boolean;
  body: Json;
}

/** The API as `npm start` runs it, a process of its own that the test can kill -9. */
class ApiProcess {
  private constructor(
    private readonly child: ChildProcess,
    readonly base: string,
  ) {}

  static async start(databaseUrl: string, port: number): Promise<ApiProcess> {
    const child = spawn(process.execPath, ['-r', '@swc-node/register', 'apps/api/src/main.ts'], {
      cwd: join(__dirname, '..'),
      env: {
        ...process.env,
        NODE_OPTIONS: '',
        DATABASE_URL: databaseUrl,
        PORT: String(port),
        ADMIN_TOKEN,
        LOG_LEVEL: 'warn',
      },
      stdio: ['ignore', 'ignore', 'inherit'],
    });
    const api = new ApiProcess(child, `http://127.0.0.1:${port}`);
    for (const deadline = Date.now() + 60_000; Date.now() < deadline;) {
      if (child.exitCode !== null) throw new Error(`the API exited with ${child.exitCode}`);
      const health = await fetch(`${api.base}/health`).catch(() => undefined);
      if (health?.ok) return api;
      await new Promise((resolve) => setTimeout(resolve, 100));
    }
    throw new Error('the API did not answer /health within a minute');
  }

  /** SIGSTOP: the process answers nothing more until `resume`, so what it has landed stays landed. */
  pause(): void {
    this.child.kill('SIGSTOP');
  }

  resume(): void {
    this.child.kill('SIGCONT');
  }

  async kill9(): Promise<void> {
    if (this.child.exitCode !== null || this.child.signalCode !== null) return;
    const exited = once(this.child, 'exit');
    this.child.kill('SIGKILL');
    await exited;
  }

  async call(path: string, options: { token: string; body?: Json; key?: string; method?: string }) {
    const response = await fetch(`${this.base}${path}`, {
      method: options.method ?? (options.body ? 'POST' : 'GET'),
      headers: {
        authorization: `Bearer ${options.token}`,
        'content-type': 'application/json',
        ...(options.key ? { 'idempotency-key': options.key } : {}),
      },
      body: options.body ? JSON.stringify(options.body) : undefined,
      signal: AbortSignal.timeout(30_000), // a request that hangs fails as one lost
    });
    return {
      status: response.status,
      replayed: response.headers.get('idempotent-replayed') === 'true',
      body: (await response.json()) as Json,
    } satisfies Answer;
  }
}

async function created(api: ApiProcess, path: string, token: string, body: Json): Promise<Json> {
  const answer = await api.call(path, { token, body });
  if (answer.status !== 201) throw new Error(`POST ${path}: ${answer.status} ${JSON.stringify(answer.body)}`);
  return answer.body;
}

/**
 * One estimate's way to its invoices: converted to an invoice, or to a sales order that is then
 * invoiced. Every request has its Idempotency-Key from the start, so a retry is the same request.
 */
interface Conversion {
  estimateId: string;
  toOrder: boolean;
  convertKey: string;
  invoiceKey: string;
  converted?: Answer;
  invoiced?: Answer;
  /** The answer lost to the kill: its request was sent and its process died before answering. */
  lost?: 'converted' | 'invoiced';
}

describeOnPostgres('retries after kill -9 of the API during conversions (PostgreSQL)', () => {
  let fresh: { url: string; drop(): Promise<void> };
  const processes: ApiProcess[] = [];

  beforeAll(async () => {
    fresh = await createFreshPostgres(url!, 'kill9');
  });
  afterAll(async () => {
    for (const api of processes) await api.kill9();
    await fresh.drop();
  });

  it(`given ${CLIENTS} clients converting ${CLIENTS * ESTIMATES_EACH} estimates (to invoices; to sales orders, then invoiced), when the API is killed with SIGKILL while a conversion has landed unanswered, then every retry with its key after the restart answers 201 as the first time, and every document exists once`, async () => {
    const port = await freePort();
    const first = await ApiProcess.start(fresh.url, port);
    processes.push(first);
    const adminToken = ADMIN_TOKEN;
    const account = await created(first, '/admin/v1/accounts', adminToken, { name: 'Kill 9 Ltd' });
    const user = await created(first, `/admin/v1/accounts/${account.id}/users`, adminToken, {
      name: 'Ann',
      email: 'ann@kill9.test',
      permissions: 'all',
    });
    const token = (await created(first, `/admin/v1/users/${user.id}/api-keys`, adminToken, { name: 'k' }))
      .key as string;
    const customer = await created(first, '/api/v3/customers', token, { name: 'Globex' });
    const conversions: Conversion[] = [];
    for (let i = 0; i < CLIENTS * ESTIMATES_EACH; i++) {
      const estimate = await created(first, '/api/v3/estimates', token, {
        customer_id: customer.id,
        lines: [{ name: `Build ${i}`, unit_price: 100 + i, quantity: 2 }],
      });
      conversions.push({
        estimateId: estimate.id,
        toOrder: i % 2 === 1,
        convertKey: randomUUID(),
        invoiceKey: randomUUID(),
      });
    }

    /** Sends what this conversion still lacks, in order; false once the process is gone. */
    async function carryOut(api: ApiProcess, c: Conversion): Promise<boolean> {
      try {
        if (!c.converted) {
          const path = `/api/v3/estimates/${c.estimateId}/convert-to-${c.toOrder ? 'sales-order' : 'invoice'}`;
          c.lost = 'converted';
          c.converted = await api.call(path, { token, body: {}, key: c.convertKey });
          c.lost = undefined;
        }
        if (c.toOrder && !c.invoiced) {
          const path = `/api/v3/sales-orders/${c.converted.body.id}/invoice`;
          c.lost = 'invoiced';
          c.invoiced = await api.call(path, { token, body: {}, key: c.invoiceKey });
          c.lost = undefined;
        }
        return true;
      } catch {
        return false; // the connection died with the process
      }
    }

    // The kill comes once the log holds a conversion step whose request has not been answered.
    const watcher = new Client({ connectionString: fresh.url });
    await watcher.connect();
    const answered = () =>
      conversions.filter((c) => c.converted).length + conversions.filter((c) => c.invoiced).length;
    const landed = async () =>
      (
        await watcher.query<{ n: number }>(
          `SELECT count(*)::int AS n FROM events WHERE type IN ('EstimateConverted', 'SalesOrderInvoiced')`,
        )
      ).rows[0].n;
    // A step seen landed may still be answered: its answer can be on the wire. The API is paused,
    // answers already sent are let in, and only a step still unanswered then gets the kill; else the
    // API goes on and the watch with it.
    const killing = (async () => {
      for (;;) {
        if ((await landed()) > answered() && answered() >= CLIENTS) {
          first.pause();
          await new Promise((resolve) => setTimeout(resolve, 50));
          if ((await landed()) > answered()) return first.kill9();
          first.resume();
        }
        if (conversions.every((c) => c.converted && (!c.toOrder || c.invoiced))) return;
        await new Promise((resolve) => setTimeout(resolve, 2));
      }
    })();
    await Promise.all(
      Array.from({ length: CLIENTS }, async (_, client) => {
        for (const c of conversions.slice(client * ESTIMATES_EACH, (client + 1) * ESTIMATES_EACH)) {
          if (!(await carryOut(first, c))) return;
        }
      }),
    );
    await killing;
    await watcher.end();
    const lost = conversions.filter((c) => c.lost);
    expect(lost.length).toBeGreaterThan(0);

    const restarted = await ApiProcess.start(fresh.url, port);
    processes.push(restarted);
    const retries = lost.map((c) => c.lost!);
    await Promise.all(conversions.map((c) => carryOut(restarted, c)));
    const retried = lost.map((c, i) => c[retries[i]]);

    // Every request answered 201, the retried ones among them: none 409, none in progress.
    const steps = conversions.flatMap((c) =>
      (c.toOrder ? (['converted', 'invoiced'] as const) : (['converted'] as const)).map((step) => ({
        c,
        step,
      })),
    );
    const retriedStep = (c: Conversion) => (lost.includes(c) ? retries[lost.indexOf(c)] : undefined);
    const not201 = steps
      .filter(({ c, step }) => c[step]?.status !== 201)
      .map(
        ({ c, step }) => `${step}${retriedStep(c) === step ? ' (retried)' : ''}: ${JSON.stringify(c[step])}`,
      );
    expect(not201).toEqual([]);
    // At least one retried request had landed: it is answered as the first time, replayed, with
    // the document as retrieved (an order only by id and number: its invoicing came after).
    expect(retried.some((a) => a?.replayed)).toBe(true);
    for (const answer of retried.filter((a) => a!.replayed).map((a) => a!.body)) {
      const invoice = answer.object === 'invoice';
      const path = `/api/v3/${invoice ? 'invoices' : 'sales-orders'}/${answer.id}`;
      const retrieved = await restarted.call(path, { token });
      if (invoice) expect(answer).toEqual(retrieved.body);
      else
        expect([answer.id, answer.sales_order_number]).toEqual([
          retrieved.body.id,
          retrieved.body.sales_order_number,
        ]);
    }
    // Each estimate made its documents once: 24 invoices (12 of them from 12 orders), numbers distinct.
    const invoices = await restarted.call('/api/v3/invoices?limit=100', { token });
    const orders = await restarted.call('/api/v3/sales-orders?limit=100', { token });
    expect(invoices.body.data).toHaveLength(conversions.length);
    expect(orders.body.data).toHaveLength(conversions.filter((c) => c.toOrder).length);
    expect(new Set(invoices.body.data.map((i: Json) => i.invoice_number)).size).toBe(conversions.length);
    const invoiceIds = new Set(invoices.body.data.map((i: Json) => i.id));
    for (const c of conversions) {
      const invoice = c.toOrder ? c.invoiced! : c.converted!;
      expect(invoiceIds.has(invoice.body.id)).toBe(true);
    }
  }, 180_000);
});
