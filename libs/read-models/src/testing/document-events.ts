import { serviceDraft } from '@app/domain/document-lines/document-lines.fixture';
import { dateColumnsOf, DocumentListDeclaration } from '../projectors/document-lists';
import { ACCOUNT, at, projectorOn, uuid } from './projector-spec';

/** Event bodies of the sales documents (estimates, invoices, sales orders) for the projector specs. */

export const SALESPERSON = uuid('f1');
export const ACME = uuid('c1');
export const WIDGET = uuid('b1');

export const lineId = (position: number) => `11e00000-0000-4000-8000-00000000000${position}`;

export type LineType = 'inventory' | 'service' | 'discount';

/** A calculated line as an event stores it: a widget, a service or the discount, at `total`. */
export const documentLine = (position: number, line_type: LineType, total: string) => ({
  ...serviceDraft({
    id: lineId(position),
    line_type,
    item_id: line_type === 'inventory' ? WIDGET : null,
    name: line_type === 'discount' ? 'Discount' : 'Widget',
    quantity: line_type === 'discount' ? '1' : '2',
    unit_price: total,
  }),
  discounted_unit_price: null,
  subtotal: total,
  tax: '0.0000',
  tax_2: '0.0000',
  total,
  total_cost: null,
  position,
});

/** Totals as an estimate stores them; invoices and sales orders add the pre-discount total. */
export const documentTotals = (subtotal: string, discount = '0.0000', tax = '0.0000') => ({
  pre_discount_subtotal: subtotal,
  discount,
  subtotal,
  tax,
  tax_2: '0.0000',
  total: subtotal,
});

/** Totals as an invoice or a sales order stores them. */
export const totalsWithDiscountTotal = (subtotal: string, discount = '0.0000') => ({
  ...documentTotals(subtotal, discount),
  pre_discount_total: subtotal,
  discount_total: discount,
});

export const CUSTOM_FIELD = uuid('cf');

/**
 * What the list specs' first edit of a document changes, and so what its row shows after it: a
 * name, the kind's own number (`ownNumber`), no payment terms, a 10% discount and a custom field.
 */
export const firstEditChanges = (ownNumber: object) => ({
  name: 'Spring order',
  ...ownNumber,
  payment_terms: null,
  discount_percent: '10.000',
  custom_field_values: [{ custom_field_id: CUSTOM_FIELD, value: 'rush' }],
});

/** The lines after that edit: the two of `documentCreated` and the discount line (10%) it adds. */
export const firstEditLines = () => [
  documentLine(0, 'inventory', '25.0000'),
  documentLine(1, 'service', '10.0000'),
  documentLine(2, 'discount', '-3.5000'),
];

/** The fields of a document for Acme by the salesperson, as its creation event and its list row hold them. */
const documentFields = (id: string) => ({
  id,
  account_id: ACCOUNT,
  salesperson_id: SALESPERSON,
  customer_id: ACME,
  customer_name: 'Acme',
  customer_kind: 'customer',
  name: null,
  issue_date: '2030-01-01',
  purchase_order_number: '',
  attention: null,
  shipping_address: null,
  public_note: null,
  payment_terms: 'Net 30',
  shipping_fee: '0.0000',
  shipping_cost: '0.0000',
  discount_percent: '0.000',
  custom_field_values: [],
});

/**
 * The fields every document's creation event carries, with a widget (25.00) and a service (10.00)
 * line; `fields` adds the kind's own and overrides the rest.
 */
export const documentCreated = (id: string, minute: number, fields: object) => ({
  ...documentFields(id),
  lines: [documentLine(0, 'inventory', '25.0000'), documentLine(1, 'service', '10.0000')],
  totals: documentTotals('35.0000'),
  created_at: at(minute),
  ...fields,
});

/**
 * The list row of a `documentCreated` document as its creation leaves it, but for the kind's own
 * columns and the amounts (the spec adds them).
 */
export const listedDocument = (id: string, minute: number) => ({
  ...documentFields(id),
  line_count: 2,
  revision: 0,
  created_at: new Date(at(minute)),
  updated_at: new Date(at(minute)),
});

/**
 * A list's rows in number order, its date columns as text: the drivers turn `date` into a Date in
 * the process's zone.
 */
export function listRows(
  spec: Pick<ReturnType<typeof projectorOn>, 'rows'>,
  list: DocumentListDeclaration,
  schema: string,
) {
  const dates = dateColumnsOf(list).map((name) => `${name}::text as ${name}`);
  return spec.rows(schema, list.table, list.numberColumn, dates.join(', '));
}
