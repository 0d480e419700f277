import { Inject, Injectable, OnApplicationBootstrap, OnApplicationShutdown } from '@nestjs/common';
import { ProjectionRunner } from '@app/read-models';
import { Stores } from './open-stores';
import { STORES } from './tokens';

/**
 * Starts the projectors once the app is up and, on shutdown (after the HTTP server has finished
 * its requests), stops them before the stores close under them.
 */
@Injectable()
export class StoreLifecycle implements OnApplicationBootstrap, OnApplicationShutdown {
  constructor(
    private readonly runner: ProjectionRunner,
    @Inject(STORES) private readonly stores: Stores,
  ) {}

  async onApplicationBootstrap(): Promise<void> {
    await this.runner.start();
  }

  async onApplicationShutdown(): Promise<void> {
    await this.runner.stop();
    await this.stores.close();
  }
}
