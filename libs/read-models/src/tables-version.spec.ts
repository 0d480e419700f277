import { noLeases } from './leases';
import { ProjectionRunnerOptions } from './projection-runner';
import { Projector } from './projector';
import { appendSampleEvents, recordingLogger } from './testing/projection-fixtures';
import { projectionSetups, runnerSuite } from './testing/projection-setups';
import { streamEventsProjector } from './testing/stream-events-projector';

/** What an in-process cache of a projector's tables relies on (the API's key lookups). */
describe.each(projectionSetups())('tablesVersion ($name)', (kind) => {
  const suite = runnerSuite(kind);
  const runner = (projectors: Projector[], options: Partial<ProjectionRunnerOptions> = {}) =>
    suite.projectionRunner(projectors, { logger: recordingLogger(), ...options });

  it('given a running projector, when it commits events it handles, then the version has changed by the time waitFor answers', async () => {
    const live = runner([streamEventsProjector({ handles: ['Opened'] })]);
    await live.start();
    await live.waitFor(await appendSampleEvents(suite.store, 6));
    const before = live.tablesVersion('stream_events');
    expect(before).toEqual(expect.any(Number));

    await live.waitFor(await appendSampleEvents(suite.store, 3));

    expect(live.tablesVersion('stream_events')).not.toBe(before);
  });

  it('given a running projector, when only events it ignores arrive, then the version stays', async () => {
    const live = runner([streamEventsProjector({ handles: ['NeverAppended'] })]);
    await live.start();
    await live.waitFor(await appendSampleEvents(suite.store, 3));
    const before = live.tablesVersion('stream_events');

    await live.waitFor(await appendSampleEvents(suite.store, 9));

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
