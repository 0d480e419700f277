import { MemoryEventStore } from '@app/event-store';
import { KyselyPlugin, PluginTransformQueryArgs, PluginTransformResultArgs, RootOperationNode } from 'kysely';
import { Database } from './database';
import { soleLeases } from './leases';
import { ProjectionRunner } from './projection-runner';
import { recordingLogger } from './testing/projection-fixtures';
import { streamEventsProjector } from './testing/stream-events-projector';
import { testDatabases } from './testing/test-databases';

/** Every statement sent through the handle it is plugged into, as its operation tree in JSON. */
class StatementLog implements KyselyPlugin {
  readonly statements: string[] = [];
  transformQuery({ node }: PluginTransformQueryArgs): RootOperationNode {
    this.statements.push(
      JSON.stringify(node, (_key, value) => (typeof value === 'bigint' ? `${value}` : value)),
    );
    return node;
  }
  async transformResult({ result }: PluginTransformResultArgs) {
    return result;
  }
}

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

/**
 * A runner that leads every projector and has no failure to supervise has no reason to read the
 * checkpoint table on its idle ticks (issue 31: an idle API sent it every second, for nothing).
 */
describe.each(testDatabases())('an idle runner leading every projector ($name)', (target) => {
  let database: Database;
  beforeAll(async () => {
    database = await target.open();
  });
  afterAll(() => database?.close());

  it('given many idle ticks, then it reads no checkpoints', async () => {
    const log = new StatementLog();
    const runner = new ProjectionRunner({
      db: database.db.withPlugin(log),
      store: new MemoryEventStore(),
      projectors: [streamEventsProjector()],
      logger: recordingLogger(),
      leases: soleLeases(),
      idlePollMs: 5,
    });
    await runner.start();
    try {
      log.statements.length = 0;
      await sleep(300); // tens of idle ticks at 5 ms (the count is not asserted, only what they sent)
      expect(log.statements.filter((s) => s.includes('projection_checkpoint'))).toEqual([]);
    } finally {
      await runner.stop();
    }
  });
});
