/**
 * npm run bench:neighbour — read-your-writes beside a neighbour on a shared PostgreSQL server
 * (issue 27): 4 clients create a customer and look it up in the list, over and over, first with
 * the server to themselves (the baseline, same run), then while another database of the server
 * holds a writing transaction open for the whole phase (`begin; insert …; pg_sleep(…)`). Prints
 * each phase's create latency (p50, p99), the share of list reads that found the customer just
 * created, and `p99_ratio` (neighbour p99 ÷ baseline p99). Needs DATABASE_URL. The last line is one
 * JSON object.
 */
import { randomUUID } from 'node:crypto';
import { Client } from 'pg';
import { createFreshPostgres } from '@app/read-models/testing/test-databases';
import { bootstrapKey, startApiServer } from './support/api-server';
import { log, percentile, round } from './support/measure';

const PHASE_S = Number(process.env.BENCH_NEIGHBOUR_S ?? (process.env.BENCH_QUICK === '1' ? 5 : 15));
const CLIENTS = 4;

interface Phase {
  creates: number;
  p50_ms: number;
  p99_ms: number;
  found_share: number;
}

async function main(): Promise<void> {
  const serverUrl = process.env.DATABASE_URL;
  if (!serverUrl) throw new Error('bench:neighbour needs DATABASE_URL (a PostgreSQL server)');
  const server = await startApiServer(serverUrl);
  try {
    const key = await bootstrapKey(server);
    await phase(server.url, key, 2); // warm-up
    const alone = await phase(server.url, key, PHASE_S);
    log(`alone: ${JSON.stringify(alone)}`);
    const beside = await besideNeighbour(serverUrl, () => phase(server.url, key, PHASE_S));
    log(`beside a neighbour's open transaction: ${JSON.stringify(beside)}`);
    const figures = { alone, beside, p99_ratio: round(beside.p99_ms / alone.p99_ms, 2) };
    const ok = beside.p99_ms < 1000 && beside.found_share === 1;
    console.log(JSON.stringify({ ...figures, ok }));
  } finally {
    await server.stop();
  }
}

/** `work` while another database of the server holds a writing transaction open. */
async function besideNeighbour<T>(serverUrl: string, work: () => Promise<T>): Promise<T> {
  const database = await createFreshPostgres(serverUrl, 'bench_neighbour');
  const neighbour = new Client({ connectionString: database.url });
  await neighbour.connect();
  try {
    await neighbour.query('create table bulk_load (n int)');
    await neighbour.query('begin');
    await neighbour.query('insert into bulk_load values (1)');
    // Open for the whole phase, and a second longer.
    const sleeping = neighbour.query(`select pg_sleep(${PHASE_S + 1})`);
    const result = await work();
    await sleeping;
    await neighbour.query('commit');
    return result;
  } finally {
    await neighbour.end().catch(() => undefined);
    await database.drop();
  }
}

/** CLIENTS loops of create-then-list for `seconds`. */
async function phase(url: string, key: string, seconds: number): Promise<Phase> {
  const headers = { authorization: `Bearer ${key}`, 'content-type': 'application/json' };
  const until = Date.now() + seconds * 1000;
  const latencies: number[] = [];
  let found = 0;
  await Promise.all(
    Array.from({ length: CLIENTS }, async () => {
      while (Date.now() < until) {
        const name = `Neighbourly ${randomUUID()}`;
        const started = performance.now();
        const created = await fetch(`${url}/api/v3/customers`, {
          method: 'POST',
          headers,
          body: JSON.stringify({ name }),
        });
        latencies.push(performance.now() - started);
        const { id } = (await created.json()) as { id: string };
        const list = await fetch(`${url}/api/v3/customers?q=${encodeURIComponent(name)}`, { headers });
        const { data } = (await list.json()) as { data: { id: string }[] };
        if (data.some((row) => row.id === id)) found++;
      }
    }),
  );
  const sorted = [...latencies].sort((a, b) => a - b);
  return {
    creates: sorted.length,
    p50_ms: round(percentile(sorted, 50), 1),
    p99_ms: round(percentile(sorted, 99), 1),
    found_share: round(found / sorted.length, 3),
  };
}

main().catch((error: unknown) => {
  console.error(error);
  process.exit(1);
});
