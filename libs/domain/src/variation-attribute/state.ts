import { RecordState } from '../shared/record-state';

/** One allowed value of an attribute; its id is what a variation stores. */
export type VariationAttributeValue = { id: string; value: string };

/** An account's variation attribute (Color, Size, …) with its allowed values in their order. */
export type VariationAttributeRecord = {
  id: string;
  account_id: string;
  /** Unique in the account (case-insensitive): a variation's `attributes` are keyed by it. */
  name: string;
  display_name: string;
  values: VariationAttributeValue[];
  created_at: string;
  updated_at: string;
};

export type VariationAttributeState = RecordState<VariationAttributeRecord>;
