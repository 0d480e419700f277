/**
 * npm run bench:list-floor — where an item list request's time goes beside its raw page (issue
 * 31's list variants). On a database that bench:catalog seeded and kept (BENCH_CATALOG_DB, needed),
 * SAMPLES times in turn (after WARM rounds unmeasured, see bench:catalog's warmUp): the API's
 * `type=unique` page (the variant furthest from its raw page), the API's cheapest authenticated read
 * (a one-row list of item categories), the same raw page answered by a bare Node HTTP service
 * (bare-page.ts: node:http and pg, nothing else), the API's own statement for that page sent
 * from here over pg (ItemListQuery, prepared), and bench:catalog's items-only raw page (the page's
 * `items` rows alone, without the stock, category and total it shows); each case's p99 beside
 * that raw page's. Then the API process's CPU per request of each API case (/proc, all its threads)
 * over CPU_REQUESTS requests. The last line is one JSON object.
 */
import 'reflect-metadata';
import { readFileSync } from 'node:fs';
import { Kysely, PostgresDialect } from 'kysely';
import { Pool } from 'pg';
import { ItemListQuery } from '../apps/api/src/items/item-list-query';
import { startApiServer } from './support/api-server';
import { startBarePageServer } from './support/bare-page';
import { httpApiClient } from './support/http-api-client';
import { log, percentile, round } from './support/measure';

const SAMPLES = Number(process.env.SAMPLES ?? 600);
const WARM = Number(process.env.WARM ?? 3000);
const CPU_REQUESTS = Number(process.env.CPU_REQUESTS ?? 2000);

async function main(): Promise<void> {
  const kept = process.env.BENCH_CATALOG_DB;
  if (!process.env.DATABASE_URL || !kept)
    throw new Error('bench:list-floor needs DATABASE_URL and BENCH_CATALOG_DB (seeded by bench:catalog)');
  const server = await startApiServer(process.env.DATABASE_URL, {}, kept);
  const pool = new Pool({ connectionString: server.databaseUrl, max: 2 });
  const db = new Kysely<unknown>({ dialect: new PostgresDialect({ pool }) });
  let stopBare: (() => Promise<void>) | undefined;
  try {
    const { rows } = await pool.query<{ key: string; catalog: { accountId: string } }>(
      'select key, catalog from bench_catalog_state',
    );
    const { key, catalog } = rows[0];
    const api = httpApiClient(server.url, key);
    const page = new ItemListQuery(db)
      .pageStatement(
        { accountId: catalog.accountId },
        { archived: 'active', photos: false, type: 'unique' },
        {
          offset: 0,
          fetch: 21,
        },
        true,
      )
      .compile(db);
    const rawPage = {
      text: `select * from items where account_id = $1 and not archived and status_id <> 14
            and inventory_type = 'unique' order by lower(name), id limit 21 offset 0`,
      values: [catalog.accountId],
    };
    const bare = await startBarePageServer(server.databaseUrl!, [rawPage]);
    stopBare = bare.stop;
    const bareHttp = httpApiClient(bare.url, key);
    const cases: Record<string, () => Promise<unknown>> = {
      api_page: () => api('GET', '/api/v3/items?type=unique&limit=20'),
      api_one_category: () => api('GET', '/api/v3/item-categories?limit=1'),
      bare_http_page: () => bareHttp('GET', '/0'),
      api_statement: () =>
        pool.query({ name: 'api_page', text: page.sql, values: [...page.parameters], rowMode: 'array' }),
      raw_page: () => pool.query({ name: 'raw_page', ...rawPage }),
    };
    const ms = await interleaved(cases);
    const cpu: Record<string, number> = {};
    for (const name of ['api_page', 'api_one_category'])
      cpu[name] = await cpuPerRequest(server.pid, cases[name]);
    const rawP99 = percentile(ms.raw_page, 99);
    const figures = Object.fromEntries(
      Object.entries(ms).map(([name, sorted]) => [
        name,
        {
          p50_ms: round(percentile(sorted, 50)),
          p99_ms: round(percentile(sorted, 99)),
          p99_ratio_to_raw_page: round(percentile(sorted, 99) / rawP99, 2),
          api_cpu_ms: cpu[name],
        },
      ]),
    );
    log(JSON.stringify(figures, null, 1));
    console.log(JSON.stringify({ samples: SAMPLES, warm: WARM, cpu_requests: CPU_REQUESTS, ...figures }));
  } finally {
    await stopBare?.();
    await db.destroy();
    await server.stop();
  }
}

/** Each case once per sample, in turn, after WARM rounds unmeasured: sorted ms per case. */
async function interleaved(cases: Record<string, () => Promise<unknown>>): Promise<Record<string, number[]>> {
  const ms: Record<string, number[]> = Object.fromEntries(Object.keys(cases).map((name) => [name, []]));
  for (let i = 0; i < WARM + SAMPLES; i++)
    for (const [name, run] of Object.entries(cases)) {
      const start = process.hrtime.bigint();
      await run();
      if (i >= WARM) ms[name].push(Number(process.hrtime.bigint() - start) / 1e6);
    }
  for (const sorted of Object.values(ms)) sorted.sort((a, b) => a - b);
  return ms;
}

/** The API process's CPU (user and system, all threads) per request of `run`, in ms. */
async function cpuPerRequest(pid: number, run: () => Promise<unknown>): Promise<number> {
  const before = cpuMs(pid);
  for (let i = 0; i < CPU_REQUESTS; i++) await run();
  return round((cpuMs(pid) - before) / CPU_REQUESTS, 3);
}

/** utime + stime of /proc/<pid>/stat, in ms (clock ticks of 10 ms). */
function cpuMs(pid: number): number {
  const fields = readFileSync(`/proc/${pid}/stat`, 'utf8').split(') ')[1].split(' ');
  return (Number(fields[11]) + Number(fields[12])) * 10;
}

main().catch((error: unknown) => {
  console.error(error);
  process.exit(1);
});
