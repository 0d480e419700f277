import { ITEM_ACTIVE_PREDICATE } from '@app/read-models/projectors/item-lists';
import { arrayRows, genericPlan, listStates, reusedPlan } from '@app/read-models';
import { CompiledQuery, Kysely, RawBuilder, sql } from 'kysely';
import { invalidQueryParameter } from '@app/runtime';
import { PageRequest, parsePageRequest } from '@app/runtime';
import { isRecordId } from '@app/domain';
import { queryText, refuseUnknownParams } from '@app/runtime';

/* eslint-disable @typescript-eslint/no-explicit-any */

/** What an item list asks for besides its page (inventory-api §4, GET /api/v3/items). */
export interface ItemListFilters {
  /** `active` (the default: sold unique items left out too), `archived`, or `all`. */
  archived: 'active' | 'archived' | 'all';
  /** Case-insensitive substring of name, SKU, barcode or serial number; digits also the exact number. */
  q?: string;
  categoryId?: string;
  type?: 'quantity' | 'unique';
  /** Items at this location or with inventory there; rows then carry that location's stock. */
  locationId?: string;
  /** Exactly these items (up to 50), in this order, archived and sold included; other filters ignored. */
  ids?: string[];
  /** include=photos: the galleries (never with `ids`). */
  photos: boolean;
}

export interface ItemListRequest {
  page: PageRequest;
  filters: ItemListFilters;
}

/** Whose items: an account, and for a location-restricted user, what they may see of it. */
export interface ItemScope {
  accountId: string;
  /** Items with no location, at this one, or stocked here; quantities count this location only. */
  restrictedTo?: string | null;
}

/** An items row with what a page shows beside it (category, stock, photos). */
export type ItemRow = Record<string, any>;

export const MAX_IDS = 50;
/** Compiled pages and search shapes kept per ItemListQuery (a few KB of text each); all dropped when full. */
const MAX_COMPILED = 256;
const PARAMS = [
  'page',
  'limit',
  'include_total',
  'q',
  'category_id',
  'type',
  'archived',
  'location_id',
  'include',
  'ids',
];
const MAX_ITEM_NUMBER = 2_147_483_647;

type Query = Record<string, unknown>;

/** The list's query string; a parameter the list does not know is refused, not ignored. */
export function parseItemListQuery(query: Query = {}): ItemListRequest {
  refuseUnknownParams(query, PARAMS);
  const page = parsePageRequest(query);
  const filters: ItemListFilters = { archived: archivedParam(queryText(query, 'archived')), photos: false };
  const q = queryText(query, 'q')?.trim();
  if (q) filters.q = q;
  filters.categoryId = uuidParam(query, 'category_id');
  filters.locationId = uuidParam(query, 'location_id');
  const type = queryText(query, 'type');
  if (type !== undefined && type !== 'quantity' && type !== 'unique')
    throw invalidQueryParameter('type', 'type must be quantity or unique.');
  filters.type = type;
  const include = queryText(query, 'include');
  if (include !== undefined && include !== 'photos')
    throw invalidQueryParameter('include', 'include must be photos.');
  filters.photos = include === 'photos';
  const ids = queryText(query, 'ids');
  if (ids !== undefined) filters.ids = idsParam(ids);
  return { page, filters };
}

function archivedParam(text: string | undefined): ItemListFilters['archived'] {
  if (text === undefined || text === 'false' || text === '0') return 'active';
  if (text === 'true' || text === '1') return 'archived';
  if (text === 'all') return 'all';
  throw invalidQueryParameter('archived', 'archived must be true, false or all.');
}

function idsParam(text: string): string[] {
  const ids = text.split(',').map((id) => id.trim());
  if (ids.length > MAX_IDS) throw invalidQueryParameter('ids', `ids takes at most ${MAX_IDS} ids.`);
  if (!ids.every(isRecordId)) throw invalidQueryParameter('ids', 'ids must be comma-separated item UUIDs.');
  return [...new Set(ids.map((id) => id.toLowerCase()))];
}

function uuidParam(query: Query, name: string): string | undefined {
  const value = queryText(query, name);
  if (value === undefined) return undefined;
  if (!isRecordId(value)) throw invalidQueryParameter(name, `${name} must be a UUID.`);
  return value.toLowerCase();
}

