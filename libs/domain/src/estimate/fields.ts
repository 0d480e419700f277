import { ESTIMATE_LINE_RULES } from '../document-lines';
import {
  DocumentHeaderFields,
  DocumentInput,
  DocumentKind,
  DOCUMENT_AMOUNTS,
  SALES_DOCUMENT_INPUT_FIELDS,
  HEADER_PARSERS,
  MAX_CUSTOM_NUMBER,
} from '../document';
import { calendarDate } from '../shared/dates';
import { optionalText } from '../shared/parsers';

/** The estimate fields a client sets directly: the shared header, an expiry date and its custom number. */
export type EstimateFields = DocumentHeaderFields & {
  expiry_date: string;
  custom_estimate_number: string | null;
};

/** Every field a create or PATCH body takes; anything else is 422 `unsupported_estimate_field`. */
export const ESTIMATE_INPUT_FIELDS = [
  ...SALES_DOCUMENT_INPUT_FIELDS,
  'expiry_date',
  'custom_estimate_number',
] as const;

/** The body of a create, preview or PATCH as the client sent it: each value is checked by decide. */
export type EstimateInput = DocumentInput;

/** Estimates among the sales documents (documents-api §4): prospects allowed, 500 lines. */
export const ESTIMATE_KIND: DocumentKind = {
  noun: 'estimate',
  unsupportedCode: 'unsupported_estimate_field',
  inputFields: ESTIMATE_INPUT_FIELDS,
  parsers: {
    ...HEADER_PARSERS,
    expiry_date: calendarDate(),
    custom_estimate_number: optionalText(MAX_CUSTOM_NUMBER),
  },
  lineRules: ESTIMATE_LINE_RULES,
  customerKinds: ['customer', 'prospect'],
  amounts: DOCUMENT_AMOUNTS,
};
