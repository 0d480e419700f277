/**
 * npm run bench:catalog — item list pages over 100,000 items (issue 4): the API's GET /api/v3/items
 * with filters and `q`, p50 and p99 latency, beside a raw SQL query for the same page run in the
 * same run on the same database as the baseline: the page as the API shows it (its items with
 * their category, stock and photos, and the list's total; shownPage), checked equal to the API's
 * before the run (sameAsApi), and the page's `items` rows alone (the baseline before the eleventh
 * round, `items_only_p99_ratio`). Needs DATABASE_URL (PostgreSQL). Items are made by
 * the Item aggregate's own decide (so they are valid events) and appended straight to the event
 * store; the API's projectors build the read models. Then, so that every quantity bucket is
 * populated on the pages measured, documents through the API at each of the three locations, over
 * the first items that location's list shows: stock transfers sent to the next location (in
 * transit there, on hand out of here), sales orders (reserved), purchase orders sent (incoming)
 * and open estimates (quantities on estimates). The `location_id` variants list each location.
 * Each variant's page is also asked of a bare Node HTTP service (support/bare-page.ts: node:http
 * and pg, nothing else) serving its raw SQL: the floor of any HTTP answer here. The variants are
 * measured after a warm-up of all of them (warmUp). Then searches under load (issue 31):
 * SEARCH_CLIENTS clients at once, each request a `q` on a name, a SKU or an item number picked at
 * random (seeded), p50/p99 of every request. The last line is one JSON object.
 */
import 'reflect-metadata';
import { randomUUID } from 'node:crypto';
import { decideItem, isDomainError, itemAggregate, ItemContext, NO_REFERENCES } from '@app/domain';
import { PostgresEventStore } from '@app/event-store';
import { openDatabase } from '@app/read-models';
import { ITEM_ACTIVE_PREDICATE } from '@app/read-models/projectors/item-lists';
import { Pool } from 'pg';
import { Api, bootstrapKey, startApiServer } from './support/api-server';
import { startBarePageServer } from './support/bare-page';
import { httpApiClient } from './support/http-api-client';
import { concurrently, log, percentile, round } from './support/measure';
import { extrasOfRow } from '../apps/api/src/items/item-json';
import { LIST_COLUMNS } from '../apps/api/src/items/item-list-query';

const quick = process.env.BENCH_QUICK === '1';
const ITEMS = quick ? 5_000 : 100_000;
/**
 * Requests per variant, each beside its raw query. The p99 of 200 is their second-worst, so two
 * stalls of another process set it, and the worst of ten variants' ratios mostly measured such
 * stalls (a variant's ratio moved by up to 1.8 between runs); of 600 it is the sixth-worst.
 */
const SAMPLES = quick ? 30 : 600;
/** API requests (each beside its raw query) over every variant before the first is measured (warmUp). */
const WARM_REQUESTS = quick ? 30 : 3_000;
/** Documents of each kind per location (transfers, sales orders, purchase orders, estimates). */
const DOCUMENTS = quick ? 8 : 40;
/** Units each stocked quantity item has at its location. */
const STOCK = 1_000;
/** Concurrent clients of the search phase, and its requests (after a warm-up of a tenth). */
const SEARCH_CLIENTS = 16;
const SEARCHES = quick ? 320 : 3_200;
const WORDS = ['Widget', 'Gadget', 'Bracket', 'Valve', 'Sprocket', 'Flange', 'Gasket', 'Hinge'];

interface Catalog {
  accountId: string;
  categories: string[];
  locations: string[];
}

/**
 * A page as a client asks for it, and the raw SQL that reads the same page: its `items` rows
 * (`sql`, with `shown` the matches' count beside a search's rows) and the list's total as the read
 * models keep it (`total`, an expression over `$1`, the account, and `$2`, the variant's other
 * value). shownPage() adds what the page shows besides: category, stock, photos, total.
 */
interface Variant {
  name: string;
  query: string;
  sql: (c: Catalog, shown?: boolean) => { text: string; values: unknown[] };
  total: string;
  /** A location's list: `$2` is the location, whose stock and threshold the rows also show. */
  atLocation?: boolean;
}

