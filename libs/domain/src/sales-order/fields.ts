import { SALES_ORDER_LINE_RULES } from '../document-lines';
import {
  DocumentHeaderFields,
  DocumentInput,
  DocumentKind,
  TAX_INCLUSIVE_DOCUMENT_AMOUNTS,
  SALES_DOCUMENT_INPUT_FIELDS,
  HEADER_PARSERS,
  MAX_LONG_TEXT,
} from '../document';
import { optionalCalendarDate } from '../shared/dates';
import { optionalText } from '../shared/parsers';

/** The sales-order fields a client sets directly: the shared header, an expiry date, a packing-list note. */
export type SalesOrderFields = DocumentHeaderFields & {
  expiry_date: string | null;
  packing_list_note: string | null;
};

/** Every field a create body takes (`location_id` is checked and passed on by the handler). */
export const SALES_ORDER_INPUT_FIELDS = [
  ...SALES_DOCUMENT_INPUT_FIELDS,
  'expiry_date',
  'packing_list_note',
] as const;

/** A PATCH changes neither the customer nor the location, salesperson or status. */
export const SALES_ORDER_UPDATE_FIELDS = SALES_ORDER_INPUT_FIELDS.filter((field) => field !== 'customer_id');

/** The fields of a PATCH that need an untouched order: no invoice, packing list or shipment. */
export const SALES_ORDER_FINANCIAL_FIELDS = ['shipping_fee', 'shipping_cost', 'discount_percent'] as const;

export type SalesOrderInput = DocumentInput;

const PARSERS = {
  ...HEADER_PARSERS,
  expiry_date: optionalCalendarDate(),
  packing_list_note: optionalText(MAX_LONG_TEXT),
};

/** Sales orders among the sales documents (documents-api §4): active customers only, 100 lines. */
export const SALES_ORDER_KIND: DocumentKind = {
  noun: 'sales order',
  unsupportedCode: 'unsupported_sales_order_field',
  inputFields: SALES_ORDER_INPUT_FIELDS,
  parsers: PARSERS,
  lineRules: SALES_ORDER_LINE_RULES,
  customerKinds: ['customer'],
  amounts: TAX_INCLUSIVE_DOCUMENT_AMOUNTS,
};

export const SALES_ORDER_UPDATE_KIND: DocumentKind = {
  ...SALES_ORDER_KIND,
  inputFields: SALES_ORDER_UPDATE_FIELDS,
};
