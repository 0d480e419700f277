import { Inject, Module, OnModuleInit } from '@nestjs/common';
import { Database } from '@app/read-models';
import { sql } from 'kysely';
import { historyController } from '../history';
import { RecordReference, References } from '../records/references';
import { RecordsModule } from '../records/records.module';
import { DATABASE } from '../store/tokens';
import { ChangeItemHandler } from './item-commands';
import { ItemContexts } from './item-context';
import { itemHistory } from './item-history';
import { ItemLookups } from './item-lookups';
import { ItemReads } from './item-reads';
import { VariationStock } from './item-variation-stock';
import { ItemWrites } from './item-writes';
import { ItemsController } from './items.controller';

/**
 * Items and their stock adjustments. Other item modules (photos, variations) use ItemReads for
 * the item's visibility and JSON, and VariationStock to take adjustments of variation rows.
 */
@Module({
  imports: [RecordsModule],
  controllers: [ItemsController, historyController(itemHistory)],
  providers: [ItemLookups, ItemContexts, ItemReads, ItemWrites, VariationStock, ChangeItemHandler],
  exports: [ItemReads, VariationStock],
})
export class ItemsModule implements OnModuleInit {
  constructor(
    private readonly references: References,
    @Inject(DATABASE) private readonly database: Database,
  ) {}

  /** What items make other records keep (their delete rules). */
  onModuleInit(): void {
    this.references.register('item_category', 'inventory', (r) =>
      this.count(
        r,
        sql`select count(*) as n from items where account_id = ${r.accountId}::uuid and category_id = ${r.id}::uuid`,
      ),
    );
    // Items placed there, and stock there: nonzero balances, or variation rows stocking it.
    this.references.register('location', 'inventory', (r) =>
      this.count(
        r,
        sql`select count(*) as n from items where account_id = ${r.accountId}::uuid and (location_id = ${r.id}::uuid
          or id in (select item_id from inventory_quantities where account_id = ${r.accountId}::uuid
            and location_id = ${r.id}::uuid and (on_hand <> 0 or reserved <> 0 or incoming <> 0 or in_transit <> 0
              or (stocked and variation_id is not null))))`,
      ),
    );
    // Any stock ever adjusted there.
    this.references.register('location', 'inventory history', (r) =>
      this.count(
        r,
        sql`select count(distinct item_id) as n from inventory_quantities where account_id = ${r.accountId}::uuid
          and location_id = ${r.id}::uuid and last_adjusted_at is not null`,
      ),
    );
  }

  private async count(
    _: RecordReference,
    query: ReturnType<typeof sql<{ n: number | string }>>,
  ): Promise<number> {
    const { rows } = await query.execute(this.database.db);
    return Number(rows[0].n);
  }
}
