import { Module, OnModuleInit } from '@nestjs/common';
import { sql } from 'kysely';
import { historyController } from '../history';
import { References } from '../records/references';
import { RecordsModule } from '../records/records.module';
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
  constructor(private readonly references: References) {}

  /** What items make other records keep (their delete rules). */
  onModuleInit(): void {
    this.references.registerQueries('inventory', {
      item_category: ({ accountId, id }) => sql`select count(*) as n from items
        where account_id = ${accountId}::uuid and category_id = ${id}::uuid`,
      // Items placed there, and stock there: nonzero balances, or variation rows stocking it.
      location: ({ accountId, id }) => sql`select count(*) as n from items
        where account_id = ${accountId}::uuid and (location_id = ${id}::uuid
          or id in (select item_id from inventory_quantities where account_id = ${accountId}::uuid
            and location_id = ${id}::uuid and (on_hand <> 0 or reserved <> 0 or incoming <> 0 or in_transit <> 0
              or (stocked and variation_id is not null))))`,
    });
    // Any stock ever adjusted there.
    this.references.registerQueries('inventory history', {
      location: ({ accountId, id }) => sql`select count(distinct item_id) as n from inventory_quantities
        where account_id = ${accountId}::uuid and location_id = ${id}::uuid and last_adjusted_at is not null`,
    });
  }
}
