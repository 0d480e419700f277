import { LineContext } from '../document-lines';
import { Clock } from '../shared/decision';
import { DocumentCustomer } from './customer';

/** What a sales document's decision reads besides command and state; the handler looks it up. */
export type DocumentContext = Clock & {
  accountId: string;
  userId: string;
  /** Without the document type's view-all permission: only documents whose salesperson is this user. */
  onlyOwnDocuments: boolean;
  /** Without `account_records.view_all`: only customers assigned to this user may be named. */
  onlyCustomersAssignedTo?: string;
  /** `unit_cost.view`: needed to set `shipping_cost`. */
  mayViewCosts: boolean;
  /** The account's `YYYY-MM-DD` today, in its time zone. */
  today: string;
  defaultPaymentTerms: string | null;
  /** The ids of the account's custom fields for this document type. */
  customFieldIds: ReadonlySet<string>;
  /** By id: the customer the command names and the document's current one. */
  customers: ReadonlyMap<string, DocumentCustomer>;
  /** The items and variation locations the lines name that the user may use, and price rights. */
  lines: Pick<LineContext, 'items' | 'variations' | 'mayModifyPrices'>;
  /** A new UUID for each new line (the domain draws no randomness). */
  newLineId: () => string;
};
