import { DocumentTotals, LineRules } from '../document-lines';
import { Parsers } from '../shared/fields';
import { CustomerKinds, DocumentPartyRole } from './customer';

/**
 * What sets one sales document type apart in the shared create and update rules: a declaration,
 * not code. The rest (customer, header, custom fields, line replacement, totals) is the same for
 * estimates, invoices and sales orders.
 */
export type DocumentKind = {
  /** `estimate`, `invoice`: used in messages. */
  noun: string;
  /** 422 code for unknown and protected fields (`unsupported_estimate_field`). */
  unsupportedCode: string;
  /** Every field a create or PATCH body takes, `customer_id` and `lines` included. */
  inputFields: readonly string[];
  /** The parsers of the document's own fields (header and its extras), by field name. */
  parsers: Parsers;
  lineRules: LineRules;
  customerKinds: CustomerKinds;
  /** The party it names when not a customer of `customerKinds` (purchase orders: a supplier). */
  party?: DocumentPartyRole;
  /** The totals its events record (an estimate's six, an invoice's also the tax-inclusive pair). */
  amounts: readonly (keyof DocumentTotals)[];
};

/** The body of a create, preview or PATCH as the client sent it: each value is checked by the rules. */
export type DocumentInput = { [field: string]: unknown };
