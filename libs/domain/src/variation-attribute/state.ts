import { RecordState } from '../shared/record-state';
import { VariationAttributeCreated } from './events';

/** One allowed value of an attribute; its id is what a variation stores. */
export type VariationAttributeValue = { id: string; value: string };

/** An account's variation attribute (Color, Size, …) with its allowed values in their order. */
export type VariationAttributeRecord = VariationAttributeCreated['data'] & { updated_at: string };

export type VariationAttributeState = RecordState<VariationAttributeRecord>;
