import { Inject, Injectable } from '@nestjs/common';
import { isDomainError, itemAggregate, ItemRecord, visibleItem, isRecordId } from '@app/domain';
import { Database } from '@app/read-models';
import { Actor, can } from '../auth/actor';
import { RecordWriter } from '@app/runtime';
import { invalidQueryParameter, resourceMissing } from '@app/runtime';
import { ListEnvelope, listEnvelope } from '@app/runtime';
import { DATABASE } from '../store/tokens';
import { ItemContexts } from './item-context';
import { extrasOfRow, ItemJson, itemJson, itemJsonOfRow } from './item-json';
import { ItemListQuery, ItemListRequest, ItemScope } from './item-list-query';
import { ItemLookups } from './item-lookups';
import { refuseUnknownParams } from '@app/runtime';

/** The item and the revision of its last event (the ETag). */
export interface ItemRead {
  body: ItemJson;
  revision: number;
}

/**
 * Item reads. A retrieve folds the item's stream (the source of truth, with its revision) and adds
 * what other records say (category, stock, variations, photos) from the read models; a list reads
 * the `items` read model, which read-your-writes keeps current.
 */
@Injectable()
export class ItemReads {
  private readonly query: ItemListQuery;

  constructor(
    private readonly writer: RecordWriter,
    private readonly contexts: ItemContexts,
    private readonly lookups: ItemLookups,
    @Inject(DATABASE) database: Database,
  ) {
    this.query = new ItemListQuery(database.db, database.genericPlans);
  }

  /** The item, whole, if the caller may see it (archived and sold included), else 404. */
  async retrieve(actor: Actor, id: string, query: Record<string, unknown> = {}): Promise<ItemRead> {
    refuseUnknownParams(query);
    const { record, revision } = await this.visible(actor, id);
    return { body: await this.render(actor, record, revision), revision };
  }

  /** The item's record and revision if the caller may see it, else 404 (photos use it too). */
  async visible(actor: Actor, id: string): Promise<{ record: ItemRecord; revision: number }> {
    if (!isRecordId(id)) throw resourceMissing();
    const { state, revision } = await this.writer.read(itemAggregate, id);
    const record = visibleItem(state, await this.contexts.sight(actor, state, id));
    if (isDomainError(record)) throw record;
    return { record, revision };
  }

  /** The item as single-item answers show it: with its gallery. */
  async render(actor: Actor, record: ItemRecord, revision: number): Promise<ItemJson> {
    const row = await this.query.extrasOf(scopeOf(actor), record);
    return itemJson(record, extrasOfRow(row, { photos: true }), revision, can(actor, 'unit_cost.view'));
  }

  /**
   * An item's past view (its own stream's fields and stock) with what other records say now:
   * category name, variation count and photos; cost only for those who may see costs.
   */
  async completePast(actor: Actor, past: ItemJson): Promise<ItemJson> {
    const row = await this.query.extrasOf(scopeOf(actor), past);
    const now = extrasOfRow(row, { photos: true });
    const complete: ItemJson = {
      ...past,
      category_name: now.category_name,
      variation_count: now.variation_count,
      primary_photo: now.primary_photo,
      photo_count: now.photo_count,
      photos: now.photos,
    };
    if (!can(actor, 'unit_cost.view')) delete complete.cost;
    return complete;
  }

  /** A page of the items the caller may see, by name; `ids` in their order. */
  async list(actor: Actor, { page, filters }: ItemListRequest, url: string): Promise<ListEnvelope<ItemJson>> {
    // The location is checked beside the page and its count (they read only the caller's account).
    const usable = filters.locationId ? this.lookups.usableLocation(actor, filters.locationId) : undefined;
    usable?.catch(() => undefined); // awaited below
    const refuseUnusable = async () => {
      if (usable && !(await usable))
        throw invalidQueryParameter('location_id', 'location_id must be an active location you may see.');
    };
    const scope = scopeOf(actor);
    const options = {
      showCost: can(actor, 'unit_cost.view'),
      photos: filters.photos && !filters.ids,
      locationId: filters.locationId,
    };
    if (filters.ids) {
      await refuseUnusable();
      const rows = await this.query.page(scope, filters, page);
      const data = rows.map((row) => itemJsonOfRow(row, options));
      // include_total=false leaves the totals out here too (documents-api §8: exact-ID requests).
      const total = page.includeTotal ? data.length : undefined;
      return listEnvelope({ url, page: 1, limit: Math.max(data.length, 1), rows: data, total });
    }
    // The total comes with the page where one statement can tell it (item_counts' sums, a search's
    // matches). Otherwise a list's count runs beside the page (on another connection), and a
    // search's after it, only when the page does not tell the total: most searches fit one page.
    const together = this.query.countsWithPage(scope, filters);
    const counting =
      page.includeTotal && !together && !filters.q ? this.query.count(scope, filters) : undefined;
    counting?.catch(() => undefined); // awaited below unless the page fails first
    const paging = this.query.pageAndTotal(scope, filters, page, page.includeTotal && together);
    paging.catch(() => undefined); // awaited below unless the location is refused first
    await refuseUnusable();
    const { rows, total: told } = await paging;
    // A last page tells the total itself.
    const last = rows.length <= page.limit && (rows.length > 0 || page.offset === 0);
    const total = !page.includeTotal
      ? undefined
      : last
        ? page.offset + rows.length
        : (told ?? (await (counting ?? this.query.count(scope, filters))));
    const data = rows.map((row) => itemJsonOfRow(row, options));
    return listEnvelope({ url, page: page.page, limit: page.limit, rows: data, total });
  }
}

function scopeOf(actor: Actor): ItemScope {
  return { accountId: actor.accountId, restrictedTo: actor.locationId };
}
