import { RecordState } from '../shared/record-state';
import { ItemCategoryFields } from './fields';

/** An item category as its stream tells it. */
export type ItemCategoryRecord = ItemCategoryFields & {
  id: string;
  account_id: string;
  created_at: string;
  updated_at: string;
};

export type ItemCategoryState = RecordState<ItemCategoryRecord>;
