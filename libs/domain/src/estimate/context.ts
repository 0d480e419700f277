import { LineContext } from '../document-lines';
import { Clock } from '../shared/decision';

/** A customer or prospect an estimate may name, looked up by the handler (archived ones too). */
export type EstimateCustomer = {
  id: string;
  kind: 'customer' | 'prospect';
  name: string;
  tax_rate: string;
  tax_2_rate: string;
  payment_terms: string | null;
  archived: boolean;
  assigned_user_id: string | null;
};

/** What an estimate decision reads besides command and state; the handler looks it up. */
export type EstimateContext = Clock & {
  accountId: string;
  userId: string;
  /** Without `estimates.view_all`: only estimates whose salesperson is this user are visible. */
  onlyOwnEstimates: boolean;
  /** Without `account_records.view_all`: only customers assigned to this user may be named. */
  onlyCustomersAssignedTo?: string;
  /** `unit_cost.view`: needed to set `shipping_cost`. */
  mayViewCosts: boolean;
  /** The account's `YYYY-MM-DD` today, in its time zone. */
  today: string;
  estimateExpiryDays: number;
  defaultPaymentTerms: string | null;
  /** The ids of the account's estimate custom fields. */
  customFieldIds: ReadonlySet<string>;
  /** By id: the customer the command names and the estimate's current one. */
  customers: ReadonlyMap<string, EstimateCustomer>;
  /** The items and variation locations the lines name that the user may use, and price rights. */
  lines: Pick<LineContext, 'items' | 'variations' | 'mayModifyPrices'>;
  /** A new UUID for each new line (the domain draws no randomness). */
  newLineId: () => string;
};
