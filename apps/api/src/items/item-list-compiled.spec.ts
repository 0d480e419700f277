import { createTables, Database, projectors } from '@app/read-models';
import { testDatabases } from '@app/read-models/testing/test-databases';
import fc from 'fast-check';
import { CompiledQuery, sql } from 'kysely';
import { ItemListFilters, ItemListQuery, ItemScope, LIST_COLUMNS } from './item-list-query';

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

  it('given searches of one shape, when paged, then its statement is built for it once, each sent with its own term', async () => {
    const query = listQuery();
    const built = jest.spyOn(query, 'pageStatement');
    for (const q of ['gasket', 'sku-0042', 'o_k%\\x'])
      await query.pageAndTotal(scope, filters({ q }), page, true);
    expect(built).toHaveBeenCalledTimes(2); // the shape's two samples
    const patterns = sent.map((statement) => statement.parameters.filter((v) => String(v).startsWith('%')));
    expect(patterns.map((p) => [...new Set(p)])).toEqual([['%gasket%'], ['%sku-0042%'], ['%o\\_k\\%\\\\x%']]);
  });

  it('given any term, when searched, then the statement sent is the one built afresh for it', async () => {
    const term = fc.oneof(
      fc.string({ maxLength: 12 }),
      fc.stringMatching(/^\d{1,11}$/),
      fc.constantFrom('a', '7', '42', '2147483647', '2147483648', '%_\\', 'sample one', '1000000001'),
    );
    const query = listQuery();
    const other = fc.record({
      counted: fc.boolean(),
      located: fc.boolean(),
      restricted: fc.boolean(),
      type: fc.constantFrom(undefined, 'quantity' as const, 'unique' as const),
      categoryId: fc.constantFrom(undefined, scope.accountId.replace('a', 'c')),
    });
    await fc.assert(
      fc.asyncProperty(term, other, async (q, { counted, located, restricted, type, categoryId }) => {
        const asked = filters({ q, type, categoryId, ...(located ? { locationId: scope.accountId } : {}) });
        const asker = restricted ? { ...scope, restrictedTo: scope.accountId.replace('a', 'd') } : scope;
        sent = [];
        await query.pageAndTotal(asker, asked, page, counted);
        const expected = new ItemListQuery(database.db)
          .pageStatement(asker, asked, page, counted)
          .compile(database.db);
        expect(sent[0].sql).toBe(expected.sql);
        expect(sent[0].parameters).toEqual(expected.parameters);
      }),
      { numRuns: 150 },
    );
  });

  describe('given an item', () => {
    const ITEM = '00000000-0000-4000-8000-0000000000e1';
    const LOCATION = '00000000-0000-4000-8000-0000000000b1';
    beforeAll(async () => {
      await sql`insert into items (id, account_id, item_number, name, inventory_type, category_id,
          supplier_ids, location_id, price, threshold, weight, published, custom_field_values,
          pricing_details, variation_attribute_ids, status_id, archived, variation_count, revision,
          created_at, updated_at)
        values (${ITEM}::uuid, ${scope.accountId}::uuid, 7, 'Gasket 7', 'quantity', ${ITEM}::uuid, '[]',
          ${LOCATION}::uuid, 1.5, 2, 0, false, '[]', '[]', '[]', 12, false, 0, 3,
          '2026-12-07 09:21:39.029+00', '2026-12-07 09:21:40+00')`.execute(database.db);
    });

    it.each([
      ['a list', filters(), true],
      ['a list without its total', filters(), false],
      ["a location's list", filters({ locationId: LOCATION }), true],
      ['a search', filters({ q: 'gasket' }), true],
      ['a short search', filters({ q: 'ga' }), true],
      ['ids', filters({ ids: [ITEM] }), false],
    ])(
      'given %s, when paged, then its rows are what its statement selects, LIST_COLUMNS in order',
      async (_, asked, counted) => {
        const query = new ItemListQuery(database.db);
        const statement = query.pageStatement(scope, asked, page, counted);
        // Inside another statement its rows are objects, named by the columns.
        const { rows: selected } = await sql<
          Record<string, unknown>
        >`select * from (${statement}) page`.execute(database.db);
        expect(selected).toHaveLength(1);
        const unlocated = LIST_COLUMNS.slice(0, LIST_COLUMNS.indexOf('location_on_hand'));
        expect(Object.keys(selected[0])).toEqual(asked.locationId ? LIST_COLUMNS : unlocated);
        const { rows } = await query.pageAndTotal(scope, asked, page, counted);
        expect(rows).toEqual(selected);
      },
    );
  });
});