/**
 * The SQL of item lists, apart from HTTP so a benchmark can run it as the API does: a page of
 * `items` rows in name order (each filter has an index; `q` uses trigram indexes), then, for that
 * page only, its category, stock and photos, in one statement; the total in another.
 */
export class ItemListQuery {
  private readonly compiled = new Map<string, CompiledQuery<unknown[]>>();
  private readonly searchShapes = new Map<string, SearchShape>();

  /** `searches`: where a search's page runs, sessions taking its generic plan (Database.genericPlans). */
  constructor(
    private readonly db: Kysely<any>,
    private readonly searches: Kysely<any> = db,
  ) {}

  /** Up to `fetch` rows from `offset`, by name (case-insensitive) then id; `ids` in their order. */
  async page(
    scope: ItemScope,
    filters: ItemListFilters,
    page: Pick<PageRequest, 'offset' | 'fetch'>,
  ): Promise<ItemRow[]> {
    return (await this.pageAndTotal(scope, filters, page, false)).rows;
  }

  /**
   * The page and, when `counted` and the same statement can tell it (see totalIn), the list's
   * total: one statement where a page and its count were two. `total` is undefined when the page
   * is empty or the total must be counted apart (count()).
   */
  async pageAndTotal(
    scope: ItemScope,
    filters: ItemListFilters,
    page: Pick<PageRequest, 'offset' | 'fetch'>,
    counted: boolean,
  ): Promise<{ rows: ItemRow[]; total?: number }> {
    const on = planKind(filters) === 'generic' ? this.searches : this.db;
    const { rows: values } = await on.executeQuery(this.compiledPage(on, scope, filters, page, counted));
    const rows = values.map(listRow);
    if (filters.ids) return { rows: inRequestedOrder(rows, filters.ids) };
    const total = rows.length > 0 && rows[0].list_total != null ? Number(rows[0].list_total) : undefined;
    return { rows, total };
  }

  /**
   * pageStatement() compiled, kept by its inputs: the text and parameters follow from them alone,
   * and building and compiling the statement's tree was a tenth of what a list request allocated.
   */
  private compiledPage(
    on: Kysely<any>,
    scope: ItemScope,
    filters: ItemListFilters,
    page: Pick<PageRequest, 'offset' | 'fetch'>,
    counted: boolean,
  ): CompiledQuery<unknown[]> {
    if (filters.q && !filters.ids) return this.compiledSearch(on, scope, filters, page, counted);
    const key = compiledKey(scope, filters, page, counted);
    const kept = this.compiled.get(key);
    if (kept) return kept;
    return keptIn(this.compiled, key, this.pageStatement(scope, filters, page, counted).compile(on));
  }

  /**
   * A search's page statement. Its text, and its parameters but the ones `q` gives (the LIKE
   * pattern, the item number), follow from the search's shape (searchShape()): each shape is
   * compiled once, for two sample terms, and the parameters where those differ are `q`'s, put in
   * place for each search. Every search's term is new, and building and compiling its statement
   * was an eighth of the API's CPU under 16 searching clients.
   */
  private compiledSearch(
    on: Kysely<any>,
    scope: ItemScope,
    filters: ItemListFilters,
    page: Pick<PageRequest, 'offset' | 'fetch'>,
    counted: boolean,
  ): CompiledQuery<unknown[]> {
    const q = filters.q!;
    const shape = searchShape(q);
    const key = compiledKey(scope, { ...filters, q: shape }, page, counted);
    let kept = this.searchShapes.get(key);
    if (!kept) {
      const [first, second] = SHAPE_SAMPLES[shape].map((sample) =>
        this.pageStatement(scope, { ...filters, q: sample }, page, counted).compile(on),
      );
      if (first.sql !== second.sql) return this.pageStatement(scope, filters, page, counted).compile(on);
      const qAt = first.parameters.flatMap((value, i) => (value === second.parameters[i] ? [] : [i]));
      kept = keptIn(this.searchShapes, key, { query: first, qAt });
    }
    const parameters = [...kept.query.parameters];
    for (const i of kept.qAt)
      parameters[i] = typeof parameters[i] === 'number' ? itemNumberOf(q) : likePattern(q);
    return { ...kept.query, parameters };
  }

