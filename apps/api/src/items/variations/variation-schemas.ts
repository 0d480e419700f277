import { ApiProperty, ApiPropertyOptional, ApiSchema } from '../../openapi/decorators';
import { AttributeValuePair, ItemVariationView, VariationLocationView } from '@app/domain';
import {
  IdProperty,
  IntegerProperty,
  MoneyProperty,
  ObjectProperty,
  TextProperty,
  TimestampProperty,
} from '../../openapi/schema-properties';
import { VariationJson } from './variation-views';

/* Item variations and their location rows as the API answers them (inventory-api.md), beside variation-views.ts. */

@ApiSchema({ name: 'ItemVariationLocation' })
export class VariationLocationSchema implements VariationLocationView {
  @ObjectProperty('item_variation_location') object!: 'item_variation_location';
  @IntegerProperty({
    minimum: 1,
    description: 'The variation at this location: a document line’s item_variation_location_id',
  })
  item_variation_location_id!: number;
  @IdProperty() location_id!: string;
  @TextProperty() location_name!: string | null;
  @ApiProperty() location_active!: boolean;
  @IdProperty({ nullable: true }) zone_id!: string | null;
  @TextProperty() zone_name!: string | null;
  @ApiProperty({ type: 'number' }) quantity!: number;
  @ApiProperty({ type: 'number' }) quantity_reserved!: number;
  @ApiProperty({ type: 'number' }) quantity_incoming!: number;
  @ApiProperty({ type: 'number' }) in_transit!: number;
  @IntegerProperty({ minimum: 0, description: '0: no low-stock alert' }) threshold!: number;
}

@ApiSchema({ name: 'ItemVariationAttributeValue' })
export class VariationAttributeValuePairSchema implements AttributeValuePair {
  @IdProperty() attribute_id!: string;
  @IdProperty() value_id!: string;
}

@ApiSchema({ name: 'ItemVariation' })
export class VariationSchema implements ItemVariationView, VariationJson {
  @IdProperty() id!: string;
  @ObjectProperty('item_variation') object!: 'item_variation';
  @IdProperty() item_id!: string;
  @ApiProperty({ type: 'string', description: 'The variation’s barcode or SKU' }) barcode!: string;
  @ApiProperty({
    type: 'object',
    additionalProperties: { type: 'string' },
    description: 'Value labels keyed by attribute name',
    example: { Color: 'Red', Size: 'M' },
  })
  attributes!: Record<string, string>;
  @ApiProperty({ type: VariationAttributeValuePairSchema, isArray: true })
  attribute_values!: VariationAttributeValuePairSchema[];
  @IdProperty({ nullable: true }) image_id!: string | null;
  @MoneyProperty({ nullable: true }) unit_price_override!: string | null;
  @MoneyProperty({
    nullable: true,
    required: false,
    description: 'Omitted without the unit_cost.view permission',
  })
  unit_cost_override?: string | null;
  @ApiProperty({ type: 'number', description: 'Totals over the visible location rows' }) quantity!: number;
  @ApiProperty({ type: 'number' }) quantity_reserved!: number;
  @ApiProperty({ type: 'number' }) quantity_incoming!: number;
  @ApiProperty({ type: 'number' }) in_transit!: number;
  @IntegerProperty({ minimum: 0, description: 'Visible rows counted' }) location_count!: number;
  @TimestampProperty() created_at!: string;
  @TimestampProperty() updated_at!: string;
  @ApiPropertyOptional({
    type: VariationLocationSchema,
    isArray: true,
    description: 'Retrieving one variation, its writes, and lists with include=locations',
  })
  locations?: VariationLocationSchema[];
  @IntegerProperty({ minimum: 0, description: 'The revision of the last change; the ETag' })
  revision!: number;
}

@ApiSchema({ name: 'ItemVariationLocationDeleted' })
export class VariationLocationDeletedSchema {
  @ObjectProperty('item_variation_location') object!: 'item_variation_location';
  @IdProperty() item_id!: string;
  @IdProperty() variation_id!: string;
  @IdProperty() location_id!: string;
  @ApiProperty({ type: 'boolean', enum: [true] }) deleted!: true;
}
