/**
 * npm run bench:api — the HTTP app under load (autocannon), against the app's own GET /health as the
 * baseline of the HTTP stack, measured in the same run: customer creates (read-your-writes on) and
 * customer list pages. The API runs as `npm start` does, in a child process, on PostgreSQL when
 * DATABASE_URL is set (a fresh database), else on PGlite. The last line is one JSON object.
 *
 * Health and creates alternate in short rounds, and create_ratio is the median of the rounds'
 * ratios: on a shared machine the load drifts within a minute, and a ratio of two phases measured
 * far apart moved by half from run to run; each round's two phases see about the same neighbours.
 */
import autocannon from 'autocannon';
import { Client } from 'pg';
import { ApiServer, bootstrapKey, startApiServer } from './support/api-server';
import { Figures, load } from './support/load';
import { log, medianRound, round } from './support/measure';

const quick = process.env.BENCH_QUICK === '1';
const DURATION_S = quick ? 3 : 15;
/** Health and create phases alternate: ROUNDS of ROUND_S seconds each. */
const ROUNDS = quick ? 1 : 3;
const ROUND_S = quick ? 3 : 5;
const CONNECTIONS = 16;

async function main(): Promise<void> {
  if (!process.env.DATABASE_URL) log('DATABASE_URL is not set: measuring on PGlite, not PostgreSQL');
  const server = await startApiServer(process.env.DATABASE_URL);
  try {
    const key = await bootstrapKey(server);
    const auth = { authorization: `Bearer ${key}`, 'content-type': 'application/json' };
    let n = 0;
    const healthRequest = { method: 'GET', path: '/health' } as const;
    const createRequest: autocannon.Request & { path: string } = {
      method: 'POST',
      path: '/api/v3/customers',
      headers: auth,
      setupRequest: (request) => ({ ...request, body: JSON.stringify(customerBody(n++)) }),
    };
    await load(server.url, 'warm-up GET /health', healthRequest, CONNECTIONS, 2);
    await load(server.url, 'warm-up POST /api/v3/customers', createRequest, CONNECTIONS, 2);
    const rounds: Round[] = [];
    for (let r = 1; r <= ROUNDS; r++) {
      const health = await load(server.url, `round ${r} GET /health`, healthRequest, CONNECTIONS, ROUND_S);
      const create = await load(
        server.url,
        `round ${r} POST /api/v3/customers`,
        createRequest,
        CONNECTIONS,
        ROUND_S,
      );
      rounds.push({ health, create, ratio: round(create.rps / health.rps, 3) });
    }
    const { health, create, ratio } = medianRound(rounds);
    // The reads measure a table in steady state: autovacuum would have analysed it within a
    // minute; right after the creates its planner still believes it nearly empty.
    await analyse(server);
    const list = await load(
      server.url,
      'GET /api/v3/customers',
      {
        method: 'GET',
        path: '/api/v3/customers?limit=20&page=3',
        headers: auth,
      },
      CONNECTIONS,
      DURATION_S,
    );
    const search = await load(
      server.url,
      'GET /api/v3/customers?q=',
      {
        method: 'GET',
        path: '/api/v3/customers?q=acme%2012&limit=20',
        headers: auth,
      },
      CONNECTIONS,
      DURATION_S,
    );
    console.log(
      JSON.stringify({
        store: server.store,
        connections: CONNECTIONS,
        duration_s: DURATION_S,
        health,
        create,
        list,
        search,
        rounds: rounds.map((r) => ({ health_rps: r.health.rps, create_rps: r.create.rps, ratio: r.ratio })),
        create_ratio: ratio,
        list_ratio: round(list.rps / health.rps, 3),
      }),
    );
  } finally {
    await server.stop();
  }
}

interface Round {
  health: Figures;
  create: Figures;
  ratio: number;
}

async function analyse(server: ApiServer): Promise<void> {
  if (!server.databaseUrl) return;
  const client = new Client({ connectionString: server.databaseUrl });
  await client.connect();
  try {
    await client.query('ANALYZE customers');
  } finally {
    await client.end();
  }
}

function customerBody(i: number) {
  return {
    name: `Acme ${i}`,
    email: `buyer${i}@acme.test`,
    billing_address: ['1 Main St', 'Springfield'],
    tax_rate: 8.875,
    payment_terms: 'Net 30',
  };
}

main().catch((error: unknown) => {
  console.error(error);
  process.exit(1);
});
