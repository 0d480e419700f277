import { NestFastifyApplication } from '@nestjs/platform-fastify';
import { Database, Projector } from '@app/read-models';
import { TestDatabase } from '@app/read-models/testing/test-databases';
import { ModuleMetadata } from '@nestjs/common';
import { DestinationStream } from 'pino';
import { ApiConfig, configFromEnv } from '../../apps/api/src/config';
import { createApp } from '../../apps/api/src/create-app';
import { ADMIN_TOKEN } from './operator';

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
}

/** The real app on a fresh database of `target`, logging nothing, answering app.inject(). */
export async function startTestApp(target: TestDatabase, options: TestAppOptions = {}): Promise<TestApp> {
  const database = await target.open();
  try {
    const config: ApiConfig = {
      ...configFromEnv({ LOG_LEVEL: 'silent', ADMIN_TOKEN }),
      ...options.config,
    };
    const app = await createApp(config, {
      database,
      imports: options.imports,
      projectors: options.projectors,
      logDestination: options.logDestination,
    });
    return {
      app,
      database,
      async close() {
        await app.close();
        await database.close();
      },
    };
  } catch (error) {
    await database.close();
    throw error;
  }
}