  /** Whether the page's statement can carry the list's total (totalIn). */
  countsWithPage(scope: ItemScope, filters: ItemListFilters): boolean {
    return totalIn(scope, filters) !== undefined;
  }

  /**
   * The page's one statement (apart from running it, so a test can EXPLAIN it), its rows as arrays
   * of LIST_COLUMNS (listRow() makes them rows); with `counted`, each row carries the list's total
   * as `list_total` where totalIn() says how.
   */
  pageStatement(
    scope: ItemScope,
    filters: ItemListFilters,
    page: Pick<PageRequest, 'offset' | 'fetch'>,
    counted = false,
  ): RawBuilder<unknown[]> {
    const total = counted ? totalIn(scope, filters) : undefined;
    const kind = planKind(filters);
    // A location's items stocked there from elsewhere, read once for both its page and its total.
    const shared = total === 'counts' && filters.locationId ? awayItems(scope, filters) : undefined;
    const source = pageSource(scope, filters, page, total === 'matches', kind !== undefined, shared);
    // A search's total is its source's own column (pageSource's `count(*) over ()`).
    const counts = shared
      ? locationTotal(scope, filters, sql`(select count(*) from away_items)`)
      : total === 'counts'
        ? this.countStatement(scope, filters)
        : total === 'matches'
          ? sql`page.list_total`
          : undefined;
    const extras = withExtras(source, scope, { locationId: filters.locationId, counts, listed: true });
    const statement = arrayRows(
      shared ? sql<ItemRow>`with away_items as materialized (${shared}) ${extras}` : extras,
    );
    // Planning a page cost PostgreSQL about what running it did: its plan is kept.
    if (kind === 'reused') return reusedPlan(statement);
    return kind === 'generic' ? genericPlan(statement) : statement;
  }

  /**
   * The list's exact total. For the common filters (archived, type, category) it is a sum over the
   * few `item_counts` rows the projector keeps, and with a location the items stocked there from
   * elsewhere (few, on their own index) are counted beside it; a search or a restricted user counts
   * the matching items themselves.
   */
  async count(scope: ItemScope, filters: ItemListFilters): Promise<number> {
    const { rows } = await this.countStatement(scope, filters).execute(this.db);
    return Number(rows[0].n);
  }

  /** The total's one statement (apart from running it, so a test can EXPLAIN it). */
  countStatement(scope: ItemScope, filters: ItemListFilters): RawBuilder<{ n: number | string }> {
    const counted = !scope.restrictedTo && !filters.q && !filters.ids;
    if (counted && filters.locationId)
      return locationTotal(scope, filters, sql`(select count(*) from (${awayItems(scope, filters)}) i)`);
    if (counted)
      return sql`select coalesce(sum(n), 0) as n from item_counts where ${countedConditions(scope, filters)}`;
    return sql`select count(*) as n from (${matchingItems(scope, filters)}) i`;
  }

  /** One item's extras (its record comes from its stream): category, stock, variations, photos. */
  async extrasOf(scope: ItemScope, item: { id: string; category_id: string }): Promise<ItemRow> {
    const source = sql`(select ${item.id}::uuid as id, ${item.category_id}::uuid as category_id, '' as name,
      coalesce((select variation_count from items where id = ${item.id}::uuid), 0) as variation_count)`;
    const { rows } = await withExtras(source, scope).execute(this.db);
    return rows[0];
  }
}

/**
 * The page's `items` rows. With a location, the items placed there (walked by name on
 * items_location_idx) and those stocked there from elsewhere (inventory_quantities_away_idx) are
 * read apart, each up to the page's end, and merged: one OR of both kept the planner off either index.
 */
