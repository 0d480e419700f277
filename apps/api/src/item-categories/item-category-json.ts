import { ItemCategoryRecord, itemCategoryView, ItemCategoryView } from '@app/domain';

/** A category as the API answers it: the domain's view and its stream revision (the ETag). */
export type ItemCategoryJson = ItemCategoryView & { revision: number };

export function itemCategoryJson(category: ItemCategoryRecord, revision: number): ItemCategoryJson {
  return { ...itemCategoryView(category), revision };
}
