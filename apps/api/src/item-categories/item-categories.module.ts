import { Module } from '@nestjs/common';
import { historyController } from '../history';
import { RecordsModule } from '../records/records.module';
import { ItemCategoriesController } from './item-categories.controller';
import { ChangeItemCategoryHandler } from './item-category-commands';
import { itemCategoryHistory } from './item-category-history';
import { ItemCategoryReads } from './item-category-reads';

/**
 * Item categories and their custom-field definitions. Modules whose records sit in a category
 * (items) register a counter under the References kind `item_category`: the delete rule reads it.
 */
@Module({
  imports: [RecordsModule],
  controllers: [ItemCategoriesController, historyController(itemCategoryHistory)],
  providers: [ItemCategoryReads, ChangeItemCategoryHandler],
})
export class ItemCategoriesModule {}
