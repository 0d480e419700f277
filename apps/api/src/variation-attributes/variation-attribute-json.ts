import { VariationAttributeRecord, VariationAttributeView, variationAttributeView } from '@app/domain';

export type VariationAttributeJson = VariationAttributeView & { revision: number };

export function variationAttributeJson(
  record: VariationAttributeRecord,
  revision: number,
): VariationAttributeJson {
  return { ...variationAttributeView(record), revision };
}

/** A `variation_attributes` read-model row as the domain's record. */
// eslint-disable-next-line @typescript-eslint/no-explicit-any
export function recordOfRow(row: Record<string, any>): VariationAttributeRecord {
  return {
    id: row.id,
    account_id: row.account_id,
    name: row.name,
    display_name: row.display_name,
    values: row.values,
    created_at: new Date(row.created_at).toISOString(),
    updated_at: new Date(row.updated_at).toISOString(),
  };
}
