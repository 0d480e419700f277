import { RecordState } from '../shared/record-state';
import { ItemFields } from './fields';

/** 12 available, 13 unavailable (archived), 14 sold (a unique item; EXTENSIONS.md §5). */
export const ITEM_STATUS = { available: 12, unavailable: 13, sold: 14 } as const;
export type ItemStatusId = (typeof ITEM_STATUS)[keyof typeof ITEM_STATUS];

/** An item as its stream tells it. */
export type ItemRecord = ItemFields & {
  id: string;
  account_id: string;
  item_number: number;
  status_id: ItemStatusId;
  archived: boolean;
  /**
   * On-hand stock kept on the item itself (an item without variations), per location id, as
   * decimal strings: the rule "never negative" is decided here, on the item's stream.
   */
  on_hand: Record<string, string>;
  purchase_date: string | null;
  sold_date: string | null;
  /** A unique item: the active invoice holding its unit (ItemUnitInvoiced), else null. */
  invoice_id: string | null;
  /** Keys of the stock-transfer movements recorded on this stream (absent: none yet). */
  movements?: string[];
  created_at: string;
  updated_at: string;
};

export type ItemState = RecordState<ItemRecord>;
