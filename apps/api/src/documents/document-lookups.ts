import { Inject, Injectable } from '@nestjs/common';
import { DocumentCustomer, LineItem, LineVariation, money, rate, isIntegerId, isRecordId } from '@app/domain';
import {
  Database,
  itemListsProjector,
  locationListsProjector,
  partyListsProjector,
  ProjectionRunner,
} from '@app/read-models';
import { sql } from 'kysely';
import { Actor } from '../auth/actor';
import { VersionedRowCache } from '../auth/key-row-cache';
import { DATABASE } from '../store/tokens';

/* eslint-disable @typescript-eslint/no-explicit-any */

/**
 * The records a sales document names, read in the caller's account from the read models, which
 * read-your-writes keeps current for this process's writes: customers and prospects, and the items and variation locations lines may copy (a location-restricted user's
 * own location only). Customers and items read are kept for as long as their read models' tables
 * hold what they held then (VersionedRowCache): documents naming the same customer and items, one
 * after another, read them once. Where this process cannot tell (another process leads those read
 * models, or a batch of them is being committed), every lookup reads.
 */
@Injectable()
export class DocumentLookups {
  private readonly customerRows = new VersionedRowCache<any>();
  private readonly itemRows = new VersionedRowCache<any, string>();

  constructor(
    @Inject(DATABASE) private readonly database: Database,
    private readonly runner: ProjectionRunner,
  ) {}

  /** Customers and prospects by id, archived ones too: the domain judges which may be named. */
  async customers(accountId: string, ids: readonly unknown[]): Promise<Map<string, DocumentCustomer>> {
    const wanted = recordIds(ids);
    if (wanted.length === 0) return new Map();
    const version = () => this.runner.tablesVersion(partyListsProjector.name);
    const rows = await throughCache(this.customerRows, version, `${accountId}/`, wanted, async () => {
      // Raw SQL, as items' below: kysely's query building showed in a create's CPU profile.
      const { rows } = await sql<any>`select id, kind, name, tax_rate, tax_2_rate, payment_terms, archived,
          assigned_user_id
        from customers where account_id = ${accountId}::uuid and id in (${sql.join(wanted)})`.execute(
        this.database.db,
      );
      return rows;
    });
    return partiesById(rows, {});
  }

  /** Suppliers by id, archived ones too (kind `supplier`): the domain judges which may be named. */
  async suppliers(accountId: string, ids: readonly unknown[]): Promise<Map<string, DocumentCustomer>> {
    const wanted = recordIds(ids);
    if (wanted.length === 0) return new Map();
    const { rows } = await sql<any>`select id, name, tax_rate, tax_2_rate, payment_terms, archived,
        assigned_user_id
      from suppliers where account_id = ${accountId}::uuid and id in (${sql.join(wanted)})`.execute(
      this.database.db,
    );
    return partiesById(rows, { kind: 'supplier' });
  }

  /**
   * Active items lines may copy: not archived, at the user's location if restricted, and not a
   * sold unique item unless `withSoldUnits` (invoices: the item's own stream then decides, 409).
   */
  async items(actor: Actor, ids: readonly unknown[], withSoldUnits = false): Promise<Map<string, LineItem>> {
    const wanted = recordIds(ids);
    if (wanted.length === 0) return new Map();
    const sold = withSoldUnits ? sql`` : sql`and not (i.inventory_type = 'unique' and i.status_id = 14)`;
    const atLocation = actor.locationId
      ? sql`and (i.location_id = ${actor.locationId}::uuid or exists (select 1 from inventory_quantities q
          where q.item_id = i.id and q.location_id = ${actor.locationId}::uuid and q.stocked))`
      : sql``;
    const read = async () => {
      const { rows } = await sql<any>`select i.id, i.name, i.description, i.sku, i.inventory_type, i.price,
          i.cost, i.unit_of_measure_id, i.variation_count, l.name as location_name
        from items i left join locations l on l.id = i.location_id
        where i.account_id = ${actor.accountId}::uuid and i.id in (${sql.join(wanted)})
          and not i.archived ${sold} ${atLocation}`.execute(this.database.db);
      return rows;
    };
    // A location-restricted user's items depend on stock, which moves with documents: always read.
    const rows = actor.locationId
      ? await read()
      : await throughCache(
          this.itemRows,
          () => this.itemTablesVersion(),
          `${actor.accountId}/${withSoldUnits ? 'with-sold' : 'unsold'}/`,
          wanted,
          read,
        );
    return new Map(rows.map((row) => [row.id, lineItem(row)]));
  }

