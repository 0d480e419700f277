import { Inject, Injectable } from '@nestjs/common';
import {
  isDomainError,
  itemCategoryAggregate,
  ItemCategoryRecord,
  liveRecordIn,
  isRecordId,
} from '@app/domain';
import { Database } from '@app/read-models';
import { sql } from 'kysely';
import { Actor } from '../auth/actor';
import { RecordWriter } from '@app/runtime';
import { listPageOf } from '../http/list-page';
import { resourceMissing } from '@app/runtime';
import { ListEnvelope } from '@app/runtime';
import { DATABASE } from '../store/tokens';
import { ItemCategoryJson, itemCategoryJson } from './item-category-json';
import { ItemCategoryListRequest } from './item-category-list-query';
import { refuseUnknownParams } from '@app/runtime';
import { withIsoStamps } from '../http/timestamps';

/**
 * Item category reads. Categories are account-level: every user of the account sees them all,
 * location-restricted ones included. A retrieve folds the category's stream (the source of truth,
 * with its revision); a list reads the `item_category_lists` read model.
 */
@Injectable()
export class ItemCategoryReads {
  constructor(
    private readonly writer: RecordWriter,
    @Inject(DATABASE) private readonly database: Database,
  ) {}

  /** A live category of the caller's account, else 404. The retrieve takes no query parameter. */
  async retrieve(actor: Actor, id: string, query: Record<string, unknown> = {}): Promise<ItemCategoryJson> {
    refuseUnknownParams(query);
    if (!isRecordId(id)) throw resourceMissing();
    const { state, revision } = await this.writer.read(itemCategoryAggregate, id);
    const category = liveRecordIn(state, actor.accountId);
    if (isDomainError(category)) throw category;
    return itemCategoryJson(category, revision);
  }

  /** A page of the account's categories by weight, then name (case-insensitive), then id. */
  async list(
    actor: Actor,
    request: ItemCategoryListRequest,
    url: string,
  ): Promise<ListEnvelope<ItemCategoryJson>> {
    const { page, q, parent } = request;
    let rows = this.database.db.selectFrom('item_categories').where('account_id', '=', actor.accountId);
    if (parent === 'root') rows = rows.where('parent_id', 'is', null);
    else if (parent !== undefined) rows = rows.where('parent_id', '=', parent.id);
    if (q !== undefined) rows = rows.where(sql<boolean>`strpos(lower(name), lower(${q})) > 0`);
    return listPageOf(
      { rows, page, url },
      (all) =>
        all
          .selectAll()
          .orderBy('weight')
          .orderBy(sql`lower(name)`)
          .orderBy('id'),
      (found) =>
        found.map((row) => itemCategoryJson(withIsoStamps<ItemCategoryRecord>(row), row.revision as number)),
    );
  }

  /** How many categories of the account have `id` as their parent. */
  async childCount(accountId: string, id: string): Promise<number> {
    const row = await this.database.db
      .selectFrom('item_categories')
      .select((eb) => eb.fn.countAll().as('n'))
      .where('account_id', '=', accountId)
      .where('parent_id', '=', id)
      .executeTakeFirstOrThrow();
    return Number(row.n);
  }
}