/** The default list's predicate, word for word the list's own (its partial index serves it). */
const ACTIVE = ITEM_ACTIVE_PREDICATE;

/** The active list's total where `where` holds: the few `item_counts` rows the projector keeps. */
const counted = (where = 'true') =>
  `(select coalesce(sum(n), 0) from item_counts
    where account_id = $1 and list_state = 'active' and ${where})`;
/** A search's total: its matches, counted beside its rows (searchPage's `matches`). */
const MATCHES = 'page.matches';
/** A location's: the items placed there (item_counts) and those stocked there from elsewhere. */
const LOCATION_TOTAL = `(${counted('location_id = $2')} + (select count(*) from items
    where account_id = $1 and ${ACTIVE} and location_id is distinct from $2
      and id in (select item_id from inventory_quantities
        where account_id = $1 and location_id = $2 and stocked and away)))`;

const VARIANTS: Variant[] = [
  {
    name: 'first page',
    query: 'limit=20',
    sql: (c) => page(`account_id = $1 and ${ACTIVE}`, [c.accountId], 0),
    total: counted(),
  },
  {
    name: 'page 100',
    query: 'limit=20&page=100',
    sql: (c) => page(`account_id = $1 and ${ACTIVE}`, [c.accountId], 1980),
    total: counted(),
  },
  {
    name: 'category',
    query: 'category_id=CATEGORY&limit=20&page=5',
    sql: (c) =>
      page(`account_id = $1 and ${ACTIVE} and category_id = $2`, [c.accountId, c.categories[1]], 80),
    total: counted('category_id = $2'),
  },
  {
    name: 'type unique',
    query: 'type=unique&limit=20',
    sql: (c) => page(`account_id = $1 and ${ACTIVE} and inventory_type = 'unique'`, [c.accountId], 0),
    total: counted(`inventory_type = 'unique'`),
  },
  {
    name: 'q name',
    query: 'q=gasket%2012&limit=20',
    sql: (c, shown) => searchPage(matching('%gasket 12%'), [c.accountId], shown),
    total: MATCHES,
  },
  {
    name: 'q sku',
    query: 'q=SKU-0042&limit=20',
    sql: (c, shown) => searchPage(matching('%sku-0042%'), [c.accountId], shown),
    total: MATCHES,
  },
  {
    name: 'q number',
    query: 'q=4242&limit=20',
    sql: (c, shown) =>
      searchPage(`(${matching('%4242%')} or (account_id = $1 and item_number = 4242))`, [c.accountId], shown),
    total: MATCHES,
  },
  ...[0, 1, 2].map((n): Variant => ({
    name: `location ${n + 1}`,
    query: `location_id=LOCATION${n}&limit=20&page=${n + 1}`,
    sql: (c) => locationPage([c.accountId, c.locations[n]], 20 * n),
    total: LOCATION_TOTAL,
    atLocation: true,
  })),
];

/**
 * The page as the API shows it, in raw SQL: the variant's `items` rows with their category, their
 * stock summed over their inventory rows (and at the location, on its list), their photos and the
 * list's total. What the database itself must do for the page: the baseline of `p99_ratio`.
 */
function shownPage(variant: Variant, c: Catalog) {
  const { text, values } = variant.sql(c, true);
  const buckets = ['on_hand', 'reserved', 'incoming', 'in_transit', 'estimates'];
  const sums = buckets.map((b) => `coalesce(sum(${b}), 0) as ${b}`);
  if (variant.atLocation)
    sums.push(
      ...buckets.slice(0, 4).map((b) => `sum(${b}) filter (where location_id = $2) as location_${b}`),
    );
  const threshold = variant.atLocation
    ? `, (select sum(r.threshold) from item_variations v join item_variation_locations r
        on r.variation_id = v.id and r.location_id = $2 where v.item_id = page.id) as location_threshold`
    : '';
  const photo = ['id', 'position', 'thumbnail_url', 'display_url', 'large_url', 'original_url'];
  return {
    text: `select ${ITEM_COLUMNS.map((column) => `page.${column}`).join(', ')},
        c.name as category_name, c.custom_fields as category_fields, q.*,
        (select json_agg(json_build_object(${photo.map((f) => `'${f}', p.${f}`).join(', ')})
          order by p.position) from item_photos p where p.item_id = page.id) as photos,
        ${variant.total} as list_total ${threshold}
      from (${text}) page
      left join item_categories c on c.id = page.category_id
      left join lateral (select ${sums.join(', ')} from inventory_quantities where item_id = page.id) q on true
      order by lower(page.name), page.id`,
    values,
  };
}

