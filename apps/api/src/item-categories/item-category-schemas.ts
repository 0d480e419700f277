import { ApiProperty, ApiSchema } from '../openapi/decorators';
import { CustomField, INVENTORY_TYPES, InventoryType, ItemCategoryView } from '@app/domain';
import { EnumProperty, IdProperty, IntegerProperty, ObjectProperty } from '../openapi/schema-properties';
import { WithRecordStamps } from '../openapi/record-stamps';
import { ItemCategoryJson } from './item-category-json';

/* Item categories as the API answers them (inventory-api.md), beside item-category-json.ts. */

@ApiSchema({ name: 'ItemCategoryCustomField' })
export class ItemCategoryCustomFieldSchema implements CustomField {
  @IdProperty() id!: string;
  @ApiProperty({ type: 'string' }) name!: string;
  @IntegerProperty({ minimum: 1, description: '1-based place in the category’s list' })
  display_order!: number;
  @ApiProperty() display_on_inventory_list!: boolean;
  @ApiProperty() publish_on_documents!: boolean;
}

/** A category's own fields, before the record stamps. */
abstract class ItemCategoryFields {
  @IdProperty() id!: string;
  @ObjectProperty('item_category') object!: 'item_category';
  @ApiProperty({ type: 'string' }) name!: string;
  @IdProperty({ nullable: true, description: 'The parent category; null at the top' }) parent_id!:
    string | null;
  @EnumProperty(INVENTORY_TYPES) inventory_type!: InventoryType;
  @ApiProperty({ type: 'number' }) weight!: number;
  @ApiProperty({ type: ItemCategoryCustomFieldSchema, isArray: true, description: 'In display order' })
  custom_fields!: ItemCategoryCustomFieldSchema[];
}

@ApiSchema({ name: 'ItemCategory' })
export class ItemCategorySchema
  extends WithRecordStamps(ItemCategoryFields)
  implements ItemCategoryView, ItemCategoryJson {}
