/** Values as the client sent them; the domain checks each. */
export type VariationAttributeInput = { name?: unknown; display_name?: unknown; values?: unknown };

/**
 * `id` and `new_value_ids` are fresh UUIDs drawn by the handler: one for the attribute, and at least
 * one per entry of `input.values` (an added value takes the next unused one).
 */
export type CreateVariationAttribute = {
  type: 'CreateVariationAttribute';
  id: string;
  input: VariationAttributeInput;
  new_value_ids: readonly string[];
};

/** PATCH: `values`, when given, is the complete set (`{id, value}` keeps, `{value}` adds). */
export type UpdateVariationAttribute = {
  type: 'UpdateVariationAttribute';
  input: VariationAttributeInput;
  new_value_ids: readonly string[];
};

export type VariationAttributeCommand = CreateVariationAttribute | UpdateVariationAttribute;