/** The `items` columns the API's page shows, as its list selects them. */
const ITEM_COLUMNS = LIST_COLUMNS.slice(0, LIST_COLUMNS.indexOf('category_name'));

/** What `q` means (inventory-api §4): a substring of name, SKU, barcode or serial number. */
function matching(pattern: string): string {
  const columns = ['name', 'sku', 'barcode', 'serial_number'].map((c) => `lower(${c}) like '${pattern}'`);
  return `(${columns.join(' or ')})`;
}

/**
 * A location's page as the list reads it (issue 31): the items placed there, by name on their
 * index, merged with those stocked there from elsewhere (`away`), each read up to the page's end.
 * Before, one OR of the two (`location_id = $2 or id in (…stocked)`), which read every item.
 */
function locationPage(values: unknown[], offset: number) {
  const end = offset + 21;
  const order = `order by lower(name), id limit ${end}`;
  return {
    text: `select * from (
        (select * from items where account_id = $1 and ${ACTIVE} and location_id = $2 ${order})
        union all
        (select * from items where account_id = $1 and ${ACTIVE} and location_id is distinct from $2
          and id in (select item_id from inventory_quantities
            where account_id = $1 and location_id = $2 and stocked and away) ${order})
      ) i order by lower(name), id limit 21 offset ${offset}`,
    values,
  };
}

/**
 * A search's first page as the list reads it: the matches found through the trigram indexes and
 * sorted (the name index hidden, `|| ''`), the item number matched within the account (its index).
 */
function searchPage(match: string, values: unknown[], withMatches = false) {
  const matches = withMatches ? ', count(*) over () as matches' : '';
  return {
    text: `select * ${matches} from items where account_id = $1 and ${ACTIVE} and ${match}
      order by lower(name) || '', id limit 21`,
    values,
  };
}

function page(where: string, values: unknown[], offset: number) {
  return {
    text: `select * from items where ${where} order by lower(name), id limit 21 offset ${offset}`,
    values,
  };
}

/**
 * Development switches (the headline run uses none): BENCH_CATALOG_DB=<name> runs on that database
 * and keeps it, seeding it only the first time (its key and catalog kept in `bench_catalog_state`),
 * so that runs after the first skip the few minutes of seeding; BENCH_CATALOG_PHASES=variants skips
 * the search phase; BENCH_CATALOG_VARIANTS=<name>,<name> measures only those variants.
 */
const KEPT_DB = process.env.BENCH_CATALOG_DB || undefined;
const SEARCH_PHASE = (process.env.BENCH_CATALOG_PHASES ?? 'variants,search').split(',').includes('search');
const ONLY = process.env.BENCH_CATALOG_VARIANTS?.split(',').map((name) => name.trim());

