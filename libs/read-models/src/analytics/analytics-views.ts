import { sql, Transaction } from 'kysely';
import { escapeIdentifier } from 'pg';
import { DependentViews } from '../dependent-views';
import { ANALYTICS_SCHEMA, ANALYTICS_TABLES, ANALYTICS_VERSION, ANALYTICS_VIEWS } from './views';

/* eslint-disable @typescript-eslint/no-explicit-any */

/** Serialises the views' replacement between processes starting or swapping at once. */
const VIEWS_LOCK = sql`pg_advisory_xact_lock(hashtext('analytics_views'))`;

const qualified = (name: string) => sql.table(`${ANALYTICS_SCHEMA}.${name}`);

/** The `analytics` views (docs/analytics.md) as a projection runner keeps them. */
export const analyticsViews: DependentViews = {
  async ensure(db, schema) {
    await db.transaction().execute(async (trx) => {
      await sql`select ${VIEWS_LOCK}`.execute(trx);
      if (!(await tablesExist(trx, schema)) || (await current(trx))) return;
      await dropViews(trx);
      await createViews(trx, schema);
    });
  },
  async drop(trx) {
    await sql`select ${VIEWS_LOCK}`.execute(trx);
    await dropViews(trx);
  },
  async create(trx, schema) {
    // A savepoint: a failure leaves the swap's transaction usable.
    await sql`savepoint analytics_views`.execute(trx);
    try {
      await createViews(trx, schema);
      await sql`release savepoint analytics_views`.execute(trx);
    } catch (error) {
      await sql`rollback to savepoint analytics_views`.execute(trx);
      throw error;
    }
  },
};

/** This version's views are all there. */
async function current(trx: Transaction<any>): Promise<boolean> {
  const names = viewNames();
  const { rows } = await sql<{ n: number }>`select count(*)::integer as n from pg_views
    where schemaname = ${ANALYTICS_SCHEMA} and viewname in (${sql.join(names)})`.execute(trx);
  if (rows[0]?.n !== names.length) return false;
  const found = await sql<{ version: number }>`select version from ${qualified('version')}`.execute(trx);
  return found.rows[0]?.version === ANALYTICS_VERSION;
}

async function tablesExist(trx: Transaction<any>, schema: string): Promise<boolean> {
  const names = ANALYTICS_TABLES.map((table) => `${escapeIdentifier(schema)}.${table}`);
  const { rows } = await sql<{ missing: number }>`select count(*)::integer as missing
    from unnest(${names}::text[]) as t(name) where to_regclass(t.name) is null`.execute(trx);
  return rows[0]?.missing === 0;
}

const viewNames = () => ['version', ...ANALYTICS_VIEWS.map((v) => v.name)];

/** Without cascade: an analyst's own view over ours makes this fail loudly rather than vanish. */
async function dropViews(trx: Transaction<any>): Promise<void> {
  for (const name of viewNames().reverse()) await sql`drop view if exists ${qualified(name)}`.execute(trx);
}

async function createViews(trx: Transaction<any>, schema: string): Promise<void> {
  await sql`create schema if not exists ${sql.id(ANALYTICS_SCHEMA)}`.execute(trx);
  const tables = escapeIdentifier(schema);
  await sql`create view ${qualified('version')} as select ${sql.lit(ANALYTICS_VERSION)}::integer as version`.execute(
    trx,
  );
  await sql`comment on view ${qualified('version')} is ${sql.lit(`analytics v${ANALYTICS_VERSION}: the version of the analytics views (docs/analytics.md)`)}`.execute(
    trx,
  );
  for (const view of ANALYTICS_VIEWS) {
    await sql`create view ${qualified(view.name)} as ${sql.raw(view.select(tables))}`.execute(trx);
    await sql`comment on view ${qualified(view.name)} is ${sql.lit(`analytics v${ANALYTICS_VERSION}: ${view.comment}`)}`.execute(
      trx,
    );
  }
}
