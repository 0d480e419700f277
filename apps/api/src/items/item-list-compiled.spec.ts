import {
  CompiledQuery,
  DatabaseConnection,
  DummyDriver,
  Kysely,
  PostgresAdapter,
  PostgresIntrospector,
  PostgresQueryCompiler,
  QueryResult,
} from 'kysely';
import { ItemListFilters, ItemListQuery, ItemScope } from './item-list-query';

/* eslint-disable @typescript-eslint/no-explicit-any */

/** A Kysely on PostgreSQL's compiler whose statements reach no server: each is recorded instead. */
function recordingDb(sent: CompiledQuery[]): Kysely<any> {
  class RecordingDriver extends DummyDriver {
    override acquireConnection(): Promise<DatabaseConnection> {
      return Promise.resolve({
        executeQuery: <R>(query: CompiledQuery): Promise<QueryResult<R>> => {
          sent.push(query);
          return Promise.resolve({ rows: [] });
        },
        streamQuery: () => {
          throw new Error('not streamed');
        },
      });
    }
  }
  return new Kysely<any>({
    dialect: {
      createAdapter: () => new PostgresAdapter(),
      createDriver: () => new RecordingDriver(),
      createIntrospector: (db) => new PostgresIntrospector(db),
      createQueryCompiler: () => new PostgresQueryCompiler(),
    },
  });
}

describe('item list statements compiled once', () => {
  const scope: ItemScope = { accountId: '00000000-0000-4000-8000-00000000000a' };
  const filters = (extra: Partial<ItemListFilters> = {}): ItemListFilters => ({
    archived: 'active',
    photos: false,
    ...extra,
  });
  const page = { offset: 0, fetch: 21 };

  it('given the same list asked twice, when paged, then its statement is built once and sent the same', async () => {
    const sent: CompiledQuery[] = [];
    const query = new ItemListQuery(recordingDb(sent));
    const built = jest.spyOn(query, 'pageStatement');
    await query.pageAndTotal(scope, filters({ type: 'unique' }), page, true);
    await query.pageAndTotal(scope, filters({ type: 'unique' }), page, true);
    expect(built).toHaveBeenCalledTimes(1);
    expect(sent).toHaveLength(2);
    expect(sent[1].sql).toBe(sent[0].sql);
    expect(sent[1].parameters).toEqual(sent[0].parameters);
  });

  it.each([
    ['another filter', filters({ type: 'quantity' }), page, true],
    ['another page', filters({ type: 'unique' }), { offset: 20, fetch: 21 }, true],
    ['no total', filters({ type: 'unique' }), page, false],
    [
      'another account',
      filters({ type: 'unique' }),
      page,
      true,
      { accountId: scope.accountId.replace('a', 'b') },
    ],
    [
      'a restricted user',
      filters({ type: 'unique' }),
      page,
      true,
      { ...scope, restrictedTo: scope.accountId },
    ],
  ])(
    'given a list asked, when %s is asked, then its own statement is sent',
    async (_, other, otherPage, counted, otherScope: ItemScope = scope) => {
      const sent: CompiledQuery[] = [];
      const db = recordingDb(sent);
      const query = new ItemListQuery(db);
      await query.pageAndTotal(scope, filters({ type: 'unique' }), page, true);
      await query.pageAndTotal(otherScope, other, otherPage, counted);
      const expected = new ItemListQuery(db).pageStatement(otherScope, other, otherPage, counted).compile(db);
      expect(sent[1].sql).toBe(expected.sql);
      expect(sent[1].parameters).toEqual(expected.parameters);
      expect(sent[1].sql === sent[0].sql && sent[1].parameters.join() === sent[0].parameters.join()).toBe(
        false,
      );
    },
  );
});
