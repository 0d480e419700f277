import { VariationAttributeRecord, VariationAttributeValue } from './state';

/** An attribute as the API returns it (inventory-api `item_variation_attribute`, EXTENSIONS.md §7). */
export type VariationAttributeView = {
  id: string;
  object: 'item_variation_attribute';
  name: string;
  display_name: string;
  values: VariationAttributeValue[];
  created_at: string;
  updated_at: string;
};

export function variationAttributeView(record: VariationAttributeRecord): VariationAttributeView {
  const { id, name, display_name, values, created_at, updated_at } = record;
  return {
    id,
    object: 'item_variation_attribute',
    name,
    display_name,
    values: values.map(({ id: valueId, value }) => ({ id: valueId, value })),
    created_at,
    updated_at,
  };
}