async function main(): Promise<void> {
  const serverUrl = process.env.DATABASE_URL;
  if (!serverUrl) throw new Error('bench:catalog needs DATABASE_URL (a PostgreSQL server)');
  const server = await startApiServer(serverUrl, {}, KEPT_DB);
  const pool = new Pool({ connectionString: server.databaseUrl, max: 2 });
  let stopBare: (() => Promise<void>) | undefined;
  try {
    const kept = KEPT_DB ? await keptState(pool) : undefined;
    const key = kept?.key ?? (await bootstrapKey(server));
    const api = httpApiClient(server.url, key);
    let catalog = kept?.catalog;
    if (!catalog) {
      catalog = await setUp(api);
      log(`seeding ${ITEMS} items`);
      await seed(server.databaseUrl!, catalog);
      await caughtUp(server.url);
      log(`seeding ${DOCUMENTS} transfers, sales orders, purchase orders and estimates per location`);
      await seedDocuments(api, catalog);
      await caughtUp(server.url);
      if (KEPT_DB) await keepState(pool, key, catalog);
    } else {
      log(`reusing the seeded database ${KEPT_DB}`);
      await caughtUp(server.url);
    }
    const buckets = await bucketCounts(api, catalog);
    log(`items with each bucket non-zero, of the first 60 listed per location: ${JSON.stringify(buckets)}`);
    const populated = Object.values(buckets).every((counts) => Object.values(counts).every((c) => c > 0));
    await pool.query('analyze');
    const statements = VARIANTS.map((variant) => shownPage(variant, catalog));
    const bareServer = await startBarePageServer(server.databaseUrl!, statements);
    stopBare = bareServer.stop;
    const bare = httpApiClient(bareServer.url, key);
    const clients = { api, bare, pool };
    const variants = VARIANTS.filter((v) => !ONLY || ONLY.includes(v.name));
    const differing = await sameAsApi(variants, catalog, clients);
    if (differing.length > 0) throw new Error(`raw pages differing from the API's: ${differing.join(', ')}`);
    await warmUp(variants, catalog, clients);
    const results: Awaited<ReturnType<typeof measure>>[] = [];
    for (const variant of variants) results.push(await measure(variant, catalog, clients));
    await stopBare();
    stopBare = undefined;
    const search = SEARCH_PHASE ? await searchUnderLoad(api) : undefined;
    const all = (pick: (r: (typeof results)[number]) => number[]) =>
      results.flatMap(pick).sort((a, b) => a - b);
    const apiAll = all((r) => r.apiMs);
    const sqlAll = all((r) => r.sqlMs);
    console.log(
      JSON.stringify({
        store: 'postgres',
        items: ITEMS,
        documents_per_kind_and_location: DOCUMENTS,
        // Per location: measured-page items with each bucket non-zero there.
        buckets,
        every_bucket_populated: populated,
        samples_per_variant: SAMPLES,
        variants: results.map(({ apiMs, bareMs, sqlMs, ...figures }) => figures), // eslint-disable-line @typescript-eslint/no-unused-vars
        api_p50_ms: round(percentile(apiAll, 50)),
        api_p99_ms: round(percentile(apiAll, 99)),
        sql_p50_ms: round(percentile(sqlAll, 50)),
        sql_p99_ms: round(percentile(sqlAll, 99)),
        worst_variant_p99_ratio: Math.max(...results.map((r) => r.p99_ratio)),
        // The same against each variant's `items` rows alone (the baseline before the eleventh round).
        worst_variant_items_only_p99_ratio: Math.max(...results.map((r) => r.items_only_p99_ratio)),
        // The same, against the raw page served by the barest Node HTTP service (bare-page.ts).
        worst_variant_p99_ratio_to_bare_http: Math.max(...results.map((r) => r.p99_ratio_to_bare_http)),
        list_p99_ratio: round(percentile(apiAll, 99) / percentile(sqlAll, 99), 2),
        search_clients: SEARCH_CLIENTS,
        search_requests: search?.requests,
        search_per_s: search?.perSecond,
        search_p50_ms: search?.p50,
        search_p99_ms: search?.p99,
      }),
    );
    if (!populated) {
      log('FAILED: a quantity bucket is empty on the pages measured');
      process.exitCode = 1;
    }
  } finally {
    await stopBare?.();
    await pool.end();
    await server.stop();
  }
}

/** A kept database's key and catalog, if it was seeded (BENCH_CATALOG_DB). */
async function keptState(pool: Pool): Promise<{ key: string; catalog: Catalog } | undefined> {
  await pool.query(
    'create table if not exists bench_catalog_state (key text not null, catalog jsonb not null)',
  );
  const { rows } = await pool.query<{ key: string; catalog: Catalog }>(
    'select key, catalog from bench_catalog_state',
  );
  return rows[0];
}

