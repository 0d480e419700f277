import { createTables, Database, projectors } from '@app/read-models';
import { testDatabases } from '@app/read-models/testing/test-databases';
import { CompiledQuery } from 'kysely';
import { ItemListFilters, ItemListQuery, ItemScope } from './item-list-query';

describe.each(testDatabases())('item list statements compiled once on $name', (target) => {
  let database: Database;
  let sent: CompiledQuery[];

  beforeAll(async () => {
    database = await target.open();
    await database.db.transaction().execute(async (trx) => {
      for (const projector of projectors) await createTables(trx, projector, 'public');
    });
  });
  afterAll(() => database?.close());

  /** A list query whose every statement sent to the database is also kept in `sent`. */
  function listQuery(): ItemListQuery {
    sent = [];
    const execute = database.db.executeQuery.bind(database.db);
    jest.spyOn(database.db, 'executeQuery').mockImplementation((query) => {
      sent.push(query as CompiledQuery);
      return execute(query);
    });
    return new ItemListQuery(database.db);
  }
  afterEach(() => jest.restoreAllMocks());

  const scope: ItemScope = { accountId: '00000000-0000-4000-8000-00000000000a' };
  const filters = (extra: Partial<ItemListFilters> = {}): ItemListFilters => ({
    archived: 'active',
    photos: false,
    ...extra,
  });
  const page = { offset: 0, fetch: 21 };

  it('given the same list asked twice, when paged, then its statement is built once and sent the same', async () => {
    const query = listQuery();
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
      const query = listQuery();
      await query.pageAndTotal(scope, filters({ type: 'unique' }), page, true);
      await query.pageAndTotal(otherScope, other, otherPage, counted);
      const expected = new ItemListQuery(database.db)
        .pageStatement(otherScope, other, otherPage, counted)
        .compile(database.db);
      expect(sent[1].sql).toBe(expected.sql);
      expect(sent[1].parameters).toEqual(expected.parameters);
      expect(sent[1].sql === sent[0].sql && sent[1].parameters.join() === sent[0].parameters.join()).toBe(
        false,
      );
    },
  );
});