function pageSource(
  scope: ItemScope,
  filters: ItemListFilters,
  page: Pick<PageRequest, 'offset' | 'fetch'>,
  countMatches = false,
  literalBounds = false,
  sharedAway?: RawBuilder<unknown>,
): RawBuilder<unknown> {
  const where = conditions(scope, filters);
  if (filters.ids) return sql`(select i.* from items i where ${where})`;
  const order = sql`order by ${nameOrder(filters)}, i.id`;
  const total = countMatches ? sql`, count(*) over () as list_total` : sql``;
  // A kept plan needs its bounds as literals (prepared-statements.ts); they are whole numbers.
  const bound = (n: number) => (literalBounds && Number.isSafeInteger(n) ? sql.lit(n) : sql`${n}`);
  const [fetch, offset, end] = [page.fetch, page.offset, page.offset + page.fetch].map(bound);
  if (!filters.locationId)
    return sql`(select i.* ${total} from items i where ${where} ${order}
      limit ${fetch} offset ${offset})`;
  const [placed, away] = locationParts(scope.accountId, filters.locationId);
  // `away_items`: the statement's own reading of them (pageStatement), else read here.
  const awayHalf = sharedAway
    ? sql`(select i.* from away_items i ${order} limit ${end})`
    : sql`(select i.* from items i where ${where} and ${away} ${order} limit ${end})`;
  return sql`(select i.* from (
      (select i.* from items i where ${where} and ${placed} ${order} limit ${end})
      union all
      ${awayHalf}
    ) i order by lower(i.name), i.id limit ${fetch} offset ${offset})`;
}

/**
 * The list's items stocked at its location away from their own (the second half of locationParts).
 */
function awayItems(scope: ItemScope, filters: ItemListFilters): RawBuilder<unknown> {
  return sql`select i.* from items i
    where ${conditions(scope, filters)} and ${awayFrom(scope.accountId, filters.locationId!)}`;
}

/**
 * A location's total without a search or a restriction: the item_counts rows of the items placed
 * there, plus `awayCount`, the count of awayItems().
 */
function locationTotal(
  scope: ItemScope,
  filters: ItemListFilters,
  awayCount: RawBuilder<unknown>,
): RawBuilder<{ n: number | string }> {
  return sql`select (select coalesce(sum(n), 0) from item_counts
      where ${countedConditions(scope, filters)} and location_id = ${filters.locationId}::uuid)
    + ${awayCount} as n`;
}

/** `value` kept in `map` under `key`, the map emptied first when full (MAX_COMPILED). */
function keptIn<V>(map: Map<string, V>, key: string, value: V): V {
  if (map.size >= MAX_COMPILED) map.clear();
  map.set(key, value);
  return value;
}

/** compiledPage()'s key: what a page's statement follows from. */
function compiledKey(
  scope: ItemScope,
  filters: ItemListFilters,
  page: Pick<PageRequest, 'offset' | 'fetch'>,
  counted: boolean,
): string {
  return JSON.stringify([
    scope.accountId,
    scope.restrictedTo ?? null,
    filters,
    page.offset,
    page.fetch,
    counted,
  ]);
}

/** A search's shape compiled once: its statement for a sample term, and where that term's values are. */
interface SearchShape {
  query: CompiledQuery<unknown[]>;
  qAt: number[];
}

/**
 * What of a search's statement its `q` decides besides the values it gives: whether the trigram
 * indexes serve it (trigramSearch(): its order, plan and total) and whether it is an item number
 * too (matching()).
 */
function searchShape(q: string): keyof typeof SHAPE_SAMPLES {
  const number = itemNumberOf(q) === undefined ? '' : '+number';
  return `${trigramSearch(q) ? 'trigram' : 'short'}${number}` as keyof typeof SHAPE_SAMPLES;
}

/** Two terms of each shape, differing in every value they give (compiledSearch). */
const SHAPE_SAMPLES = {
  trigram: ['sample one', 'sample two'],
  'trigram+number': ['1000000001', '1000000002'],
  short: ['a', 'b'],
  'short+number': ['1', '2'],
} satisfies Record<string, [string, string]>;

/**
 * How a page's plan is kept (prepared-statements.ts): a list's as PostgreSQL chooses (`reused`:
 * its generic plan after five runs); a search's on the trigram indexes as its generic plan
 * (`generic`): its pattern, a parameter, is found through the same indexes whatever it is, and
 * PostgreSQL, which costs a parameter pattern at LIKE's default selectivity, would never keep it.
 * A search of fewer than three characters, or by `ids`, is planned each time.
 */