async function keepState(pool: Pool, key: string, catalog: Catalog): Promise<void> {
  await pool.query('insert into bench_catalog_state (key, catalog) values ($1, $2)', [key, catalog]);
}

/** Categories and locations through the API, as a client would make them. */
async function setUp(api: Api): Promise<Catalog> {
  const categories: string[] = [];
  for (const [i, type] of ['quantity', 'quantity', 'quantity', 'unique'].entries()) {
    categories.push(
      (await api('POST', '/api/v3/item-categories', { name: `Cat ${i}`, inventory_type: type })).id as string,
    );
  }
  const locations: string[] = [];
  for (const name of ['North', 'South', 'East']) {
    locations.push(
      (await api('POST', '/api/v3/locations', { name, short_name: name.slice(0, 3) })).id as string,
    );
  }
  const accountId = await accountOf(api);
  return { accountId, categories, locations };
}

/** The account id, from the event metadata of a record the key created. */
async function accountOf(api: Api): Promise<string> {
  const customer = await api('POST', '/api/v3/customers', { name: 'Bench' });
  const events = await api('GET', `/api/v3/customers/${customer.id as string}/events`);
  return (events.data as { metadata: { account_id: string } }[])[0].metadata.account_id;
}

/**
 * ITEMS ItemCreated events (a third with stock at their location, spread over the three locations:
 * STOCK units, a unique item 1), 16 writers, straight to the store.
 */
async function seed(databaseUrl: string, catalog: Catalog): Promise<void> {
  const database = await openDatabase({ url: databaseUrl, maxConnections: 16 });
  const store = await PostgresEventStore.open(database);
  try {
    const now = new Date().toISOString();
    const context: ItemContext = {
      now,
      accountId: catalog.accountId,
      mayViewCost: true,
      references: {
        ...NO_REFERENCES,
        categories: Object.fromEntries(
          catalog.categories.map((id, i) => [
            id,
            { inventory_type: i === 3 ? 'unique' : 'quantity', custom_field_ids: [] },
          ]),
        ),
        locations: catalog.locations,
      },
    };
    await concurrently(16, ITEMS, async (_, i) => {
      const id = randomUUID();
      const unique = i % 10 === 0;
      const category = unique ? catalog.categories[3] : catalog.categories[i % 3];
      const input = {
        name: `${WORDS[i % WORDS.length]} ${i}`,
        inventory_type: unique ? 'unique' : 'quantity',
        category_id: category,
        sku: `SKU-${String(i).padStart(6, '0')}`,
        barcode: String(4_000_000_000_000 + i),
        price: (i % 500) + 0.99,
        location_id: catalog.locations[i % 3],
      };
      const created = decideItem(
        { type: 'CreateItem', id, item_number: i + 1, input },
        itemAggregate.initialState,
        context,
      );
      if (isDomainError(created)) throw created;
      const events = [...created];
      if (Math.floor(i / 3) % 3 === 0) {
        let state = itemAggregate.initialState;
        for (const [revision, event] of created.entries()) state = evolveAt(state, event, id, revision);
        const adjusted = decideItem(
          {
            type: 'AdjustItemStock',
            input: { location_id: catalog.locations[i % 3], quantity: unique ? 1 : STOCK, reason: 'count' },
          },
          state,
          context,
        );
        if (isDomainError(adjusted)) throw adjusted;
        events.push(...adjusted);
      }
      const data = events.map((e) => ({
        id: randomUUID(),
        type: e.type,
        data: e.data,
        metadata: { account_id: catalog.accountId },
      }));
      await store.appendToStream(`item-${id}`, data, { expectedRevision: 'no_stream' });
      if (i % 10_000 === 9_999) log(`  ${i + 1} items`);
    });
  } finally {
    await store.close();
    await database.close();
  }
}

/**
 * DOCUMENTS of each kind at every location, 16 clients, over the quantity items the location's list
 * shows first (the pages measured): transfers of stocked ones sent to the next location, sales
 * orders, purchase orders sent, open estimates.
 */
