import { DomainError, invalid, isDomainError } from '../shared/domain-error';
import { DocumentContext } from './context';

/** A customer or prospect a document may name, looked up by the handler (archived ones too). */
export type DocumentCustomer = {
  id: string;
  kind: 'customer' | 'prospect';
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
export type CustomerKinds = readonly ('customer' | 'prospect')[];

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

/** The new customer when the body changes it; a change needs the complete lines. */
export function customerChangeOf(
  document: DocumentCustomerFields,
  input: { customer_id?: unknown; lines?: unknown },
  kinds: CustomerKinds,
  context: DocumentContext,
): DocumentCustomer | undefined | DomainError {
  if (input.customer_id === undefined) return undefined;
  if (typeof input.customer_id === 'string' && input.customer_id.toLowerCase() === document.customer_id)
    return undefined;
  const customer = namedCustomer(input.customer_id, kinds, context);
  if (isDomainError(customer)) return customer;
  if (input.lines === undefined)
    return invalid('lines', 'Changing customer_id needs the complete lines, priced for the new customer.');
  return customer;
}

export function customerFields(customer: DocumentCustomer): DocumentCustomerFields {
  return { customer_id: customer.id, customer_name: customer.name, customer_kind: customer.kind };
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
