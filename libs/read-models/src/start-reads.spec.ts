import { MemoryEventStore } from '@app/event-store';
import { KyselyPlugin, PluginTransformQueryArgs, PluginTransformResultArgs, RootOperationNode } from 'kysely';
import { Database } from './database';
import { soleLeases } from './leases';
import { ProjectionRunner } from './projection-runner';
import { recordingLogger } from './testing/projection-fixtures';
import { streamEventsProjector } from './testing/stream-events-projector';
import { testDatabases } from './testing/test-databases';

/** The statements sent through the handle it is plugged into that read the checkpoint table. */
class CheckpointReads implements KyselyPlugin {
  count = 0;
  transformQuery({ node }: PluginTransformQueryArgs): RootOperationNode {
    const text = JSON.stringify(node, (_key, value) => (typeof value === 'bigint' ? `${value}` : value));
    if (/select projector, commit_position/.test(text)) this.count++;
    return node;
  }
  async transformResult({ result }: PluginTransformResultArgs) {
    return result;
  }
}

/**
 * A start on projectors registered already reads the checkpoints a fixed number of times, not once
 * per projector (issue 31: the API's start waited for some 25 such round trips).
 */
describe.each(testDatabases())('a runner starting on registered projectors ($name)', (target) => {
  let database: Database;
  beforeAll(async () => {
    database = await target.open();
  });
  afterAll(() => database?.close());

  const projectors = () =>
    Array.from({ length: 8 }, (_, i) => streamEventsProjector({ name: `start_reads_${i}` }));
  const runner = (db: Database['db']) =>
    new ProjectionRunner({
      db,
      store: new MemoryEventStore(),
      projectors: projectors(),
      logger: recordingLogger(),
      leases: soleLeases(),
      idlePollMs: 60_000,
    });

  it('given 8 registered projectors, then it reads the checkpoints twice in all', async () => {
    const first = runner(database.db);
    await first.start();
    await first.stop();
    const reads = new CheckpointReads();
    const second = runner(database.db.withPlugin(reads));
    await second.start();
    try {
      expect(reads.count).toBe(2); // which are registered, then where each leader stands
      expect(second.projectorNames()).toHaveLength(8);
    } finally {
      await second.stop();
    }
  });
});