async function seedDocuments(api: Api, catalog: Catalog) {
  const { locations } = catalog;
  const customer = await api('POST', '/api/v3/customers', { name: 'Buyer', tax_rate: 8 });
  const supplier = await api('POST', '/api/v3/suppliers', { name: 'Maker', tax_rate: 10 });
  const shown = await Promise.all(locations.map((location) => listed(api, location)));
  const lines = (items: ListedItem[], d: number) =>
    Array.from({ length: 10 }, (_, l) => ({ item_id: items[(d * 3 + l) % items.length].id, quantity: 2 }));
  const work: (() => Promise<unknown>)[] = [];
  for (const [n, location] of locations.entries()) {
    const items = shown[n].filter((item) => item.inventory_type === 'quantity');
    const stocked = items.filter((item) => item.location_inventory.quantity >= 100);
    if (stocked.length === 0) throw new Error(`no stocked item listed first at location ${n + 1}`);
    for (let d = 0; d < DOCUMENTS; d++) {
      work.push(async () => {
        const transfer = await api('POST', '/api/v3/stock-transfers', {
          origin_location_id: location,
          destination_location_id: locations[(n + 1) % 3],
          lines: lines(stocked, d),
        });
        await api('POST', `/api/v3/stock-transfers/${transfer.id as string}/send`, {});
      });
      work.push(() =>
        api('POST', '/api/v3/sales-orders', {
          customer_id: customer.id,
          location_id: location,
          lines: lines(items, d),
        }),
      );
      work.push(async () => {
        const order = await api('POST', '/api/v3/purchase-orders', {
          supplier_id: supplier.id,
          location_id: location,
          lines: lines(items, d),
        });
        await api('POST', `/api/v3/purchase-orders/${order.id as string}/send`, {});
      });
      work.push(() => api('POST', '/api/v3/estimates', { customer_id: customer.id, lines: lines(items, d) }));
    }
  }
  await concurrently(16, work.length, (_, i) => work[i]().then(() => undefined));
}

/**
 * Per location, how many of its first 60 listed items have each bucket non-zero there (estimates:
 * on the item; they count on no location).
 */
async function bucketCounts(api: Api, { locations }: Catalog) {
  return Object.fromEntries(
    await Promise.all(
      locations.map(async (location, n) => {
        const after = await listed(api, location);
        const count = (pick: (item: ListedItem) => number) => after.filter((item) => pick(item) !== 0).length;
        return [
          `location_${n + 1}`,
          {
            on_hand: count((i) => i.location_inventory.quantity),
            reserved: count((i) => i.location_inventory.quantity_reserved),
            incoming: count((i) => i.location_inventory.quantity_incoming),
            in_transit: count((i) => i.location_inventory.in_transit),
            estimates: count((i) => i.quantity_estimates ?? 0),
          },
        ] as const;
      }),
    ),
  );
}

interface ListedItem {
  id: string;
  inventory_type: string;
  quantity_estimates: number | null;
  location_inventory: {
    quantity: number;
    quantity_reserved: number;
    quantity_incoming: number;
    in_transit: number;
  };
}

/** The first 60 items of a location's list (the three pages the variants measure). */
async function listed(api: Api, location: string): Promise<ListedItem[]> {
  const page = await api('GET', `/api/v3/items?location_id=${location}&limit=60`);
  return page.data as ListedItem[];
}

function evolveAt(
  state: typeof itemAggregate.initialState,
  event: { type: string; data: object },
  id: string,
  revision: number,
) {
  return itemAggregate.evolve(state, {
    ...event,
    id: randomUUID(),
    streamId: `item-${id}`,
    revision,
    metadata: {},
    position: { commit: 0n, prepare: 0n },
    recordedAt: new Date(),
  } as never);
}

/** Until every projector of the API has projected the log's head. */
async function caughtUp(url: string): Promise<void> {
  for (;;) {
    const health = (await (await fetch(`${url}/health`)).json()) as { projectors: { lag: number }[] };
    if (health.projectors.every((p) => p.lag === 0)) return;
    await new Promise((resolve) => setTimeout(resolve, 500));
  }
}

