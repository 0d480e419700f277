import { PURCHASE_ORDER_LINE_RULES } from '../document-lines';
import {
  DocumentCustomer,
  DocumentFieldValue,
  DocumentInput,
  DocumentKind,
  TAX_INCLUSIVE_DOCUMENT_AMOUNTS,
  DocumentPartyRole,
  HEADER_PARSERS,
  MAX_CUSTOM_NUMBER,
  MAX_LONG_TEXT,
} from '../document';
import { optionalCalendarDate } from '../shared/dates';
import { optionalText } from '../shared/parsers';

/** The purchase-order fields a client sets directly (documents-api §4, purchase-order create). */
export type PurchaseOrderFields = {
  name: string | null;
  issue_date: string;
  date_requested: string | null;
  date_needed: string | null;
  requested_from: string | null;
  custom_purchase_order_number: string | null;
  attention: string | null;
  shipping_address: string | null;
  public_note: string | null;
  payment_terms: string | null;
  shipping_fee: string;
  shipping_provider: string | null;
  shipping_tracking_code: string | null;
  discount_percent: string;
  custom_field_values: DocumentFieldValue[];
};

/** The supplier an order is placed with, as stored with it. */
export type PurchaseOrderSupplierFields = { supplier_id: string; supplier_name: string };

/** Every field a create or PATCH body takes (`location_id` is checked and passed on by the handler). */
export const PURCHASE_ORDER_INPUT_FIELDS = [
  'supplier_id',
  'location_id',
  'lines',
  'name',
  'issue_date',
  'date_requested',
  'date_needed',
  'requested_from',
  'custom_purchase_order_number',
  'attention',
  'shipping_address',
  'public_note',
  'payment_terms',
  'shipping_fee',
  'shipping_provider',
  'shipping_tracking_code',
  'discount_percent',
  'custom_field_values',
] as const;

export type PurchaseOrderInput = DocumentInput;

const PARSERS = {
  name: HEADER_PARSERS.name,
  issue_date: HEADER_PARSERS.issue_date,
  date_requested: optionalCalendarDate(),
  date_needed: optionalCalendarDate(),
  requested_from: optionalText(),
  custom_purchase_order_number: optionalText(MAX_CUSTOM_NUMBER),
  attention: HEADER_PARSERS.attention,
  shipping_address: optionalText(MAX_LONG_TEXT),
  public_note: optionalText(MAX_LONG_TEXT),
  payment_terms: HEADER_PARSERS.payment_terms,
  shipping_fee: HEADER_PARSERS.shipping_fee,
  shipping_provider: optionalText(),
  shipping_tracking_code: optionalText(),
  discount_percent: HEADER_PARSERS.discount_percent,
  custom_field_values: HEADER_PARSERS.custom_field_values,
};

/** A purchase order names an active supplier; it stores its id and name. */
export const SUPPLIER_ROLE: DocumentPartyRole = {
  field: 'supplier_id',
  kinds: ['supplier'],
  fieldsOf: (supplier: DocumentCustomer): PurchaseOrderSupplierFields => ({
    supplier_id: supplier.id,
    supplier_name: supplier.name,
  }),
  idOf: (order) => (order as PurchaseOrderSupplierFields).supplier_id,
  stored: (order) => {
    const { supplier_id, supplier_name } = order as PurchaseOrderSupplierFields;
    return {
      id: supplier_id,
      kind: 'supplier',
      name: supplier_name,
      tax_rate: '0.000',
      tax_2_rate: '0.000',
      payment_terms: null,
      archived: true,
      assigned_user_id: null,
    };
  },
};

/** Purchase orders on the shared document engine: a supplier, costs, 100 lines. */
export const PURCHASE_ORDER_KIND: DocumentKind = {
  noun: 'purchase order',
  unsupportedCode: 'unsupported_purchase_order_field',
  inputFields: PURCHASE_ORDER_INPUT_FIELDS,
  parsers: PARSERS,
  lineRules: PURCHASE_ORDER_LINE_RULES,
  customerKinds: ['supplier'],
  party: SUPPLIER_ROLE,
  amounts: TAX_INCLUSIVE_DOCUMENT_AMOUNTS,
};
