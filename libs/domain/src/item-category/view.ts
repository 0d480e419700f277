import { CustomField, InventoryType } from './fields';
import { ItemCategoryRecord } from './state';

/** An item category as the API returns it (inventory-api §2), custom fields in display order. */
export type ItemCategoryView = {
  id: string;
  object: 'item_category';
  name: string;
  parent_id: string | null;
  inventory_type: InventoryType;
  weight: number;
  custom_fields: CustomField[];
  created_at: string;
  updated_at: string;
};

export function itemCategoryView(category: ItemCategoryRecord): ItemCategoryView {
  return {
    id: category.id,
    object: 'item_category',
    name: category.name,
    parent_id: category.parent_id,
    inventory_type: category.inventory_type,
    weight: category.weight,
    custom_fields: [...category.custom_fields]
      .sort((a, b) => a.display_order - b.display_order)
      .map((field) => ({
        id: field.id,
        name: field.name,
        display_order: field.display_order,
        display_on_inventory_list: field.display_on_inventory_list,
        publish_on_documents: field.publish_on_documents,
      })),
    created_at: category.created_at,
    updated_at: category.updated_at,
  };
}
