import { CATALOGUE_ACCESS } from '../auth/access';
import { ListOperation } from '../openapi/record-operations';
import { IF_MATCH_CHANGE } from '../http/if-match';
import { recordController } from '../http/record-controller';
import { ItemCategorySchema } from './item-category-schemas';
import { CreateItemCategoryBody, UpdateItemCategoryBody } from './item-category-bodies';
import { ChangeItemCategory, freshFieldIds } from './item-category-commands';
import { itemCategoryHistory } from './item-category-history';
import { parseItemCategoryListQuery } from './item-category-list-query';
import { ItemCategoryReads } from './item-category-reads';

/** Item categories with their custom-field definitions (inventory-api §4, "Item categories"). */
export const ItemCategoriesController = recordController<ItemCategoryReads>({
  path: 'item-categories',
  object: 'item_category',
  noun: 'category',
  access: CATALOGUE_ACCESS,
  ifMatch: IF_MATCH_CHANGE,
  reads: ItemCategoryReads,
  history: itemCategoryHistory,
  schema: ItemCategorySchema,
  body: { create: CreateItemCategoryBody, update: UpdateItemCategoryBody },
  list: (reads, actor, query, url) => reads.list(actor, parseItemCategoryListQuery(query), url),
  retrieve: async (reads, actor, id, query) => {
    const body = await reads.retrieve(actor, id, query);
    return { body, revision: body.revision };
  },
  create: (commands, actor, id, body) => {
    const command = { type: 'CreateItemCategory', id, input: body, fieldIds: freshFieldIds(body) } as const;
    return commands.execute(new ChangeItemCategory(actor, id, command));
  },
  update: (commands, actor, id, body, ifMatch) => {
    const command = { type: 'UpdateItemCategory', input: body, fieldIds: freshFieldIds(body) } as const;
    return commands.execute(new ChangeItemCategory(actor, id, command, ifMatch));
  },
  remove: (commands, actor, id, ifMatch) =>
    commands.execute(new ChangeItemCategory(actor, id, { type: 'DeleteItemCategory' }, ifMatch)),
  docs: {
    list: ListOperation(ItemCategorySchema, 'List the account’s item categories by weight, then name', {
      total: true,
      filters: [
        { name: 'q', required: false, description: 'In category names' },
        { name: 'parent_id', required: false, description: 'A category id (its direct children) or root' },
      ],
      invalidQuery: true,
    }),
    retrieve: 'Retrieve a category; with as_of_revision (audit:read), as it was then',
    create: { summary: 'Create an item category', body: CreateItemCategoryBody },
    update: {
      summary: 'Change a category; custom_fields, when sent, is the complete list',
      body: UpdateItemCategoryBody,
      notFound: true,
      conflict: 'mobile_mutation_conflict',
    },
    remove: {
      summary: 'Delete a category that holds no items and no subcategories',
      notFound: true,
      conflict: 'item_category_delete_not_allowed or mobile_mutation_conflict',
    },
  },
});
