import { Inject, Injectable, OnApplicationBootstrap, OnApplicationShutdown } from '@nestjs/common';
import { ProjectionRunner, ReactorRunner } from '@app/read-models';
import { Stores } from '@app/runtime';
import { STORES } from './tokens';

/**
 * Starts the projectors and the reactors once the app is up and, on shutdown (after the HTTP
 * server has finished its requests), stops them before the stores close under them.
 */
@Injectable()
export class StoreLifecycle implements OnApplicationBootstrap, OnApplicationShutdown {
  constructor(
    private readonly runner: ProjectionRunner,
    private readonly reactors: ReactorRunner,
    @Inject(STORES) private readonly stores: Stores,
  ) {}

  async onApplicationBootstrap(): Promise<void> {
    await this.runner.start();
    await this.reactors.start();
  }

  async onApplicationShutdown(): Promise<void> {
    await this.reactors.stop();
    await this.runner.stop();
    await this.stores.close();
  }
}
