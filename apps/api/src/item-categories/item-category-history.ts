import { ItemCategoryEvent, itemCategoryAggregate, ItemCategoryRecord } from '@app/domain';
import { HistoryDeclaration } from '../history';
import { itemCategoryJson } from './item-category-json';

/** The event history of item categories (EXTENSIONS.md §8): account-level, like the categories. */
export const itemCategoryHistory: HistoryDeclaration<ItemCategoryRecord, ItemCategoryEvent> = {
  path: 'item-categories',
  aggregate: itemCategoryAggregate,
  scopes: ['items:read'],
  visible: (category, actor) => category.account_id === actor.accountId,
  view: itemCategoryJson,
};
