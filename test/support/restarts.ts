import { NestFastifyApplication } from '@nestjs/platform-fastify';
import { EventStore } from '@app/event-store';
import { Database, ProjectionRunner, ReactorRunner } from '@app/read-models';
import { crashingAppends } from '@app/read-models/testing/crashing-appends';
import { TestDatabase } from '@app/read-models/testing/test-databases';
import { configFromEnv } from '@app/runtime';
import { createApp, CreateAppOptions } from '../../apps/api/src/create-app';
import { EVENT_STORE } from '../../apps/api/src/store/tokens';
import { ADMIN_TOKEN } from './operator';
import { responseContract, ResponseContract } from './response-contract';

const config = configFromEnv({ LOG_LEVEL: 'silent', ADMIN_TOKEN });

/**
 * The service's processes over time on one database, for the crash-and-restart suites: call it in
 * a describe block; every process a test starts is closed after it.
 */
export function restartsOn(target: TestDatabase) {
  let database: Database;
  const apps: NestFastifyApplication[] = [];
  const contracts: ResponseContract[] = [];
  beforeAll(async () => {
    database = await target.open();
  });
  afterEach(async () => {
    for (const app of apps.splice(0)) await app.close();
    // Every answer of these processes is held to the OpenAPI document too (see test-app.ts).
    const differences = contracts.splice(0).flatMap((contract) => contract.differences());
    if (differences.length > 0)
      throw new Error(
        `Answers that differ from the OpenAPI document:\n${[...new Set(differences)].join('\n')}`,
      );
  });
  afterAll(() => database?.close());

  async function start(options: CreateAppOptions = {}): Promise<NestFastifyApplication> {
    const contract = responseContract();
    const app = await createApp(config, {
      database,
      ...options,
      extendHttp: (fastify) => contract.watch(fastify),
    });
    apps.push(app);
    contracts.push(contract);
    contract.load((await app.inject({ method: 'GET', url: '/api/v3/openapi.json' })).json());
    return app;
  }

  return {
    get database(): Database {
      return database;
    },
    start,
    /**
     * A process whose appends to streams starting with `prefix` fail (nothing written) while
     * `crashing.on`: one that stops between two appends of a cross-record step.
     */
    async dying(prefix: string, crashing = { on: true }, options: CreateAppOptions = {}) {
      const app = await start({
        ...options,
        wrapEvents: (events) => crashingAppends(events, (stream) => crashing.on && stream.startsWith(prefix)),
      });
      return { app, crashing };
    },
    /** Once the reactors, then the read models, have caught up with the log. */
    async settled(app: NestFastifyApplication): Promise<void> {
      const store = app.get<EventStore>(EVENT_STORE);
      await app.get(ReactorRunner).waitFor((await store.headPosition())!);
      await app.get(ProjectionRunner).waitFor((await store.headPosition())!);
    },
    storeOf: (app: NestFastifyApplication) => app.get<EventStore>(EVENT_STORE),
  };
}
