import { NestFastifyApplication } from '@nestjs/platform-fastify';
import { Database, Projector } from '@app/read-models';
import { TestDatabase } from '@app/read-models/testing/test-databases';
import { ModuleMetadata } from '@nestjs/common';
import { DestinationStream } from 'pino';
import { ApiConfig, configFromEnv } from '@app/runtime';
import { createApp, CreateAppOptions } from '../../apps/api/src/create-app';
import { ADMIN_TOKEN } from './operator';
import { responseContract } from './response-contract';

export interface TestApp {
  app: NestFastifyApplication;
  database: Database;
  close(): Promise<void>;
}

export interface TestAppOptions {
  imports?: ModuleMetadata['imports'];
  projectors?: readonly Projector[];
  config?: Partial<ApiConfig>;
  /** Where the app's logs go (nowhere at the default level `silent`). */
  logDestination?: DestinationStream;
  /** Hooks on the HTTP server, after the app's own. */
  extendHttp?: CreateAppOptions['extendHttp'];
  /** The reactors the app runs (default the registry's); faults injected into its event store. */
  reactors?: CreateAppOptions['reactors'];
  wrapEvents?: CreateAppOptions['wrapEvents'];
}

/** The app's OpenAPI document: every JSON answer of a test is checked against it. */
const OPENAPI_URL = '/api/v3/openapi.json';

/** The real app on a fresh database of `target`, logging nothing, answering app.inject(). */
export async function startTestApp(target: TestDatabase, options: TestAppOptions = {}): Promise<TestApp> {
  const database = await target.open();
  try {
    const config: ApiConfig = {
      // The limiter counts every request, with a budget no test reaches unless it sets its own.
      ...configFromEnv({ LOG_LEVEL: 'silent', ADMIN_TOKEN, RATE_LIMIT_REQUESTS: '1000000' }),
      ...options.config,
    };
    const contract = responseContract();
    const app = await createApp(config, {
      database,
      imports: options.imports,
      projectors: options.projectors,
      logDestination: options.logDestination,
      reactors: options.reactors,
      wrapEvents: options.wrapEvents,
      extendHttp: (fastify) => {
        contract.watch(fastify);
        options.extendHttp?.(fastify);
      },
    });
    contract.load((await app.inject({ method: 'GET', url: OPENAPI_URL })).json());
    return {
      app,
      database,
      async close() {
        await app.close();
        await database.close();
        const differences = contract.differences();
        if (differences.length > 0) {
          throw new Error(`Answers that differ from the OpenAPI document:\n${differences.join('\n')}`);
        }
      },
    };
  } catch (error) {
    await database.close();
    throw error;
  }
}
