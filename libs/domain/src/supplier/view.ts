import { partyViewFields, PartyViewFields } from '../party/view';
import { SupplierRecord } from './state';

/** A supplier as the API returns it (EXTENSIONS.md §6). */
export type SupplierView = { id: string; object: 'supplier'; name: string } & PartyViewFields;

export function supplierView(supplier: SupplierRecord): SupplierView {
  return { id: supplier.id, object: 'supplier', name: supplier.name, ...partyViewFields(supplier) };
}
