import { ApiPropertyOptional } from '../openapi/decorators';
import { Allow } from 'class-validator';

/** POST and PATCH: any other field is 422 `unsupported_field`; the domain checks each value. */
export class VariationAttributeBody {
  @ApiPropertyOptional({
    type: 'string',
    description: 'Required on create; up to 255 characters; unique in the account.',
  })
  @Allow()
  name?: unknown;

  @ApiPropertyOptional({ nullable: true, description: 'Shown to people; default the name.' })
  @Allow()
  display_name?: unknown;

  @ApiPropertyOptional({
    description:
      'Required on create. The complete set: a string or {value} adds, {id, value} keeps (and renames); ' +
      'omitted values are removed unless a variation uses them (409).',
    type: 'array',
    items: {
      oneOf: [
        { type: 'string' },
        { type: 'object', properties: { id: { type: 'string' }, value: { type: 'string' } } },
      ],
    },
  })
  @Allow()
  values?: unknown;
}
