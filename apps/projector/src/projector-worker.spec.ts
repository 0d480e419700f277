import { spawn } from 'node:child_process';
import { once } from 'node:events';
import { mkdtemp, readFile, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { Database, leasedAmong, loadCheckpoint, ProjectorStatus, projectors } from '@app/read-models';
import { appendSampleEvents } from '@app/read-models/testing/projection-fixtures';
import { streamEventsProjector } from '@app/read-models/testing/stream-events-projector';
import { postgresSkipNotice, testDatabases } from '@app/read-models/testing/test-databases';
import { configFromEnv } from '@app/runtime';
import { reactors } from '@app/processes';
import { admin, createCaller } from '../../../test/support/operator';
import { startTestApp, TestApp } from '../../../test/support/test-app';
import { ProjectorWorker, startProjectorWorker } from './worker';

postgresSkipNotice('projector worker and PROJECTORS=external');

const quiet = () => configFromEnv({ LOG_LEVEL: 'silent' });
const silent = { info: () => undefined, error: () => undefined };

describe.each(testDatabases())('projector worker on $name', (target) => {
  let database: Database;
  let worker: ProjectorWorker | undefined;
  let folder: string;
  beforeAll(async () => {
    database = await target.open();
    folder = await mkdtemp(join(tmpdir(), 'projector-'));
  });
  afterEach(async () => {
    await worker?.stop();
    worker = undefined;
  });
  afterAll(async () => {
    await database.close();
    await rm(folder, { recursive: true, force: true });
  });

  it('runs the projectors over the log and writes its status to the heartbeat file', async () => {
    const heartbeatFile = join(folder, 'heartbeat.json');
    worker = await startProjectorWorker(quiet(), {
      database,
      projectors: [streamEventsProjector()],
      heartbeatFile,
      logger: silent,
      checkEveryMs: 50,
    });

    const last = await appendSampleEvents(worker.stores.events, 12);
    await worker.runner.waitFor(last);

    expect(await loadCheckpoint(database.db, 'stream_events')).toMatchObject({ position: last });
    const heartbeat = JSON.parse(await readFile(heartbeatFile, 'utf8'));
    expect(heartbeat).toEqual([
      expect.objectContaining({ name: 'stream_events', state: 'running' }),
      ...reactors.map(({ name }) => expect.objectContaining({ name, state: 'running' })), // the registry's
    ]);
  });

  it('refuses a reactor named like a projector: they share checkpoints and leases', async () => {
    const clash = { name: 'stream_events', handles: ['Opened'], react: async () => undefined };
    await expect(
      startProjectorWorker(quiet(), {
        database,
        projectors: [streamEventsProjector()],
        reactors: [clash],
        logger: silent,
      }),
    ).rejects.toThrow('Two projectors are named stream_events');
  });

  it('tells its owner when a projector it leads stops on an error', async () => {
    const failures: ProjectorStatus[][] = [];
    worker = await startProjectorWorker(quiet(), {
      database,
      projectors: [streamEventsProjector({ name: 'fragile', failOn: () => true })],
      logger: silent,
      checkEveryMs: 20,
      onFailure: (failed) => failures.push(failed),
    });

    await appendSampleEvents(worker.stores.events, 1);

    await until(() => failures.length > 0);
    expect(failures[0]).toEqual([expect.objectContaining({ name: 'fragile', state: 'failed' })]);
  });
});

// PROJECTORS=external needs workers beside the API on one PostgreSQL database.
const postgres = testDatabases().filter((t) => t.name === 'postgres');

(postgres.length ? describe : describe.skip)('API with PROJECTORS=external on postgres', () => {
  let t: TestApp;
  let worker: ProjectorWorker | undefined;
  beforeAll(async () => {
    t = await startTestApp(postgres[0], {
      config: { projectors: 'external', readYourWritesTimeoutMs: 20_000 },
    });
  });
  afterAll(async () => {
    await worker?.stop();
    await t?.close();
  });

  it('is unavailable while no worker runs the projectors', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/health' });
    expect(res.statusCode).toBe(503);
    const states = res.json().projectors.map((p: { state: string }) => p.state);
    expect(states.length).toBeGreaterThan(0);
    expect(new Set(states)).toEqual(new Set(['no_leader']));
  });

  it('answers a write only once a worker has projected it', async () => {
    let answered = false;
    const pending = admin(t.app, 'POST', '/admin/v1/accounts', { name: 'Acme' }).finally(() => {
      answered = true;
    });
    await new Promise((resolve) => setTimeout(resolve, 500));
    expect(answered).toBe(false);

    worker = await startProjectorWorker({ ...quiet(), databaseUrl: t.database.url }, { logger: silent });

    const res = await pending;
    expect(res.statusCode).toBe(201);
    const row = await t.database.db
      .selectFrom('accounts')
      .select('name')
      .where('id', '=', res.json().id)
      .executeTakeFirst();
    expect(row).toEqual({ name: 'Acme' });
  });

  it('serves keys the worker projected, and reports the projectors from their checkpoints', async () => {
    const caller = await createCaller(t.app, { scopes: ['suppliers:read'] });
    const list = await t.app.inject({ method: 'GET', url: '/api/v3/suppliers', headers: caller.headers });
    expect(list.statusCode).toBe(200);

    // A projector the write did not concern stores its checkpoint within 250 ms (more on a busy machine).
    let health = await t.app.inject({ method: 'GET', url: '/health' });
    for (
      let tries = 0;
      tries < 250 && health.json().projectors.some((p: { lag: number }) => p.lag > 0);
      tries++
    ) {
      await new Promise((resolve) => setTimeout(resolve, 20));
      health = await t.app.inject({ method: 'GET', url: '/health' });
    }
    expect(health.statusCode).toBe(200);
    for (const projector of health.json().projectors) {
      expect(projector).toEqual({
        name: expect.any(String),
        state: 'standby',
        position: expect.stringMatching(/^\d+\/\d+$/),
        lag: 0,
      });
    }
    // every reactor of the registry is led by the worker
    expect(health.json().reactors).toEqual(
      reactors.map(({ name }) => expect.objectContaining({ name, state: 'standby' })),
    );
  });
});

