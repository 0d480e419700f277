import { Clock } from '../shared/decision';

/** The category a command's `parent_id` names, as the handler found it in the caller's account. */
export type ParentCategory = { id: string; parent_id: string | null };

/** What an item-category decision reads besides command and state; the handler looks it up. */
export type ItemCategoryContext = Clock & {
  /** The caller's account: a category of another account is 404 (and no parent). */
  accountId: string;
  /**
   * When the input names a parent: that category, or null when the account has no live category
   * with that id. Left undefined when the input names no parent.
   */
  parent?: ParentCategory | null;
  /** Update and delete: how many categories have this one as their parent. */
  childCount?: number;
  /**
   * Delete, and an update giving `inventory_type`: the other records that still depend on the
   * category (items, active or archived), by sort, with their counts.
   */
  dependents?: readonly { name: string; count: number }[];
};
