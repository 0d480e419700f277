import { Clock } from '../shared/decision';
import { InventoryType } from '../item-category/fields';

/** A category as an item needs it. */
export interface CategoryFacts {
  inventory_type: InventoryType;
  custom_field_ids: string[];
}

/**
 * The other records a command names, as the handler found them in the caller's account: a name
 * missing here does not exist there (or the caller may not use it).
 */
export interface ItemReferences {
  categories: Record<string, CategoryFacts>;
  /** Active locations the caller may use (a location-restricted user: only their own). */
  locations: string[];
  /** Zones, each with its location. */
  zones: Record<string, string>;
  suppliers: string[];
  /** Variation attributes of the account. */
  attributes: string[];
}

export const NO_REFERENCES: ItemReferences = Object.freeze({
  categories: {},
  locations: [],
  zones: {},
  suppliers: [],
  attributes: [],
}) as ItemReferences;

/** What an item decision reads besides command and state; the handler looks it up. */
export type ItemContext = Clock & {
  accountId: string;
  /** Set for a user restricted to one location: items elsewhere are 404 to them. */
  restrictedTo?: string;
  /** With `restrictedTo`: whether the item has inventory rows (variations too) at that location. */
  stockedAtRestrictedLocation?: boolean;
  /** `unit_cost.view`: needed to set `cost`, as to see it. */
  mayViewCost: boolean;
  references: ItemReferences;
  /**
   * For updates and stock adjustments: how many variations the item has (their stock is on their
   * rows, and their attributes are fixed).
   */
  variationCount?: number;
  /**
   * For stock adjustments: what active invoices take from the item's own stock, per location id
   * (`inventory_quantities.invoiced`, decimal strings; absent: none). A negative adjustment may not
   * take on-hand (adjustments less invoices) below zero.
   */
  invoiced?: Record<string, string>;
};
