import { PartyFields } from '../party/fields';

export type SupplierCreated = {
  type: 'SupplierCreated';
  data: PartyFields & { id: string; account_id: string; created_at: string };
};

/** Only the fields that changed, with their new values. */
export type SupplierUpdated = {
  type: 'SupplierUpdated';
  data: { changes: Partial<PartyFields>; updated_at: string };
};

export type SupplierArchived = { type: 'SupplierArchived'; data: { archived_at: string } };
export type SupplierRestored = { type: 'SupplierRestored'; data: { restored_at: string } };

/** Final: the record answers 404 everywhere but its event history. */
export type SupplierDeleted = { type: 'SupplierDeleted'; data: { deleted_at: string } };

export type SupplierEvent =
  SupplierCreated | SupplierUpdated | SupplierArchived | SupplierRestored | SupplierDeleted;
