import { ItemCategoryInput } from './fields';

/**
 * `id` is a new UUID chosen by the handler, and `fieldIds` the ids new custom fields take, in order
 * (the domain draws no random numbers): at least as many as `input.custom_fields` has entries.
 */
export type CreateItemCategory = {
  type: 'CreateItemCategory';
  id: string;
  input: ItemCategoryInput;
  fieldIds: readonly string[];
};

/** PATCH: given fields change; `custom_fields`, when given, is the complete ordered list. */
export type UpdateItemCategory = {
  type: 'UpdateItemCategory';
  input: ItemCategoryInput;
  fieldIds: readonly string[];
};

export type DeleteItemCategory = { type: 'DeleteItemCategory' };

export type ItemCategoryCommand = CreateItemCategory | UpdateItemCategory | DeleteItemCategory;
