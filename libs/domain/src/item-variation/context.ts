import { Clock } from '../shared/decision';
import { AttributeValuePair } from './state';

/** The parent item as the variation's rules need it, read from the item's stream by the handler. */
export type ParentItem = {
  id: string;
  account_id: string;
  archived: boolean;
  inventory_type: 'quantity' | 'unique';
  /** The item's primary location and zone, and its low-stock threshold. */
  location_id: string | null;
  zone_id: string | null;
  threshold: number;
  /** The attributes assigned to the item, in their configured order. */
  variation_attribute_ids: readonly string[];
  /** The item's own stock (not its variations'): nonzero on hand per location (null: none). */
  stock: readonly { location_id: string | null; on_hand: string }[];
};

/** An account attribute with its allowed values, for checking the pairs a client sends. */
export type AttributeDefinition = {
  id: string;
  name: string;
  values: readonly { id: string; value: string }[];
};

/** A location a row may be at, with the ids of its zones. */
export type LocationOption = { id: string; active: boolean; zone_ids: readonly string[] };

/** What a location row, or a whole variation, is still used by (from the read models, caught up). */
export type VariationDependents = {
  /** Saved document and sales-order lines naming it. */
  documents: number;
  /** Rows with a nonzero reserved, incoming or in-transit balance. */
  open_balances: number;
};

/** What a variation decision reads besides command and state; the handler looks it up. */
export type ItemVariationContext = Clock & {
  accountId: string;
  /** The item of the URL: a variation of another item (or account) is 404. */
  item: ParentItem;
  /** Set for a user restricted to one location: other rows are out of its sight. */
  restrictedTo?: string;
  /** `selling_prices.modify` and `unit_cost.view` of the caller. */
  canModifyPrices: boolean;
  canViewCosts: boolean;
  /**
   * Create and add-location: the account's active locations (in their list order) with their zones.
   * Row changes: at least the row's location with its zones.
   */
  locations?: readonly LocationOption[];
  /** Create and attribute changes: the item's other live variations. */
  siblings?: readonly { id: string; attributes: readonly AttributeValuePair[] }[];
  /** Create and attribute changes: the account attributes the input names (unknown ones are absent). */
  attributes?: readonly AttributeDefinition[];
  /** Deleting a variation or one of its rows: what uses it. */
  dependents?: VariationDependents;
  /**
   * Stock adjustments: what active invoices take from the row (`inventory_quantities.invoiced`, a
   * decimal string; absent: nothing). A negative adjustment may not take on-hand (adjustments less
   * invoices) below zero.
   */
  invoiced?: string;
  /** Stock-transfer movements: what active invoices take from each row, by location id. */
  invoicedAt?: Record<string, string>;
};
