import { INVOICE_LINE_RULES } from '../document-lines';
import {
  DocumentHeaderFields,
  DocumentInput,
  DocumentKind,
  TAX_INCLUSIVE_DOCUMENT_AMOUNTS,
  SALES_DOCUMENT_INPUT_FIELDS,
  HEADER_PARSERS,
  MAX_CUSTOM_NUMBER,
} from '../document';
import { optionalText } from '../shared/parsers';

/** The invoice fields a client sets directly: the shared header and its custom number. */
export type InvoiceFields = DocumentHeaderFields & { custom_invoice_number: string | null };

/** Every field a create or PATCH body takes; anything else is 422 `unsupported_invoice_field`. */
export const INVOICE_INPUT_FIELDS = [...SALES_DOCUMENT_INPUT_FIELDS, 'custom_invoice_number'] as const;

export type InvoiceInput = DocumentInput;

/** Invoices among the sales documents (documents-api §4): active customers only, 100 lines. */
export const INVOICE_KIND: DocumentKind = {
  noun: 'invoice',
  unsupportedCode: 'unsupported_invoice_field',
  inputFields: INVOICE_INPUT_FIELDS,
  parsers: { ...HEADER_PARSERS, custom_invoice_number: optionalText(MAX_CUSTOM_NUMBER) },
  lineRules: INVOICE_LINE_RULES,
  customerKinds: ['customer'],
  amounts: TAX_INCLUSIVE_DOCUMENT_AMOUNTS,
};
