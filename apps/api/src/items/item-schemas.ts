import { ApiProperty, ApiPropertyOptional, ApiSchema } from '../openapi/decorators';
import {
  CustomFieldValue,
  INVENTORY_TYPES,
  InventoryType,
  ItemPhotoView,
  ItemView,
  LocationInventory,
  PricingDetail,
} from '@app/domain';
import {
  EnumProperty,
  IdProperty,
  IntegerProperty,
  ObjectProperty,
  TextProperty,
  TimestampProperty,
} from '../openapi/schema-properties';
import { WithRecordStamps } from '../openapi/record-stamps';
import { ItemJson } from './item-json';

/* Items as the API answers them (inventory-api.md §2, Item), beside item-json.ts. */

@ApiSchema({ name: 'ItemPhoto' })
export class ItemPhotoSchema implements ItemPhotoView {
  @IdProperty() id!: string;
  @IntegerProperty({ minimum: 1, description: 'One-based gallery order' }) position!: number;
  @ApiProperty({ type: 'string' }) thumbnail_url!: string;
  @ApiProperty({ type: 'string' }) display_url!: string;
  @ApiProperty({ type: 'string' }) large_url!: string;
  @ApiProperty({ type: 'string', description: 'At most 2400 pixels on its longest edge' })
  original_url!: string;
}

@ApiSchema({ name: 'ItemPrimaryPhoto' })
export class ItemPrimaryPhotoSchema {
  @IdProperty() id!: string;
  @ApiProperty({ type: 'string' }) thumbnail_url!: string;
}

@ApiSchema({ name: 'ItemLocationInventory' })
export class ItemLocationInventorySchema implements LocationInventory {
  @IdProperty() location_id!: string;
  @ApiProperty({ type: 'number' }) quantity!: number;
  @ApiProperty({ type: 'number' }) quantity_reserved!: number;
  @ApiProperty({ type: 'number' }) quantity_available!: number;
  @ApiProperty({ type: 'number' }) quantity_incoming!: number;
  @ApiPropertyOptional({
    type: 'number',
    description: 'Sent by stock transfers to this location, not received',
  })
  in_transit?: number;
  @IntegerProperty({ minimum: 0 }) threshold!: number;
}

@ApiSchema({ name: 'ItemCustomFieldValue' })
export class ItemCustomFieldValueSchema implements CustomFieldValue {
  @IdProperty() custom_field_id!: string;
  @ApiProperty({ oneOf: [{ type: 'string', nullable: true }, { type: 'number' }, { type: 'boolean' }] })
  value!: string | number | boolean | null;
}

@ApiSchema({ name: 'ItemPricingDetail' })
export class ItemPricingDetailSchema implements PricingDetail {
  @ApiProperty({ type: 'string' }) pricing_tier_id!: string;
  @ApiProperty({ type: 'string', description: 'A decimal string' }) value!: string;
}

/** An item's own fields, before the record stamps. */
abstract class ItemFields {
  @IdProperty() id!: string;
  @ObjectProperty('item') object!: 'item';
  @IntegerProperty({ minimum: 1 }) item_number!: number;
  @ApiProperty({ type: 'string' }) name!: string;
  @TextProperty() description!: string | null;
  @TextProperty() sku!: string | null;
  @TextProperty() barcode!: string | null;
  @TextProperty({ description: 'Unique items' }) serial_number!: string | null;
  @EnumProperty(INVENTORY_TYPES) inventory_type!: InventoryType;
  @IdProperty() category_id!: string;
  @TextProperty() category_name!: string | null;
  @ApiProperty({ type: 'string', isArray: true, description: 'Supplier ids' }) supplier_ids!: string[];
  @IntegerProperty({ description: '12 available, 13 unavailable, 14 sold (server managed)' })
  status_id!: number;
  @IdProperty({ nullable: true, description: 'The primary location' }) location_id!: string | null;
  @IdProperty({ nullable: true }) zone_id!: string | null;
  @TextProperty() unit_of_measure_id!: string | null;
  @TextProperty() unit_of_measure!: string | null;
  @TextProperty({ description: 'The selling price, a decimal string' }) price!: string | null;
  @TextProperty({ required: false, description: 'Omitted without the unit_cost.view permission' })
  cost?: string | null;
  @ApiProperty({ type: 'number' }) quantity!: number;
  @ApiProperty({ type: 'number' }) quantity_reserved!: number;
  @ApiProperty({ type: 'number' }) quantity_incoming!: number;
  @ApiProperty({ type: 'number', description: 'Sent by stock transfers, not yet received' })
  in_transit!: number;
  @ApiProperty({ type: 'number', nullable: true, description: 'Null while no estimate counts the item' })
  quantity_estimates!: number | null;
  @IntegerProperty({ minimum: 0, description: 'Low-stock threshold' }) threshold!: number;
  @ApiPropertyOptional({ type: ItemLocationInventorySchema, description: 'Only on location-filtered lists' })
  location_inventory?: ItemLocationInventorySchema;
  @IntegerProperty({ minimum: 0 }) variation_count!: number;
  @ApiProperty({ type: 'number' }) weight!: number;
  @ApiProperty() published!: boolean;
  @ApiProperty() include_sold!: boolean;
  @ApiProperty() archived!: boolean;
  @ApiProperty({ type: ItemPrimaryPhotoSchema, nullable: true })
  primary_photo!: ItemPrimaryPhotoSchema | null;
  @IntegerProperty({ minimum: 0 }) photo_count!: number;
  @ApiPropertyOptional({
    type: ItemPhotoSchema,
    isArray: true,
    description: 'The ordered gallery: single items, and lists with include=photos',
  })
  photos?: ItemPhotoSchema[];
  @ApiProperty({ type: ItemCustomFieldValueSchema, isArray: true })
  custom_field_values!: ItemCustomFieldValueSchema[];
  @ApiProperty({ type: ItemPricingDetailSchema, isArray: true, description: 'Missing tiers use price' })
  pricing_details!: ItemPricingDetailSchema[];
  @TimestampProperty({ nullable: true, description: 'Unique items' }) purchase_date!: string | null;
  @TimestampProperty({ nullable: true, description: 'Unique items' }) sold_date!: string | null;
}

@ApiSchema({ name: 'Item' })
export class ItemSchema extends WithRecordStamps(ItemFields) implements ItemView, ItemJson {}