/** Who a variant's page is asked of: the API, the bare HTTP service (bare-page.ts), the database. */
interface Clients {
  api: Api;
  bare: Api;
  pool: Pool;
}

/** A variant's path in the API, on this catalog. */
function apiPath(variant: Variant, catalog: Catalog): string {
  return `/api/v3/items?${variant.query
    .replace('CATEGORY', catalog.categories[1])
    .replace(/LOCATION(\d)/, (_, n: string) => catalog.locations[Number(n)])}`;
}

/**
 * A variant's page asked of each of `clients`, on this catalog: the API, the bare service and the
 * database (`sql`) the page as shown (shownPage), and the database its `items` rows alone.
 */
function requests(variant: Variant, catalog: Catalog, { api, bare, pool }: Clients) {
  const path = apiPath(variant, catalog);
  const shown = shownPage(variant, catalog);
  const items = variant.sql(catalog);
  return {
    api: () => api('GET', path),
    bare: () => bare('GET', `/${VARIANTS.indexOf(variant)}`),
    sql: () => pool.query(shown.text, shown.values),
    items: () => pool.query(items.text, items.values),
  };
}

/**
 * Whether each variant's raw page is the API's page: the same items in the same order, each with
 * what the page adds to it (category and its fields, stock, at the location too with its
 * threshold, photos, variations) as the API's own extrasOfRow makes it of the raw rows, and the
 * same total. A baseline that read less would flatter the ratio; the run fails when one differs.
 */
async function sameAsApi(variants: Variant[], catalog: Catalog, { api, pool }: Clients): Promise<string[]> {
  const differing: string[] = [];
  for (const variant of variants) {
    const listed = (await api('GET', apiPath(variant, catalog))) as unknown as ApiPage;
    const { text, values } = shownPage(variant, catalog);
    const { rows } = await pool.query<Record<string, unknown>>(text, values);
    const locationId = variant.atLocation ? (values[1] as string) : undefined;
    // The raw rows made into what the API's page adds to each item, by the API's own code (its
    // JSON shows each of those but the category's field ids, which only filter the item's values).
    const fromSql = rows.slice(0, 20).map((row) => {
      const { custom_field_ids, ...shown } = extrasOfRow(row, { photos: false, locationId }); // eslint-disable-line @typescript-eslint/no-unused-vars
      return { id: row.id, ...shown, total: Number(row.list_total) };
    });
    const fromApi = listed.data.map((item) => {
      const picked: Record<string, unknown> = {};
      for (const key of Object.keys(fromSql[0] ?? { id: 0 })) picked[key] = item[key];
      return { ...picked, total: listed.pagination.total_records };
    });
    if (fromApi.length === 0 || JSON.stringify(fromApi) !== JSON.stringify(fromSql))
      differing.push(variant.name);
  }
  return differing;
}

interface ApiPage {
  data: Record<string, unknown>[];
  pagination: { total_records: number };
}

/**
 * WARM_REQUESTS of the variants' requests, each variant's in turn and each beside its bare and raw
 * pages, before any is measured. V8 compiles a function optimised once it has run often enough,
 * and the request path's functions (Node's HTTP server, fastify, pg, the list's own) reach that at
 * fixed counts of requests: in one process the requests around the 1,000th and 1,500th were the
 * slowest every run (up to 15 ms, each beside dozens of functions compiled), and an API's p99 fell
 * from about 4 ms in its first thousands of requests to about 2 in the fifth thousand. The
 * variants are measured at that steady state.
 */
async function warmUp(variants: Variant[], catalog: Catalog, clients: Clients) {
  const all = variants.map((variant) => requests(variant, catalog, clients));
  if (all.length === 0) return; // BENCH_CATALOG_VARIANTS chose none
  for (let round = 0; round < Math.ceil(WARM_REQUESTS / all.length); round++)
    for (const page of all) {
      await page.api();
      await page.bare();
      await page.sql();
      await page.items();
    }
}

