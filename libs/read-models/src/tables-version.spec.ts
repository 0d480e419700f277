import { EventStore } from '@app/event-store';
import { Kysely } from 'kysely';
import { Database } from './database';
import { noLeases } from './leases';
import { ProjectionRunner, ProjectionRunnerOptions } from './projection-runner';
import { Projector } from './projector';
import { appendSampleEvents, recordingLogger } from './testing/projection-fixtures';
import { projectionSetups, resetDatabase } from './testing/projection-setups';
import { streamEventsProjector } from './testing/stream-events-projector';

/* eslint-disable @typescript-eslint/no-explicit-any */

/** What an in-process cache of a projector's tables relies on (the API's key lookups). */
describe.each(projectionSetups())('tablesVersion ($name)', (kind) => {
  let database: Database;
  let db: Kysely<any>;
  let store: EventStore;
  const runners: ProjectionRunner[] = [];

  beforeAll(async () => {
    database = await kind.openDatabase();
    db = database.db;
  });
  afterAll(() => database.close());

  beforeEach(async () => {
    await resetDatabase(db);
    store = await kind.openStore(database);
  });

  afterEach(async () => {
    await Promise.all(runners.splice(0).map((r) => r.stop()));
    await store.close();
  });

  function runner(projectors: Projector[], options: Partial<ProjectionRunnerOptions> = {}): ProjectionRunner {
    const created = new ProjectionRunner({ db, store, projectors, logger: recordingLogger(), ...options });
    runners.push(created);
    return created;
  }

  it('given a running projector, when it commits events it handles, then the version has changed by the time waitFor answers', async () => {
    const live = runner([streamEventsProjector({ handles: ['Opened'] })]);
    await live.start();
    await live.waitFor(await appendSampleEvents(store, 6));
    const before = live.tablesVersion('stream_events');
    expect(before).toEqual(expect.any(Number));

    await live.waitFor(await appendSampleEvents(store, 3));

    expect(live.tablesVersion('stream_events')).not.toBe(before);
  });

  it('given a running projector, when only events it ignores arrive, then the version stays', async () => {
    const live = runner([streamEventsProjector({ handles: ['NeverAppended'] })]);
    await live.start();
    await live.waitFor(await appendSampleEvents(store, 3));
    const before = live.tablesVersion('stream_events');

    await live.waitFor(await appendSampleEvents(store, 9));

    expect(before).toEqual(expect.any(Number));
    expect(live.tablesVersion('stream_events')).toBe(before);
  });

  it('gives no version for a projector this process does not run, nor once it stopped; a restart gives a new one', async () => {
    const standby = runner([streamEventsProjector()], { leases: noLeases() });
    await standby.start();
    expect(standby.tablesVersion('stream_events')).toBeUndefined();

    const live = runner([streamEventsProjector()]);
    await live.start();
    const first = live.tablesVersion('stream_events');
    await live.stop();
    expect(live.tablesVersion('stream_events')).toBeUndefined();
    await live.start();
    expect(live.tablesVersion('stream_events')).toEqual(expect.any(Number));
    expect(live.tablesVersion('stream_events')).not.toBe(first);
  });
});
