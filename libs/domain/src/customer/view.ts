import { partyViewFields, PartyViewFields } from '../party/view';
import { CustomerKind } from './fields';
import { CustomerRecord } from './state';

/** A customer or prospect as the API returns it (EXTENSIONS.md §6). */
export type CustomerView = {
  id: string;
  object: 'customer';
  name: string;
  kind: CustomerKind;
} & PartyViewFields;

export function customerView(customer: CustomerRecord): CustomerView {
  const { id, name, kind } = customer;
  return { id, object: 'customer', name, kind, ...partyViewFields(customer) };
}
