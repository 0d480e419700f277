import { CustomerFields } from './fields';

export type CustomerCreated = {
  type: 'CustomerCreated';
  data: CustomerFields & { id: string; account_id: string; created_at: string };
};

/** Only the fields that changed, with their new values. */
export type CustomerUpdated = {
  type: 'CustomerUpdated';
  data: { changes: Partial<CustomerFields>; updated_at: string };
};

export type CustomerArchived = { type: 'CustomerArchived'; data: { archived_at: string } };
export type CustomerRestored = { type: 'CustomerRestored'; data: { restored_at: string } };

/** A prospect became a customer, e.g. when an estimate for it was converted (`estimate_id`). */
export type ProspectConvertedToCustomer = {
  type: 'ProspectConvertedToCustomer';
  data: { estimate_id: string | null; converted_at: string };
};

/** Final: the record answers 404 everywhere but its event history. */
export type CustomerDeleted = { type: 'CustomerDeleted'; data: { deleted_at: string } };

export type CustomerEvent =
  | CustomerCreated
  | CustomerUpdated
  | CustomerArchived
  | CustomerRestored
  | ProspectConvertedToCustomer
  | CustomerDeleted;
