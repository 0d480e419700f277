import { Inject, Injectable } from '@nestjs/common';
import {
  AttributeDefinition,
  AttributeValuePair,
  ItemVariationRecord,
  ItemVariationViewLookups,
  LocationOption,
  RowBalances,
  VariationDependents,
} from '@app/domain';
import { Database } from '@app/read-models';
import { sql } from 'kysely';
import { References } from '../../records/references';
import { DATABASE } from '../../store/tokens';

/** An account's locations (active or not) with their names and zones, by name. */
export interface AccountLocations {
  options: LocationOption[];
  names: Map<string, { name: string | null; active: boolean }>;
  zones: Map<string, string>;
}

/** What the views of some variations show besides their streams, by variation for balances. */
export type RenderLookups = Omit<
  ItemVariationViewLookups,
  'balances' | 'onlyLocation' | 'showCost' | 'withLocations'
> & {
  balances: Map<string, Map<string, RowBalances>>;
};

/**
 * The variation rules' look-ups in the read models (current for this process's writes): an item's
 * other variations, the account's attributes and locations, what still uses a variation or a row,
 * and the names and balances its views show. An account has few attributes and locations: they are
 * read whole.
 */
@Injectable()
export class VariationLookups {
  constructor(
    @Inject(DATABASE) private readonly database: Database,
    private readonly references: References,
  ) {}

  async siblings(
    accountId: string,
    itemId: string,
  ): Promise<{ id: string; attributes: AttributeValuePair[] }[]> {
    const rows = await this.database.db
      .selectFrom('item_variations')
      .select(['id', 'attribute_values'])
      .where('account_id', '=', accountId)
      .where('item_id', '=', itemId)
      .execute();
    return rows.map((row) => ({
      id: row.id as string,
      attributes: row.attribute_values as AttributeValuePair[],
    }));
  }

  async attributes(accountId: string): Promise<AttributeDefinition[]> {
    const rows = await this.database.db
      .selectFrom('variation_attributes')
      .select(['id', 'name', 'values'])
      .where('account_id', '=', accountId)
      .execute();
    return rows.map((row) => ({ id: row.id, name: row.name, values: row.values }));
  }

  async locations(accountId: string): Promise<AccountLocations> {
    const [locations, zones] = await Promise.all([
      this.database.db
        .selectFrom('locations')
        .select(['id', 'name', 'active'])
        .where('account_id', '=', accountId)
        .orderBy(sql`lower(name)`)
        .orderBy('id')
        .execute(),
      this.database.db
        .selectFrom('zones')
        .select(['id', 'location_id', 'name'])
        .where('account_id', '=', accountId)
        .execute(),
    ]);
    return {
      options: locations.map((l) => ({
        id: l.id,
        active: l.active,
        zone_ids: zones.filter((z) => z.location_id === l.id).map((z) => z.id as string),
      })),
      names: new Map(
        locations.map((l) => [l.id as string, { name: l.name as string, active: l.active as boolean }]),
      ),
      zones: new Map(zones.map((z) => [z.id as string, z.name as string])),
    };
  }

  /** Saved lines naming the variation, and its rows' open balances. */
  async variationDependents(accountId: string, variationId: string): Promise<VariationDependents> {
    const [documents, open_balances] = await Promise.all([
      this.references.count({ kind: 'item_variation', accountId, id: variationId }),
      this.openBalances(variationId),
    ]);
    return { documents, open_balances };
  }

  /** Saved lines naming the row (by its `item_variation_location_id`), and its open balances. */
  async rowDependents(
    accountId: string,
    variationId: string,
    row: { location_id: string; item_variation_location_id: number },
  ): Promise<VariationDependents> {
    const id = String(row.item_variation_location_id);
    const [documents, open_balances] = await Promise.all([
      this.references.count({ kind: 'item_variation_location', accountId, id }),
      this.openBalances(variationId, row.location_id),
    ]);
    return { documents, open_balances };
  }

  /**
   * What active invoices take from a variation row (a decimal string), as the read model has it:
   * a write answers only once it is projected, so every invoice answered before is counted.
   */
  async rowInvoiced(variationId: string, locationId: string): Promise<string> {
    const row = await this.database.db
      .selectFrom('inventory_quantities')
      // Net of what purchase orders received into the row (it adds to the row's own stock).
      .select(sql<string>`invoiced - received`.as('invoiced'))
      .where('variation_id', '=', variationId)
      .where('location_id', '=', locationId)
      .executeTakeFirst();
    return row ? String(row.invoiced) : '0';
  }

  private async openBalances(variationId: string, locationId?: string): Promise<number> {
    let rows = this.database.db
      .selectFrom('inventory_quantities')
      .select((eb) => eb.fn.countAll().as('n'))
      .where('variation_id', '=', variationId)
      .where(sql<boolean>`(reserved <> 0 or incoming <> 0 or in_transit <> 0)`);
    if (locationId !== undefined) rows = rows.where('location_id', '=', locationId);
    return Number((await rows.executeTakeFirstOrThrow()).n);
  }

  /** Names, labels and balances for the views of `variations` (of one account). */
  async forViews(accountId: string, variations: readonly ItemVariationRecord[]): Promise<RenderLookups> {
    const ids = variations.map((v) => v.id);
    const [attributes, locations, balances] = await Promise.all([
      this.attributes(accountId),
      this.locations(accountId),
      ids.length === 0
        ? Promise.resolve([])
        : this.database.db
            .selectFrom('inventory_quantities')
            // What others take from the row's own stock: invoices, less what purchase orders received.
            .select(['variation_id', 'location_id', 'reserved', 'incoming', 'in_transit'])
            .select(sql<string>`invoiced - received`.as('invoiced'))
            .where('variation_id', 'in', ids)
            .execute(),
    ]);
    const byVariation = new Map<string, Map<string, RowBalances>>();
    for (const row of balances) {
      const rows = byVariation.get(row.variation_id) ?? new Map<string, RowBalances>();
      rows.set(row.location_id, {
        reserved: row.reserved,
        incoming: row.incoming,
        in_transit: row.in_transit,
        invoiced: row.invoiced,
      });
      byVariation.set(row.variation_id, rows);
    }
    return {
      attributes: new Map(
        attributes.map((a) => [
          a.id,
          { name: a.name, values: new Map(a.values.map((v) => [v.id, v.value])) },
        ]),
      ),
      locations: locations.names,
      zones: locations.zones,
      balances: byVariation,
    };
  }

  /** The row an `item_variation_location_id` names, on the item's variations. */
  async rowByNumber(
    accountId: string,
    itemId: string,
    number: number,
  ): Promise<{ variation_id: string; location_id: string } | undefined> {
    return this.database.db
      .selectFrom('item_variation_locations')
      .select(['variation_id', 'location_id'])
      .where('account_id', '=', accountId)
      .where('item_id', '=', itemId)
      .where('item_variation_location_id', '=', number)
      .executeTakeFirst();
  }
}
