import { rate } from '../shared/money';
import { PartyFields } from './fields';
import { PartyRecord } from './record';

/** The fields every customer and supplier response shows, after `id`, `object` (and a customer's kind). */
export type PartyViewFields = Omit<PartyFields, 'name'> & {
  archived: boolean;
  created_at: string;
  updated_at: string;
};

export function partyViewFields(record: PartyRecord): PartyViewFields {
  return {
    account_number: record.account_number,
    email: record.email,
    phone: record.phone,
    billing_address: [...record.billing_address],
    shipping_address: [...record.shipping_address],
    tax_rate: rate(record.tax_rate),
    tax_2_rate: rate(record.tax_2_rate),
    payment_terms: record.payment_terms,
    assigned_user_id: record.assigned_user_id,
    archived: record.archived,
    created_at: record.created_at,
    updated_at: record.updated_at,
  };
}
