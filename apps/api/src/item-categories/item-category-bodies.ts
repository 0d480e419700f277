import { ApiProperty, ApiPropertyOptional } from '../openapi/decorators';
import { Type } from 'class-transformer';
import { Allow, ValidateNested } from 'class-validator';

// The bodies of POST and PATCH: these classes name the accepted fields, so any other (unknown, or
// protected: id, object, created_at, updated_at, revision) is 422 `unsupported_field`, in a custom
// field too (`custom_fields.0.colour`). The domain checks each value, so its rules live in one place.

export class NewCustomFieldBody {
  @ApiProperty({
    type: 'string',
    description: 'Up to 255 characters; unique in the category (ignoring case).',
  })
  @Allow()
  name?: unknown;

  @ApiPropertyOptional({ type: 'boolean', description: 'Default false.' })
  @Allow()
  display_on_inventory_list?: unknown;
  @ApiPropertyOptional({ type: 'boolean', description: 'Default false.' })
  @Allow()
  publish_on_documents?: unknown;
}

export class CustomFieldBody extends NewCustomFieldBody {
  @ApiPropertyOptional({
    format: 'uuid',
    description: 'An existing custom field of the category, to keep it; omit to add a new one.',
  })
  @Allow()
  id?: unknown;
}

class CategoryFieldsBody {
  @ApiPropertyOptional({ type: 'string', description: 'Required on create; up to 255 characters.' })
  @Allow()
  name?: unknown;

  @ApiPropertyOptional({ enum: ['quantity', 'unique'], description: 'Required on create.' })
  @Allow()
  inventory_type?: unknown;

  @ApiPropertyOptional({
    nullable: true,
    format: 'uuid',
    description: 'A top-level category of the account (categories nest one level); null for a root category.',
  })
  @Allow()
  parent_id?: unknown;

  @ApiPropertyOptional({
    type: Number,
    description: 'Lists order by weight, then name; an integer, default 0.',
  })
  @Allow()
  weight?: unknown;
}

export class CreateItemCategoryBody extends CategoryFieldsBody {
  @ApiPropertyOptional({
    type: [NewCustomFieldBody],
    description:
      'Custom-field definitions, at most 100; array order becomes display_order (from 1). Default [].',
  })
  @ValidateNested({ each: true })
  @Type(() => NewCustomFieldBody)
  custom_fields?: unknown;
}

export class UpdateItemCategoryBody extends CategoryFieldsBody {
  @ApiPropertyOptional({
    type: [CustomFieldBody],
    description:
      'The complete list: entries with an existing id are kept, without id added, fields left out deleted; ' +
      'array order sets display_order. Omit to keep the custom fields as they are.',
  })
  @ValidateNested({ each: true })
  @Type(() => CustomFieldBody)
  custom_fields?: unknown;
}