(postgres.length ? describe : describe.skip)('npm run start:projector on postgres', () => {
  let database: Database;
  beforeAll(async () => {
    database = await postgres[0].open();
  });
  afterAll(() => database?.close());

  it('leads the projectors and reactors until SIGTERM, then lets the batches finish and hands the leases over', async () => {
    const names = [...projectors, ...reactors].map((p) => p.name);
    const child = spawn(process.execPath, ['-r', '@swc-node/register', 'apps/projector/src/main.ts'], {
      cwd: join(__dirname, '../../..'),
      env: { ...process.env, NODE_OPTIONS: '', DATABASE_URL: database.url, LOG_LEVEL: 'info' },
      stdio: ['ignore', 'pipe', 'inherit'],
    });
    let output = '';
    child.stdout.on('data', (chunk: Buffer) => (output += chunk.toString('utf8')));
    const exited = once(child, 'exit');
    try {
      await until(() => output.includes('Projector worker started'), 30_000);
      expect(await leasedAmong(database.db, names)).toEqual(new Set(names));

      child.kill('SIGTERM');
      const [code] = await exited;

      expect(code).toBe(0);
      expect(output).toContain('Projector worker stopping');
      expect(await leasedAmong(database.db, names)).toEqual(new Set());
    } finally {
      child.kill('SIGKILL');
    }
  });
});

async function until(condition: () => boolean, timeoutMs = 5000): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  while (!condition()) {
    if (Date.now() > deadline) throw new Error('condition not met in time');
    await new Promise((resolve) => setTimeout(resolve, 20));
  }
}
