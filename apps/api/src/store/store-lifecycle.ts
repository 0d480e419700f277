import { Inject, Injectable, Logger, OnApplicationBootstrap, OnApplicationShutdown } from '@nestjs/common';
import { ProjectionRunner, ReactorRunner, ReadOnlySqlPort } from '@app/read-models';
import { ApiConfig, Stores } from '@app/runtime';
import { API_CONFIG, STORES } from './tokens';

/**
 * Starts the projectors and the reactors once the app is up and, on shutdown (after the HTTP
 * server has finished its requests), stops them before the stores close under them. With
 * SQL_PORT, the embedded database is served read-only on that port once the views exist.
 */
@Injectable()
export class StoreLifecycle implements OnApplicationBootstrap, OnApplicationShutdown {
  private sqlPort?: ReadOnlySqlPort;

  constructor(
    private readonly runner: ProjectionRunner,
    private readonly reactors: ReactorRunner,
    @Inject(STORES) private readonly stores: Stores,
    @Inject(API_CONFIG) private readonly config: ApiConfig,
  ) {}

  async onApplicationBootstrap(): Promise<void> {
    await this.runner.start();
    await this.reactors.start();
    const { pglite } = this.stores.database;
    if (this.config.sqlPort === undefined || !pglite) return;
    this.sqlPort = new ReadOnlySqlPort(pglite);
    const port = await this.sqlPort.start(this.config.host, this.config.sqlPort);
    new Logger('SqlPort').log(
      `Embedded database read-only on ${this.config.host}:${port} (PostgreSQL protocol)`,
    );
  }

  async onApplicationShutdown(): Promise<void> {
    await this.sqlPort?.stop();
    await this.reactors.stop();
    await this.runner.stop();
    await this.stores.close();
  }
}
