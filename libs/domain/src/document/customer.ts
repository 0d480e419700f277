import { DomainError, invalid, isDomainError } from '../shared/domain-error';
import { DocumentContext } from './context';

/** The kinds of party a document may name: customers and prospects (sales), suppliers (purchases). */
export type PartyKind = 'customer' | 'prospect' | 'supplier';

/**
 * A party a document may name, looked up by the handler (archived ones too): a customer or
 * prospect of a sales document, a supplier of a purchase order.
 */
export type DocumentCustomer = {
  id: string;
  kind: PartyKind;
  name: string;
  tax_rate: string;
  tax_2_rate: string;
  payment_terms: string | null;
  archived: boolean;
  assigned_user_id: string | null;
};

/** The customer a document is for, as stored with it. */
export type DocumentCustomerFields = {
  customer_id: string;
  customer_name: string;
  customer_kind: 'customer' | 'prospect';
};

/** Which customers a document type may name: estimates also prospects, invoices customers only. */
export type CustomerKinds = readonly PartyKind[];

/**
 * Which party a document type names and how it keeps it: the body field, the kinds allowed, and
 * the fields its record stores (`customer_id`, `customer_name`, `customer_kind` on sales
 * documents; `supplier_id`, `supplier_name` on purchase orders).
 */
export type DocumentPartyRole = {
  field: 'customer_id' | 'supplier_id';
  kinds: CustomerKinds;
  /** What the document stores of the party. */
  fieldsOf(party: DocumentCustomer): Record<string, string>;
  /** The stored party's id. */
  idOf(document: object): string;
  /** The stored party, when the handler found none (its rates then default to zero). */
  stored(document: object): DocumentCustomer;
};

/** Sales documents name a customer (or prospect) of `kinds`. */
export function customerRole(kinds: CustomerKinds): DocumentPartyRole {
  return {
    field: 'customer_id',
    kinds,
    fieldsOf: customerFields,
    idOf: (document) => (document as DocumentCustomerFields).customer_id,
    stored: (document) =>
      storedCustomer(document as DocumentCustomerFields & { payment_terms: string | null }),
  };
}

/** The party a body names in `role.field`: of the account, active, of an allowed kind and visible to the user, else 422. */
export function namedParty(
  value: unknown,
  role: Pick<DocumentPartyRole, 'field' | 'kinds'>,
  context: DocumentContext,
): DocumentCustomer | DomainError {
  if (role.field === 'customer_id') return namedCustomer(value, role.kinds, context);
  const party = typeof value === 'string' ? context.customers.get(value.toLowerCase()) : undefined;
  const usable = party !== undefined && !party.archived && role.kinds.includes(party.kind);
  return usable ? party : invalid(role.field, `${role.field} must be an active supplier.`);
}

/** The customer a body names: of the account, active, of an allowed kind and visible to the user, else 422. */
export function namedCustomer(
  value: unknown,
  kinds: CustomerKinds,
  context: DocumentContext,
): DocumentCustomer | DomainError {
  const customer = typeof value === 'string' ? context.customers.get(value.toLowerCase()) : undefined;
  const visible =
    customer !== undefined &&
    !customer.archived &&
    kinds.includes(customer.kind) &&
    (context.onlyCustomersAssignedTo === undefined ||
      customer.assigned_user_id === context.onlyCustomersAssignedTo);
  const what = kinds.includes('prospect') ? 'an active customer or prospect' : 'an active customer';
  return visible ? customer : invalid('customer_id', `customer_id must be ${what} you can see.`);
}

/** The new party when the body changes it; a change needs the complete lines. */
export function partyChangeOf(
  document: object,
  input: { [field: string]: unknown },
  role: DocumentPartyRole,
  context: DocumentContext,
): DocumentCustomer | undefined | DomainError {
  const value = input[role.field];
  if (value === undefined) return undefined;
  if (typeof value === 'string' && value.toLowerCase() === role.idOf(document)) return undefined;
  const party = namedParty(value, role, context);
  if (isDomainError(party)) return party;
  if (input.lines === undefined)
    return invalid('lines', `Changing ${role.field} needs the complete lines, priced for the new party.`);
  return party;
}

export function customerFields(customer: DocumentCustomer): DocumentCustomerFields {
  return {
    customer_id: customer.id,
    customer_name: customer.name,
    customer_kind: customer.kind as DocumentCustomerFields['customer_kind'],
  };
}

/** The document's customer as stored, when the handler found none (its rates then default to zero). */
export function storedCustomer(
  document: DocumentCustomerFields & { payment_terms: string | null },
): DocumentCustomer {
  return {
    id: document.customer_id,
    kind: document.customer_kind,
    name: document.customer_name,
    tax_rate: '0.000',
    tax_2_rate: '0.000',
    payment_terms: document.payment_terms,
    archived: true,
    assigned_user_id: null,
  };
}

/** The party a document type names: its own role, else customers of its `customerKinds`. */
export function partyRoleOf(kind: {
  customerKinds: CustomerKinds;
  party?: DocumentPartyRole;
}): DocumentPartyRole {
  return kind.party ?? customerRole(kind.customerKinds);
}