function planKind(filters: ItemListFilters): 'reused' | 'generic' | undefined {
  if (filters.ids) return undefined;
  if (!filters.q) return 'reused';
  return trigramSearch(filters.q) ? 'generic' : undefined;
}

/** Every item of the list, unordered (for counting them). */
function matchingItems(scope: ItemScope, filters: ItemListFilters): RawBuilder<unknown> {
  const where = conditions(scope, filters);
  if (!filters.locationId || filters.ids) return sql`select i.id from items i where ${where}`;
  const [placed, away] = locationParts(scope.accountId, filters.locationId);
  return sql`select i.id from items i where ${where} and ${placed}
    union all select i.id from items i where ${where} and ${away}`;
}

/**
 * How the page's statement can carry the list's total, if at all: `counts`, the few `item_counts`
 * rows summed once beside the page (countStatement, an InitPlan); `matches`, a search on its
 * trigram indexes counting what it matched (`count(*) over ()`: it reads and sorts every match
 * for its page anyway, and a match more than a page holds is one the total needs). Not for a
 * search by location (two halves) or of fewer than three characters, which walks the name index
 * and stops at the page's end: those are counted apart, when the page does not tell the total.
 */
function totalIn(scope: ItemScope, filters: ItemListFilters): 'counts' | 'matches' | undefined {
  if (filters.ids) return undefined;
  if (!filters.q) return scope.restrictedTo ? undefined : 'counts';
  return !filters.locationId && trigramSearch(filters.q) ? 'matches' : undefined;
}

/**
 * A page's rows (`source`) with their category, stock and photos, and with a location its stock
 * there. `listed`: a list page's, the columns of LIST_COLUMNS in their order (list_total null when
 * not counted; the location's last, on its list only); else the source's columns and the extras.
 */
function withExtras(
  source: RawBuilder<unknown>,
  scope: ItemScope,
  {
    locationId,
    counts,
    listed = false,
  }: { locationId?: string; counts?: RawBuilder<unknown>; listed?: boolean } = {},
): RawBuilder<ItemRow> {
  // The location-less row holds only quantities on estimates (lines of items without variations).
  const restricted = scope.restrictedTo
    ? sql`iq.location_id = ${scope.restrictedTo}::uuid or iq.location_id is null`
    : undefined;
  const atLocation = locationId
    ? sql`, q.location_on_hand, q.location_reserved, q.location_incoming, q.location_in_transit,
      lt.threshold as location_threshold`
    : sql``;
  // The stock at the location is a part of the item's rows read once (FILTER), not a second read.
  const here = locationId ? sql`iq.location_id = ${locationId}::uuid` : undefined;
  const stockHere = here ? sql`, ${sums(here, 'location_')}` : sql``;
  // A variation-managed item's threshold there is its variations' rows' (the item's own moved to them).
  const locationJoin = locationId
    ? sql`left join lateral (select sum(r.threshold) as threshold from item_variations v
        join item_variation_locations r on r.variation_id = v.id and r.location_id = ${locationId}::uuid
        where v.item_id = page.id) lt on true`
    : sql``;
  const total = counts ? sql`, (${counts}) as list_total` : listed ? sql`, null as list_total` : sql``;
  const columns = listed ? sql.join(ITEM_COLUMNS.map((column) => sql.ref(`page.${column}`))) : sql`page.*`;
  return sql<ItemRow>`select ${columns}, c.name as category_name, c.custom_fields as category_fields,
      q.on_hand, q.reserved, q.incoming, q.in_transit, q.estimates, ph.photos ${total} ${atLocation}
    from ${source} as page
    left join item_categories c on c.id = page.category_id
    left join lateral (select ${sums(restricted, '')}, coalesce(sum(iq.estimates)${filtered(restricted)}, 0) as estimates
        ${stockHere}
      from inventory_quantities iq where iq.item_id = page.id) q on true
    left join lateral (select json_agg(json_build_object('id', p.id, 'position', p.position,
        'thumbnail_url', p.thumbnail_url, 'display_url', p.display_url, 'large_url', p.large_url,
        'original_url', p.original_url) order by p.position) as photos
      from item_photos p where p.item_id = page.id) ph on true
    ${locationJoin}
    order by lower(page.name), page.id`;
}

