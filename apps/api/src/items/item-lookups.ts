import { Inject, Injectable } from '@nestjs/common';
import { CategoryFacts, ItemReferences, RecordState, isRecordId } from '@app/domain';
import { variationAttributeAggregate } from '@app/domain/variation-attribute/variation-attribute';
import { Database, locationListsProjector, ProjectionRunner } from '@app/read-models';
import { sql } from 'kysely';
import { Actor } from '../auth/actor';
import { RecordWriter } from '@app/runtime';
import { DATABASE } from '../store/tokens';
import { VersionedRowCache } from '../auth/key-row-cache';

/** The ids a command names, to look up before the domain decides. */
export interface NamedReferences {
  categoryId?: unknown;
  locationIds?: unknown[];
  zoneId?: unknown;
  supplierIds?: unknown;
  attributeIds?: unknown;
}

/**
 * What the item rules need from other records, read in the caller's account: categories, active
 * locations (a location-restricted user's own only), zones, suppliers, variation attributes, and
 * an item's variations. Read models are current for this process's writes (read-your-writes).
 */
@Injectable()
export class ItemLookups {
  /** Whether a location is active in its account (`account/location`), per version of the locations' tables. */
  private readonly activeLocations = new VersionedRowCache<boolean>();

  constructor(
    @Inject(DATABASE) private readonly database: Database,
    private readonly writer: RecordWriter,
    private readonly runner: ProjectionRunner,
  ) {}

  async references(actor: Actor, named: NamedReferences): Promise<ItemReferences> {
    const [categories, locations, zones, suppliers, attributes] = await Promise.all([
      this.categories(actor, ids([named.categoryId])),
      this.locations(actor, ids(named.locationIds ?? [])),
      this.zones(actor, ids([named.zoneId])),
      this.existing('suppliers', actor, ids(asArray(named.supplierIds))),
      this.attributes(actor, ids(asArray(named.attributeIds))),
    ]);
    return { categories, locations, zones, suppliers, attributes };
  }

  /**
   * Whether the caller may use the location: active, of its account, its own if restricted. Every
   * list by location asks, so the answer is kept while the locations' tables stay as they were in
   * this process (VersionedRowCache): a location deleted is refused from the write's answer on.
   */
  async usableLocation(actor: Actor, locationId: string): Promise<boolean> {
    if (actor.locationId && actor.locationId !== locationId) return false;
    const key = `${actor.accountId}/${locationId}`;
    const readAt = this.runner.tablesVersion(locationListsProjector.name);
    const kept = this.activeLocations.get(key, readAt);
    if (kept !== undefined) return kept;
    const active = (await this.locations(actor, ids([locationId]))).length > 0;
    this.activeLocations.set(key, active, readAt, this.runner.tablesVersion(locationListsProjector.name));
    return active;
  }

  /** How many live variations the item has (its stock is then on their rows). */
  async variationCount(itemId: string): Promise<number> {
    const row = await this.database.db
      .selectFrom('items')
      .select('variation_count')
      .where('id', '=', itemId)
      .executeTakeFirst();
    return (row?.variation_count as number | undefined) ?? 0;
  }

  /**
   * What active invoices take from the item's own stock, per location id (decimal strings; only
   * locations where they take something), as the read model has it: a write answers only once it
   * is projected, so every invoice answered before this request is counted.
   */
  async invoiced(itemId: string): Promise<Record<string, string>> {
    const rows = await this.database.db
      .selectFrom('inventory_quantities')
      // Net of what purchase orders received there (it adds to the item's own stock).
      .select(['location_id', sql<string>`invoiced - received`.as('invoiced')])
      .where('item_id', '=', itemId)
      .where('variation_id', 'is', null)
      .where('location_id', 'is not', null)
      .where(sql<boolean>`invoiced - received <> 0`)
      .execute();
    return Object.fromEntries(rows.map((row) => [row.location_id as string, String(row.invoiced)]));
  }

  /** Whether the item has inventory rows (its own or its variations') at the location. */
  async stockedAt(itemId: string, locationId: string): Promise<boolean> {
    const row = await this.database.db
      .selectFrom('inventory_quantities')
      .select('item_id')
      .where('item_id', '=', itemId)
      .where('location_id', '=', locationId)
      .where('stocked', '=', true)
      .executeTakeFirst();
    return row !== undefined;
  }

  private async categories(actor: Actor, wanted: string[]): Promise<Record<string, CategoryFacts>> {
    if (wanted.length === 0) return {};
    const rows = await this.database.db
      .selectFrom('item_categories')
      .select(['id', 'inventory_type', 'custom_fields'])
      .where('account_id', '=', actor.accountId)
      .where('id', 'in', wanted)
      .execute();
    return Object.fromEntries(
      rows.map((row) => [
        row.id,
        {
          inventory_type: row.inventory_type,
          custom_field_ids: (row.custom_fields as { id: string }[]).map((field) => field.id),
        },
      ]),
    );
  }

  private async locations(actor: Actor, wanted: string[]): Promise<string[]> {
    const usable = actor.locationId ? wanted.filter((id) => id === actor.locationId) : wanted;
    if (usable.length === 0) return [];
    const rows = await this.database.db
      .selectFrom('locations')
      .select('id')
      .where('account_id', '=', actor.accountId)
      .where('active', '=', true)
      .where('id', 'in', usable)
      .execute();
    return rows.map((row) => row.id as string);
  }

  private async zones(actor: Actor, wanted: string[]): Promise<Record<string, string>> {
    if (wanted.length === 0) return {};
    const rows = await this.database.db
      .selectFrom('zones')
      .select(['id', 'location_id'])
      .where('account_id', '=', actor.accountId)
      .where('id', 'in', wanted)
      .execute();
    return Object.fromEntries(rows.map((row) => [row.id, row.location_id]));
  }

  private async existing(table: 'suppliers', actor: Actor, wanted: string[]): Promise<string[]> {
    if (wanted.length === 0) return [];
    const rows = await this.database.db
      .selectFrom(table)
      .select('id')
      .where('account_id', '=', actor.accountId)
      .where('id', 'in', wanted)
      .execute();
    return rows.map((row) => row.id as string);
  }

  /** Variation attributes are read from their streams: few, and their read model is not ours. */
  private async attributes(actor: Actor, wanted: string[]): Promise<string[]> {
    const found = await Promise.all(
      wanted.map(async (id) => {
        const { state } = await this.writer.read(variationAttributeAggregate, id);
        return isOfAccount(state, actor.accountId) ? id : undefined;
      }),
    );
    return found.filter((id): id is string => id !== undefined);
  }
}

function isOfAccount(state: RecordState<{ account_id: string }>, accountId: string): boolean {
  return state.status === 'live' && state.record.account_id === accountId;
}

/** The UUIDs among the values, once each: anything else names no record and never reaches SQL. */
function ids(values: unknown[]): string[] {
  return [...new Set(values.filter(isRecordId))];
}

function asArray(value: unknown): unknown[] {
  return Array.isArray(value) ? value.slice(0, 100) : [];
}
