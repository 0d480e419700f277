import { oneOf } from '../shared/parsers';
import { PARTY_DEFAULTS, PARTY_PARSERS, PartyFields, PartyInput } from '../party/fields';

export const CUSTOMER_KINDS = ['customer', 'prospect'] as const;
export type CustomerKind = (typeof CUSTOMER_KINDS)[number];

export type CustomerFields = PartyFields & { kind: CustomerKind };
export type CustomerInput = PartyInput & { kind?: unknown };

export const CUSTOMER_PARSERS = { ...PARTY_PARSERS, kind: oneOf(CUSTOMER_KINDS) };
export const CUSTOMER_DEFAULTS: Readonly<Omit<CustomerFields, 'name' | 'assigned_user_id'>> = Object.freeze({
  ...PARTY_DEFAULTS,
  kind: 'customer',
});
