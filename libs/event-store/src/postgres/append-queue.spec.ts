import { Database } from '@app/read-models';
import { testDatabases } from '@app/read-models/testing/test-databases';
import { anEvent, events, newStreamId } from '../contract/fixtures';
import { WrongExpectedVersionError } from '../errors';
import { AppendResult, EventData, ExpectedRevision } from '../event-store';
import { PostgresEventStore } from './postgres-event-store';

/** What each append of a burst sent at once came to. */
type Settled = PromiseSettledResult<AppendResult>;

describe.each(testDatabases())('appends sent at once share a statement ($name)', (testDatabase) => {
  let database: Database;
  let store: PostgresEventStore;

  beforeAll(async () => {
    database = await testDatabase.open();
    store = await PostgresEventStore.open(database);
  });

  afterAll(async () => {
    await store.close();
    await database.close();
  });

  /** Made in one turn of the event loop: they go together in one statement. */
  function burst(appends: { streamId: string; events: EventData[]; expected: ExpectedRevision }[]) {
    return Promise.allSettled(
      appends.map((a) => store.appendToStream(a.streamId, a.events, { expectedRevision: a.expected })),
    );
  }

  const value = (s: Settled) => (s.status === 'fulfilled' ? s.value : undefined);
  const commitOf = (s: Settled) => value(s)?.position.commit;

  it('given appends to new streams sent at once, then they commit together, each at its own revision', async () => {
    const appends = Array.from({ length: 6 }, (_, i) => ({
      streamId: newStreamId('grouped'),
      events: events(1 + (i % 3)),
      expected: 'no_stream' as const,
    }));

    const settled = await burst(appends);

    expect(settled.map((s) => value(s)?.nextExpectedRevision)).toEqual(
      appends.map((a) => a.events.length - 1),
    );
    expect(new Set(settled.map(commitOf)).size).toBe(1);
    for (const a of appends) {
      expect((await store.readStream(a.streamId)).map((e) => e.id)).toEqual(a.events.map((e) => e.id));
    }
  });

  it('given writers that each append again as soon as their last append resolves, then every round of their appends shares one statement', async () => {
    const writers = 4;
    const rounds = 3;
    const commits: bigint[][] = Array.from({ length: rounds }, () => []);

    await Promise.all(
      Array.from({ length: writers }, async () => {
        for (let r = 0; r < rounds; r++) {
          const { position } = await store.appendToStream(newStreamId('grouped'), events(1), {
            expectedRevision: 'no_stream',
          });
          commits[r].push(position.commit);
        }
      }),
    );

    // Not the first writer alone and the other three after it, round after round.
    expect(commits.map((round) => new Set(round).size)).toEqual([1, 1, 1]);
  });

  it('given a waiting group where one append expects a revision its stream does not have, then that one fails and the others are written', async () => {
    const existing = newStreamId('grouped');
    await store.appendToStream(existing, events(2), { expectedRevision: 'no_stream' });
    const appends = [
      { streamId: newStreamId('grouped'), events: events(1), expected: 'no_stream' as const },
      { streamId: newStreamId('grouped'), events: events(1), expected: 'no_stream' as const },
      { streamId: existing, events: events(1), expected: 0 },
      { streamId: newStreamId('grouped'), events: events(2), expected: 'any' as const },
    ];

    const settled = await burst(appends);

    const refused = settled[2];
    expect(refused.status).toBe('rejected');
    expect((refused as PromiseRejectedResult).reason).toBeInstanceOf(WrongExpectedVersionError);
    expect((refused as PromiseRejectedResult).reason).toMatchObject({ expected: 0, actual: 1 });
    expect([0, 1, 3].map((i) => value(settled[i])?.nextExpectedRevision)).toEqual([0, 0, 1]);
    expect(commitOf(settled[1])).toEqual(commitOf(settled[3]));
    expect(await store.readStream(existing)).toHaveLength(2);
  });

  it('given a waiting group whose statement fails on one append, then each append is made on its own and only its own outcome differs', async () => {
    const repeated = newStreamId('grouped');
    const stored = anEvent('Stored');
    await store.appendToStream(repeated, [stored], { expectedRevision: 'no_stream' });
    const appends = [
      { streamId: newStreamId('grouped'), events: events(1), expected: 'no_stream' as const },
      { streamId: newStreamId('grouped'), events: events(1), expected: 'no_stream' as const },
      // The stored event again, expecting any: in a group its id collides and the statement fails.
      { streamId: repeated, events: [stored], expected: 'any' as const },
      { streamId: newStreamId('grouped'), events: events(3), expected: 'no_stream' as const },
    ];

    const settled = await burst(appends);

    expect(settled.map((s) => s.status)).toEqual(['fulfilled', 'fulfilled', 'fulfilled', 'fulfilled']);
    expect(settled.map((s) => value(s)?.nextExpectedRevision)).toEqual([0, 0, 0, 2]);
    expect((await store.readStream(repeated)).map((e) => e.id)).toEqual([stored.id]);
    for (const i of [0, 1, 3]) {
      expect((await store.readStream(appends[i].streamId)).map((e) => e.id)).toEqual(
        appends[i].events.map((e) => e.id),
      );
    }
  });

  it('given appends to one stream sent at once, then they never share a statement: exactly one no_stream append wins', async () => {
    const streamId = newStreamId('grouped');
    const others = [newStreamId('grouped'), newStreamId('grouped')];
    const appends = [
      { streamId: others[0], events: events(1), expected: 'no_stream' as const },
      ...Array.from({ length: 4 }, () => ({ streamId, events: events(1), expected: 'no_stream' as const })),
      { streamId: others[1], events: events(1), expected: 'no_stream' as const },
    ];

    const settled = await burst(appends);

    const onStream = settled.slice(1, 5);
    expect(onStream.filter((s) => s.status === 'fulfilled')).toHaveLength(1);
    for (const s of onStream.filter((s) => s.status === 'rejected')) {
      expect((s as PromiseRejectedResult).reason).toBeInstanceOf(WrongExpectedVersionError);
    }
    expect(await store.readStream(streamId)).toHaveLength(1);
    expect([settled[0], settled[5]].map((s) => s.status)).toEqual(['fulfilled', 'fulfilled']);
  });
});
