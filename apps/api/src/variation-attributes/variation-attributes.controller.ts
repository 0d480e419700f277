import { CATALOGUE_ACCESS } from '../auth/access';
import { ListOperation } from '../openapi/record-operations';
import { recordController } from '../http/record-controller';
import { VariationAttributeSchema } from './variation-attribute-schemas';
import { VariationAttributeBody } from './variation-attribute-bodies';
import { ChangeVariationAttribute } from './variation-attribute-commands';
import { variationAttributeHistory } from './variation-attribute-history';
import { VariationAttributeStore } from './variation-attribute-store';

/** Account variation attributes and their values (EXTENSIONS.md §7); they are not deleted. */
export const VariationAttributesController = recordController<VariationAttributeStore>({
  path: 'variation-attributes',
  object: 'variation_attribute',
  noun: 'attribute',
  access: CATALOGUE_ACCESS,
  reads: VariationAttributeStore,
  history: variationAttributeHistory,
  schema: VariationAttributeSchema,
  body: { create: VariationAttributeBody, update: VariationAttributeBody },
  create: (commands, actor, _id, input) =>
    commands.execute(new ChangeVariationAttribute(actor, { kind: 'create', input })),
  update: (commands, actor, id, input, ifMatch) =>
    commands.execute(new ChangeVariationAttribute(actor, { kind: 'update', id, input, ifMatch })),
  docs: {
    list: ListOperation(VariationAttributeSchema, "List the account's variation attributes by display name", {
      limitRange: false,
    }),
    retrieve: 'Retrieve an attribute; with as_of_revision (audit:read), as it was then',
    create: {
      summary: 'Create an attribute with its values (201)',
      body: VariationAttributeBody,
      conflict: 'duplicate_variation_attribute',
    },
    update: {
      summary: 'Rename an attribute or give the complete set of its values',
      body: VariationAttributeBody,
      notFound: true,
      conflict: 'variation_attribute_value_in_use or duplicate_variation_attribute',
    },
  },
});
