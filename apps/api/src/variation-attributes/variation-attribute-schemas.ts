import { ApiProperty, ApiSchema } from '../openapi/decorators';
import { VariationAttributeValue, VariationAttributeView } from '@app/domain';
import { IdProperty, ObjectProperty } from '../openapi/schema-properties';
import { WithRecordStamps } from '../openapi/record-stamps';
import { VariationAttributeJson } from './variation-attribute-json';

/* Variation attributes as the API answers them (inventory-api.md), beside variation-attribute-json.ts. */

@ApiSchema({ name: 'VariationAttributeValue' })
export class VariationAttributeValueSchema implements VariationAttributeValue {
  @IdProperty() id!: string;
  @ApiProperty({ type: 'string', example: 'Red' }) value!: string;
}

/** An attribute's own fields, before the record stamps. */
abstract class VariationAttributeFields {
  @IdProperty() id!: string;
  @ObjectProperty('item_variation_attribute') object!: 'item_variation_attribute';
  @ApiProperty({ type: 'string', description: 'Unique in the account (ignoring case)' }) name!: string;
  @ApiProperty({ type: 'string' }) display_name!: string;
  @ApiProperty({ type: VariationAttributeValueSchema, isArray: true, description: 'In their order' })
  values!: VariationAttributeValueSchema[];
}

@ApiSchema({ name: 'VariationAttribute' })
export class VariationAttributeSchema
  extends WithRecordStamps(VariationAttributeFields)
  implements VariationAttributeView, VariationAttributeJson {}
