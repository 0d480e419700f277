import { Inject, Injectable } from '@nestjs/common';
import {
  AttributeValuePair,
  isDomainError,
  itemVariationAggregate,
  ItemVariationRecord,
  money,
  isRecordId,
} from '@app/domain';
import { variationOfItem } from '@app/domain/item-variation/visibility';
import { Database } from '@app/read-models';
import { sql } from 'kysely';
import { Actor } from '../../auth/actor';
import { RecordWriter } from '@app/runtime';
import { listPageOf } from '../../http/list-page';
import { resourceMissing } from '@app/runtime';
import { ListEnvelope, listEnvelope } from '@app/runtime';
import { DATABASE } from '../../store/tokens';
import { ItemReads } from '../item-reads';
import { VariationContexts } from './variation-context';
import { VariationListRequest } from './variation-list-query';
import { VariationJson, VariationViews } from './variation-views';
import { refuseUnknownParams } from '@app/runtime';
import { isoTimestamp } from '../../http/timestamps';

/* eslint-disable @typescript-eslint/no-explicit-any */

/**
 * Variation reads. A retrieve folds the variation's stream (the source of truth, with its
 * revision); a list reads the `item_variations` read model, which read-your-writes keeps current.
 * Both first check that the caller may see the item (404 otherwise).
 */
@Injectable()
export class VariationReads {
  constructor(
    private readonly writer: RecordWriter,
    private readonly items: ItemReads,
    private readonly contexts: VariationContexts,
    private readonly views: VariationViews,
    @Inject(DATABASE) private readonly database: Database,
  ) {}

  /** A live variation of a visible item, else 404 whatever the reason (archived items included). */
  async retrieve(actor: Actor, itemId: string, variationId: string, query: Record<string, unknown> = {}) {
    refuseUnknownParams(query);
    const { record, revision } = await this.visible(actor, itemId, variationId);
    return { body: await this.views.one(actor, record, revision), revision };
  }

  async visible(actor: Actor, itemId: string, variationId: string) {
    const { record: item } = await this.items.visible(actor, itemId);
    if (!isRecordId(variationId)) throw resourceMissing();
    const { state, revision } = await this.writer.read(itemVariationAggregate, variationId);
    const record = variationOfItem(state, this.contexts.base(actor, item));
    if (isDomainError(record)) throw record;
    return { record, revision };
  }

  /**
   * The item's variations in creation order, with totals over the rows the caller may see: a
   * location filter (a restricted user's own location always) keeps only variations stocked there.
   */
  async list(
    actor: Actor,
    itemId: string,
    { page, q, locationId, withLocations }: VariationListRequest,
    url: string,
  ): Promise<ListEnvelope<VariationJson>> {
    await this.items.visible(actor, itemId);
    const location = actor.locationId ?? locationId;
    if (location !== undefined && !isRecordId(location)) {
      const total = page.includeTotal ? 0 : undefined;
      return listEnvelope({ url, page: page.page, limit: page.limit, rows: [], total });
    }
    let rows = this.database.db
      .selectFrom('item_variations as v')
      .where('v.account_id', '=', actor.accountId)
      .where('v.item_id', '=', itemId);
    if (location !== undefined) rows = rows.where(stockedAt(location));
    if (q !== undefined) rows = rows.where(matching(q));
    return listPageOf(
      { rows, page, url },
      (all) => all.selectAll('v').orderBy('v.created_at').orderBy('v.id'),
      async (found) => {
        const records = await this.withRows(found);
        return this.views.render(actor, records, { withLocations, onlyLocation: location });
      },
    );
  }

  /** Read-model rows as the domain's records, with their location rows. */
  private async withRows(
    found: Record<string, any>[],
  ): Promise<{ record: ItemVariationRecord; revision: number }[]> {
    const ids = found.map((row) => row.id as string);
    const locationRows =
      ids.length === 0
        ? []
        : await this.database.db
            .selectFrom('item_variation_locations')
            .selectAll()
            .where('variation_id', 'in', ids)
            .orderBy('item_variation_location_id')
            .execute();
    return found.map((row) => ({
      revision: row.revision,
      record: {
        id: row.id,
        account_id: row.account_id,
        item_id: row.item_id,
        attributes: row.attribute_values as AttributeValuePair[],
        barcode: row.barcode,
        image_id: row.image_id,
        unit_price_override: row.unit_price_override === null ? null : money(row.unit_price_override),
        unit_cost_override: row.unit_cost_override === null ? null : money(row.unit_cost_override),
        locations: locationRows
          .filter((r) => r.variation_id === row.id)
          .map((r) => ({
            item_variation_location_id: r.item_variation_location_id,
            location_id: r.location_id,
            zone_id: r.zone_id,
            threshold: r.threshold,
            on_hand: String(r.on_hand),
          })),
        created_at: isoTimestamp(row.created_at),
        updated_at: isoTimestamp(row.updated_at),
      },
    }));
  }
}

function stockedAt(location: string) {
  return sql<boolean>`exists (select 1 from item_variation_locations r
    where r.variation_id = v.id and r.location_id = ${location}::uuid)`;
}

/** A substring of the barcode or of an attribute value's current label, compared lower-case. */
function matching(q: string) {
  return sql<boolean>`(strpos(lower(v.barcode), lower(${q})) > 0 or exists (
    select 1 from jsonb_array_elements(v.attribute_values) pair
      join variation_attributes a on a.id = (pair->>'attribute_id')::uuid
      cross join jsonb_array_elements(a.values) val
    where val->>'id' = pair->>'value_id' and strpos(lower(val->>'value'), lower(${q})) > 0))`;
}
