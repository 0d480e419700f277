import {
  nullable,
  optionalEmailList,
  optionalText,
  percentage,
  reference,
  requiredText,
  stringList,
} from '../shared/parsers';

/** What customers and suppliers have in common (EXTENSIONS.md §6); rates are three-decimal strings. */
export type PartyFields = {
  name: string;
  account_number: string | null;
  email: string | null;
  phone: string | null;
  billing_address: string[];
  shipping_address: string[];
  tax_rate: string;
  tax_2_rate: string;
  payment_terms: string | null;
  assigned_user_id: string | null;
};

/** Values as the client sent them: each is checked by PARTY_PARSERS. */
export type PartyInput = { [K in keyof PartyFields]?: unknown };

const MAX_ADDRESS_LINES = 10;

export const PARTY_PARSERS = {
  name: requiredText(),
  account_number: optionalText(),
  email: optionalEmailList(),
  phone: optionalText(),
  billing_address: stringList(MAX_ADDRESS_LINES),
  shipping_address: stringList(MAX_ADDRESS_LINES),
  tax_rate: percentage(),
  tax_2_rate: percentage(),
  payment_terms: optionalText(),
  assigned_user_id: nullable(reference()),
};

/** Every optional field's value when a create leaves it out (assigned_user_id defaults to the creator). */
export const PARTY_DEFAULTS: Readonly<Omit<PartyFields, 'name' | 'assigned_user_id'>> = Object.freeze({
  account_number: null,
  email: null,
  phone: null,
  billing_address: [],
  shipping_address: [],
  tax_rate: '0.000',
  tax_2_rate: '0.000',
  payment_terms: null,
});