async function measure(variant: Variant, catalog: Catalog, clients: Clients) {
  const page = requests(variant, catalog, clients);
  const warm = Math.max(5, SAMPLES / 10);
  const apiMs: number[] = [];
  const bareMs: number[] = [];
  const sqlMs: number[] = [];
  const itemsMs: number[] = [];
  for (let i = 0; i < warm + SAMPLES; i++) {
    // Interleaved, so all see the same moments of a noisy machine.
    const a = await timedMs(page.api);
    const b = await timedMs(page.bare);
    const s = await timedMs(page.sql);
    const r = await timedMs(page.items);
    if (i >= warm) {
      apiMs.push(a);
      bareMs.push(b);
      sqlMs.push(s);
      itemsMs.push(r);
    }
  }
  for (const ms of [apiMs, bareMs, sqlMs, itemsMs]) ms.sort((x, y) => x - y);
  const p99 = (ms: number[]) => percentile(ms, 99);
  const figures = {
    variant: variant.name,
    api_p50_ms: round(percentile(apiMs, 50)),
    api_p99_ms: round(p99(apiMs)),
    bare_http_p50_ms: round(percentile(bareMs, 50)),
    bare_http_p99_ms: round(p99(bareMs)),
    sql_p50_ms: round(percentile(sqlMs, 50)),
    sql_p99_ms: round(p99(sqlMs)),
    items_sql_p50_ms: round(percentile(itemsMs, 50)),
    items_sql_p99_ms: round(p99(itemsMs)),
    p99_ratio: round(p99(apiMs) / p99(sqlMs), 2),
    items_only_p99_ratio: round(p99(apiMs) / p99(itemsMs), 2),
    bare_http_p99_ratio: round(p99(bareMs) / p99(sqlMs), 2),
    p99_ratio_to_bare_http: round(p99(apiMs) / p99(bareMs), 2),
  };
  log(JSON.stringify(figures));
  return { ...figures, apiMs, bareMs, sqlMs };
}

/** A `q` as a client types it: part of a name, a SKU's first five digits, or an item number. */
function searchTerms(count: number): string[] {
  let seed = 31;
  const next = () => (seed = (seed * 1_103_515_245 + 12_345) % 2 ** 31) % ITEMS;
  return Array.from({ length: count }, (_, n) => {
    const i = next();
    if (n % 3 === 0) return `${WORDS[i % WORDS.length].toLowerCase()} ${i}`;
    if (n % 3 === 1) return `SKU-${String(i).padStart(6, '0').slice(0, 5)}`;
    return String(i + 1);
  });
}

/** SEARCH_CLIENTS clients searching at once (the list's first page, total included, as by default). */
async function searchUnderLoad(api: Api) {
  const warm = SEARCHES / 10;
  const terms = searchTerms(warm + SEARCHES);
  const search = (q: string) => api('GET', `/api/v3/items?q=${encodeURIComponent(q)}&limit=20`);
  await concurrently(SEARCH_CLIENTS, warm, async (_, i) => void (await search(terms[i])));
  const ms: number[] = [];
  const start = process.hrtime.bigint();
  await concurrently(SEARCH_CLIENTS, SEARCHES, async (_, i) => {
    ms.push(await timedMs(() => search(terms[warm + i])));
  });
  const seconds = Number(process.hrtime.bigint() - start) / 1e9;
  ms.sort((a, b) => a - b);
  const figures = {
    requests: SEARCHES,
    perSecond: round(SEARCHES / seconds, 1),
    p50: round(percentile(ms, 50)),
    p99: round(percentile(ms, 99)),
  };
  log(`search, ${SEARCH_CLIENTS} clients: ${JSON.stringify(figures)}`);
  return figures;
}

async function timedMs(work: () => Promise<unknown>): Promise<number> {
  const start = process.hrtime.bigint();
  await work();
  return Number(process.hrtime.bigint() - start) / 1e6;
}

main().catch((error: unknown) => {
  console.error(error);
  process.exit(1);
});
