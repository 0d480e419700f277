import { DynamicModule, Global, Module } from '@nestjs/common';
import { AggregateRepository } from '@app/event-store/aggregate';
import { EventStore } from '@app/event-store';
import {
  analyticsViews,
  assertValidProjectors,
  CompletedSteps,
  Database,
  leasesFor,
  noLeases,
  ProjectionRunner,
  Projector,
  projectors as registry,
  Reactor,
  reactorProjector,
  ReactorRunner,
} from '@app/read-models';
import { PinoLogger } from 'nestjs-pino';
import {
  ApiConfig,
  openStores,
  RecordWriter,
  serviceReactors,
  StateKeepingStore,
  Stores,
} from '@app/runtime';
import { ReadYourWrites } from './read-your-writes';
import { ReactorSteps } from '../reactors/reactor-steps';
import { StoreLifecycle } from './store-lifecycle';
import { API_CONFIG, DATABASE, EVENT_STORE, STORES } from './tokens';

export interface StoreModuleOptions {
  /** An open database to use instead of the configured one; its owner closes it. */
  database?: Database;
  /** Projectors run beside the registry's. */
  projectors?: readonly Projector[];
  /** The reactors this process may run; default the registry's. */
  reactors?: readonly Reactor[];
  /** Wraps the event store every part of the app uses: tests inject faults this way. */
  wrapEvents?: (events: EventStore) => EventStore;
}

/** The stores, the aggregate repository, the projectors and the reactors, for every module of the app. */
@Global()
@Module({})
export class StoreModule {
  static forRoot(config: ApiConfig, options: StoreModuleOptions = {}): DynamicModule {
    return {
      module: StoreModule,
      providers: [
        { provide: API_CONFIG, useValue: config },
        {
          provide: STORES,
          useFactory: async () => {
            const stores = await openStores(config, options.database);
            return options.wrapEvents ? { ...stores, events: options.wrapEvents(stores.events) } : stores;
          },
        },
        { provide: DATABASE, useFactory: (s: Stores) => s.database, inject: [STORES] },
        // Every append of this process goes through it, so the record writer's kept states stay true.
        {
          provide: EVENT_STORE,
          useFactory: (s: Stores) => new StateKeepingStore(s.events),
          inject: [STORES],
        },
        {
          provide: AggregateRepository,
          useFactory: (s: Stores, events: StateKeepingStore, logger: PinoLogger) =>
            new AggregateRepository(events, {
              snapshots: s.snapshots,
              logger: contextLogger(logger, 'Aggregates'),
            }),
          inject: [STORES, EVENT_STORE, PinoLogger],
        },
        {
          provide: ProjectionRunner,
          useFactory: (s: Stores, logger: PinoLogger) =>
            new ProjectionRunner({
              db: s.database.db,
              pipeline: s.database.pipeline,
              copyBatch: s.database.copyBatch,
              store: s.events,
              projectors: [...registry, ...(options.projectors ?? [])],
              logger: contextLogger(logger, 'Projections'),
              // External: workers lead every projector; this runner only follows their checkpoints.
              leases: config.projectors === 'external' ? noLeases() : leasesFor(s.database),
              readsBeside: s.database.kind === 'postgres',
              views: analyticsViews,
            }),
          inject: [STORES, PinoLogger],
        },
        { provide: CompletedSteps, useValue: new CompletedSteps() },
        {
          provide: ReactorRunner,
          useFactory: (
            s: Stores,
            logger: PinoLogger,
            completed: CompletedSteps,
            events: StateKeepingStore,
          ) => {
            const reactors = options.reactors ?? serviceReactors(config);
            // One checkpoint table and lease namespace: a reactor may not share a projector's name.
            assertValidProjectors([
              ...registry,
              ...(options.projectors ?? []),
              ...reactors.map((r) => reactorProjector(r, s.events)),
            ]);
            return new ReactorRunner({
              db: s.database.db,
              pipeline: s.database.pipeline,
              store: events,
              reactors,
              completed,
              logger: contextLogger(logger, 'Reactors'),
              leases: config.projectors === 'external' ? noLeases() : leasesFor(s.database),
            });
          },
          inject: [STORES, PinoLogger, CompletedSteps, EVENT_STORE],
        },
        ReadYourWrites,
        ReactorSteps,
        {
          provide: RecordWriter,
          useFactory: (
            repository: AggregateRepository,
            readYourWrites: ReadYourWrites,
            events: StateKeepingStore,
          ) =>
            new RecordWriter(
              repository,
              (position, types) => readYourWrites.after(position, types),
              events.states,
            ),
          inject: [AggregateRepository, ReadYourWrites, EVENT_STORE],
        },
        StoreLifecycle,
      ],
      exports: [
        API_CONFIG,
        STORES,
        DATABASE,
        EVENT_STORE,
        AggregateRepository,
        ProjectionRunner,
        ReactorRunner,
        ReadYourWrites,
        ReactorSteps,
        RecordWriter,
      ],
    };
  }
}

/** The libraries' small logger interfaces, on the app's pino logger. */
function contextLogger(logger: PinoLogger, context: string) {
  return {
    info: (message: string) => logger.info({ context }, message),
    warn: (message: string, error: unknown) => logger.warn({ context, err: error }, message),
    error: (message: string, error: unknown) => logger.error({ context, err: error }, message),
  };
}
