import { VariationAttributeValue } from './state';

export type VariationAttributeCreated = {
  type: 'VariationAttributeCreated';
  data: {
    id: string;
    account_id: string;
    /** Unique in the account (case-insensitive): a variation's `attributes` are keyed by it. */
    name: string;
    display_name: string;
    values: VariationAttributeValue[];
    created_at: string;
  };
};

/** Only the fields that changed; `values` is then the complete new list, in order. */
export type VariationAttributeUpdated = {
  type: 'VariationAttributeUpdated';
  data: {
    changes: { name?: string; display_name?: string; values?: VariationAttributeValue[] };
    updated_at: string;
  };
};

export type VariationAttributeEvent = VariationAttributeCreated | VariationAttributeUpdated;
