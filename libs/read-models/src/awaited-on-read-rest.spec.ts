import { randomUUID } from 'node:crypto';
import { Position } from '@app/event-store';
import { Projector } from './projector';
import { projectionSetups, runnerSuite } from './testing/projection-setups';
import { recordingLogger } from './testing/projection-fixtures';
import { streamEventsProjector } from './testing/stream-events-projector';
import { postgresSkipNotice } from './testing/test-databases';

postgresSkipNotice('awaited-on-read rest');

/**
 * A projector no write waits for (`awaitedOnRead`) rests after each batch it commits, so that the
 * writes made meanwhile cost it one transaction, not one each; a reader waiting for it ends the rest.
 */
describe.each(projectionSetups({ pipelined: true }))('an awaited-on-read projector ($name)', (kind) => {
  const suite = runnerSuite(kind);

  /** Its batches' sizes, as apply is given them. */
  function counted(awaitedOnRead: boolean): { projector: Projector; batches: number[] } {
    const batches: number[] = [];
    const base = streamEventsProjector();
    const projector: Projector = {
      ...base,
      awaitedOnRead,
      apply: async (trx, events, schema, prepared) => {
        batches.push(events.length);
        await base.apply(trx, events, schema, prepared);
      },
    };
    return { projector, batches };
  }

  const appendOne = async (): Promise<Position> =>
    (
      await suite.store.appendToStream(
        `rest-${randomUUID()}`,
        [{ id: randomUUID(), type: 'Opened', data: {} }],
        {
          expectedRevision: 'no_stream',
        },
      )
    ).position;

  async function until(done: () => boolean): Promise<void> {
    for (let tries = 0; !done(); tries++) {
      if (tries > 500) throw new Error('timed out');
      await new Promise((resolve) => setTimeout(resolve, 10));
    }
  }

  it('takes the writes made while it rests in one batch, and goes on at once when a reader waits', async () => {
    const { projector, batches } = counted(true);
    const runner = suite.projectionRunner([projector], { logger: recordingLogger(), restMs: 60_000 });
    await runner.start();

    // a batch nobody waits for: committed, then the loop rests
    await appendOne();
    await until(() => batches.length === 1);
    const written = [await appendOne(), await appendOne(), await appendOne()];
    await new Promise((resolve) => setTimeout(resolve, 100));
    expect(batches).toEqual([1]);

    // a reader waits (as ReadYourWrites.current does): the three go on now, together
    await runner.waitFor(written[2], { timeoutMs: 5000 });
    expect(batches).toEqual([1, 3]);
    await runner.stop(); // not held up by a rest either
  });

  it('does not rest when the projector is awaited by writes', async () => {
    const { projector, batches } = counted(false);
    const runner = suite.projectionRunner([projector], { logger: recordingLogger(), restMs: 60_000 });
    await runner.start();
    await appendOne();
    await until(() => batches.length === 1);
    await appendOne();
    await until(() => batches.length === 2);
    expect(batches).toEqual([1, 1]);
  });
});
