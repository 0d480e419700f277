import { ItemCategoryFields } from './fields';

export type ItemCategoryCreated = {
  type: 'ItemCategoryCreated';
  data: ItemCategoryFields & { id: string; account_id: string; created_at: string };
};

/** Only the fields that changed, with their new values; `custom_fields` is then the complete list. */
export type ItemCategoryUpdated = {
  type: 'ItemCategoryUpdated';
  data: { changes: Partial<ItemCategoryFields>; updated_at: string };
};

/** Final: the category answers 404 everywhere but its event history. */
export type ItemCategoryDeleted = { type: 'ItemCategoryDeleted'; data: { deleted_at: string } };

export type ItemCategoryEvent = ItemCategoryCreated | ItemCategoryUpdated | ItemCategoryDeleted;