/** The item's on-hand, reserved, incoming and in-transit sums over its rows `where` (all without). */
function sums(where: RawBuilder<unknown> | undefined, prefix: string): RawBuilder<unknown> {
  const columns = ['on_hand', 'reserved', 'incoming', 'in_transit'].map(
    (column) =>
      sql`coalesce(sum(${sql.ref(`iq.${column}`)})${filtered(where)}, 0) as ${sql.id(`${prefix}${column}`)}`,
  );
  return sql.join(columns);
}

function filtered(where: RawBuilder<unknown> | undefined): RawBuilder<unknown> {
  return where ? sql` filter (where ${where})` : sql``;
}

/** The WHERE over `item_counts` matching what conditions() selects for the same filters. */
function countedConditions(scope: ItemScope, filters: ItemListFilters): RawBuilder<unknown> {
  const states = listStates(filters.archived);
  const parts = [
    sql`account_id = ${scope.accountId}::uuid`,
    sql`list_state in (${sql.join(states.map((state) => sql`${state}`))})`,
  ];
  if (filters.type) parts.push(sql`inventory_type = ${inventoryType(filters.type)}`);
  if (filters.categoryId) parts.push(sql`category_id = ${filters.categoryId}::uuid`);
  return sql.join(parts, sql` and `);
}

/** The WHERE of a list but its location (locationParts): the scope always; with `ids`, nothing else. */
function conditions(scope: ItemScope, filters: ItemListFilters): RawBuilder<unknown> {
  const account = scope.accountId;
  const parts = [sql`i.account_id = ${account}::uuid`];
  if (scope.restrictedTo) {
    const here = scope.restrictedTo;
    parts.push(
      sql`(i.location_id is null or i.location_id = ${here}::uuid or i.id in (${stockedAt(account, here)}))`,
    );
  }
  if (filters.ids) {
    parts.push(sql`i.id in (${sql.join(filters.ids.map((id) => sql`${id}::uuid`))})`);
    return sql.join(parts, sql` and `);
  }
  // Word for word the predicate of the default list's partial index (items_active_idx).
  if (filters.archived === 'active') parts.push(sql.raw(ITEM_ACTIVE_PREDICATE));
  if (filters.archived === 'archived') parts.push(sql`i.archived = true`);
  if (filters.type) parts.push(sql`i.inventory_type = ${inventoryType(filters.type)}`);
  if (filters.categoryId) parts.push(sql`i.category_id = ${filters.categoryId}::uuid`);
  if (filters.q) parts.push(matching(account, filters.q));
  return sql.join(parts, sql` and `);
}

/**
 * The type as a literal: a kept plan (reusedPlan) must know it, as unique items may be a few of
 * an account's (then walked on items_type_idx) or most of them.
 */
function inventoryType(type: 'quantity' | 'unique'): RawBuilder<unknown> {
  if (type !== 'quantity' && type !== 'unique') throw new Error(`not an inventory type: ${String(type)}`);
  return sql.lit(type);
}

/**
 * The page's order. With a `q` the trigram indexes can serve (3 characters or more), the name
 * index must not: walking names until enough rows match costs as much as where the matches sort,
 * while the matches themselves are found through the trigrams and sorted at a cost that follows
 * their number (`|| ''` hides the expression from the index).
 */
function nameOrder(filters: ItemListFilters): RawBuilder<unknown> {
  return filters.q && trigramSearch(filters.q) ? sql`lower(i.name) || ''` : sql`lower(i.name)`;
}

/** A `q` the trigram indexes can serve: three characters or more. */
function trigramSearch(q: string): boolean {
  return [...q].length >= 3;
}

/**
 * An item is on a location's list when placed there or stocked there (inventory rows of its own or
 * its variations'): the two apart, disjoint, each with an index. The second takes the rows stocked
 * away from their item's location as inventory_quantities knows it (`away`, stocked-away.ts).
 */
function locationParts(account: string, location: string): [RawBuilder<unknown>, RawBuilder<unknown>] {
  return [sql`i.location_id = ${location}::uuid`, awayFrom(account, location)];
}

/**
 * Items stocked at the location away from their own: a few, looked up by id (`= any(array(…))`
 * keeps the planner from walking every item by name until enough of them turn up).
 */