  /** The items' and locations' tables (an item row names its location): both as they were, or unknown. */
  private itemTablesVersion(): string | undefined {
    const items = this.runner.tablesVersion(itemListsProjector.name);
    const locations = this.runner.tablesVersion(locationListsProjector.name);
    return items === undefined || locations === undefined ? undefined : `${items}/${locations}`;
  }

  /** Variation locations by their integer id, with the variation's labels as they read now. */
  async variations(actor: Actor, ids: readonly unknown[]): Promise<Map<number, LineVariation>> {
    // Out-of-range ids never reach SQL: the domain refuses them as invalid (422).
    const wanted = [...new Set(ids.filter(isIntegerId))];
    if (wanted.length === 0) return new Map();
    const atLocation = actor.locationId ? sql`and r.location_id = ${actor.locationId}::uuid` : sql``;
    const { rows } = await sql<any>`select r.item_variation_location_id, v.item_id, v.barcode,
        v.unit_price_override, v.unit_cost_override, l.name as location_name,
        (select coalesce(jsonb_object_agg(a.display_name, value.label), '{}'::jsonb)
          from jsonb_array_elements(v.attribute_values) pair
          join variation_attributes a on a.id = (pair ->> 'attribute_id')::uuid
          cross join lateral (select x ->> 'value' as label from jsonb_array_elements(a.values) x
            where x ->> 'id' = pair ->> 'value_id') value) as attribute_labels
      from item_variation_locations r
      join item_variations v on v.id = r.variation_id
      left join locations l on l.id = r.location_id
      where r.account_id = ${actor.accountId}::uuid
        and r.item_variation_location_id in (${sql.join(wanted)}) ${atLocation}`.execute(this.database.db);
    return new Map(rows.map((row) => [row.item_variation_location_id, lineVariation(row)]));
  }
}

/**
 * The rows of `wanted` ids (keyed `prefix` + id): from `cache` when it holds every one of them under
 * the tables' current version, else `read` (which reads them all), each row it finds kept under the
 * version the read began at, if that did not move meanwhile. An id no row answers is read again
 * next time.
 */
async function throughCache<V>(
  cache: VersionedRowCache<any, V>,
  version: () => V | undefined,
  prefix: string,
  wanted: readonly string[],
  read: () => Promise<any[]>,
): Promise<any[]> {
  const readAt = version();
  const kept = wanted.map((id) => cache.get(prefix + id, readAt));
  if (kept.every((row) => row !== undefined)) return kept;
  const rows = await read();
  const now = version();
  for (const row of rows) cache.set(prefix + row.id, row, readAt, now);
  return rows;
}

/** Customer or supplier rows by id, as the domain takes a party: rates parsed, `kind` set where the row has none. */
function partiesById(rows: any[], kind: { kind?: 'supplier' }): Map<string, DocumentCustomer> {
  return new Map(
    rows.map((row) => [
      row.id,
      { ...row, ...kind, tax_rate: rate(row.tax_rate), tax_2_rate: rate(row.tax_2_rate) } as DocumentCustomer,
    ]),
  );
}

function recordIds(ids: readonly unknown[]): string[] {
  return [
    ...new Set(
      ids
        .filter((id): id is string => typeof id === 'string' && isRecordId(id.toLowerCase()))
        .map((id) => id.toLowerCase()),
    ),
  ];
}

function orMoney(value: string | null): string | null {
  return value === null ? null : money(value);
}

function lineItem(row: any): LineItem {
  return {
    id: row.id,
    name: row.name,
    description: row.description,
    sku: row.sku,
    inventory_type: row.inventory_type,
    price: orMoney(row.price),
    cost: orMoney(row.cost),
    // Units of measure are free-text ids on items; a line's unit_id is an integer, so only those pass.
    unit_id: /^\d{1,9}$/.test(row.unit_of_measure_id ?? '') ? Number(row.unit_of_measure_id) : null,
    unit_name: null,
    location_name: row.location_name,
    has_variations: Number(row.variation_count) > 0,
  };
}

function lineVariation(row: any): LineVariation {
  return {
    item_variation_location_id: row.item_variation_location_id,
    item_id: row.item_id,
    variation_number: null,
    values:
      typeof row.attribute_labels === 'string' ? JSON.parse(row.attribute_labels) : row.attribute_labels,
    barcode: row.barcode,
    unit_price_override: orMoney(row.unit_price_override),
    unit_cost_override: orMoney(row.unit_cost_override),
    location_name: row.location_name,
  };
}