function awayFrom(account: string, location: string): RawBuilder<unknown> {
  return sql`i.location_id is distinct from ${location}::uuid and i.id = any(array(select item_id
    from inventory_quantities where account_id = ${account}::uuid and location_id = ${location}::uuid
      and stocked and away))`;
}

/** Items with inventory rows (their own or their variations') at a location. */
function stockedAt(account: string, location: string): RawBuilder<unknown> {
  return sql`select item_id from inventory_quantities
    where account_id = ${account}::uuid and location_id = ${location}::uuid and stocked`;
}

/**
 * A substring of any searched column, case-insensitive, as LIKE patterns the trigram indexes serve
 * (wildcards in q are escaped); digits also match the exact item number.
 */
function matching(account: string, q: string): RawBuilder<unknown> {
  const pattern = likePattern(q);
  const columns = ['name', 'sku', 'barcode', 'serial_number'].map(
    (column) => sql`lower(${sql.ref(`i.${column}`)}) like lower(${pattern})`,
  );
  const number = itemNumberOf(q);
  if (number !== undefined)
    columns.push(sql`(i.account_id = ${account}::uuid and i.item_number = ${number})`);
  return sql`(${sql.join(columns, sql` or `)})`;
}

/** `q` as a LIKE pattern of a substring, its wildcards escaped. */
function likePattern(q: string): string {
  return `%${q.replace(/[\\%_]/g, (c) => `\\${c}`)}%`;
}

/** The item number `q` names, if it is one: up to ten digits within the column's range. */
function itemNumberOf(q: string): number | undefined {
  return /^\d{1,10}$/.test(q) && Number(q) <= MAX_ITEM_NUMBER ? Number(q) : undefined;
}

/**
 * A list page's row from its values (arrayRows(), in LIST_COLUMNS' order): the `items` row with
 * what the page adds. One object literal, so that every row is made at once in one shape: pg's
 * row objects cost six times as much (array-rows.ts).
 */
function listRow(v: unknown[]): ItemRow {
  let i = 0;
  // The `items` columns the view reads (ITEM_COLUMNS), then withExtras' for a list.
  return {
    id: v[i++],
    item_number: v[i++],
    name: v[i++],
    description: v[i++],
    sku: v[i++],
    barcode: v[i++],
    serial_number: v[i++],
    inventory_type: v[i++],
    category_id: v[i++],
    supplier_ids: v[i++],
    location_id: v[i++],
    zone_id: v[i++],
    unit_of_measure_id: v[i++],
    price: v[i++],
    cost: v[i++],
    threshold: v[i++],
    weight: v[i++],
    published: v[i++],
    custom_field_values: v[i++],
    pricing_details: v[i++],
    status_id: v[i++],
    archived: v[i++],
    sold_date: v[i++],
    variation_count: v[i++],
    purchase_date: v[i++],
    revision: v[i++],
    created_at: v[i++],
    updated_at: v[i++],
    category_name: v[i++],
    category_fields: v[i++],
    on_hand: v[i++],
    reserved: v[i++],
    incoming: v[i++],
    in_transit: v[i++],
    estimates: v[i++],
    photos: v[i++],
    list_total: v[i++],
    // A location's list only (undefined on others: past the end of their rows).
    location_on_hand: v[i++],
    location_reserved: v[i++],
    location_incoming: v[i++],
    location_in_transit: v[i++],
    location_threshold: v[i++],
  };
}

/** The columns of a list page's statement, in order: listRow()'s (the last five a location's only). */
export const LIST_COLUMNS: readonly string[] = Object.keys(listRow([]));

/**
 * The `items` columns a list page selects, as listRow() reads them: those its JSON shows (not the
 * account nor the variation attributes). Each column costs a list request about 1.5 KB (its
 * description, and a value and three slots a row).
 */
const ITEM_COLUMNS = LIST_COLUMNS.slice(0, LIST_COLUMNS.indexOf('category_name'));

function inRequestedOrder(rows: ItemRow[], ids: string[]): ItemRow[] {
  const byId = new Map(rows.map((row) => [row.id as string, row]));
  return ids.flatMap((id) => byId.get(id) ?? []);
}
