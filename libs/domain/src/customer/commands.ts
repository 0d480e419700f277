import { CustomerInput } from './fields';

/** `id` is a new UUID chosen by the handler. */
export type CreateCustomer = { type: 'CreateCustomer'; id: string; input: CustomerInput };
/** PATCH: only the given fields change. */
export type UpdateCustomer = { type: 'UpdateCustomer'; input: CustomerInput };
export type ArchiveCustomer = { type: 'ArchiveCustomer' };
export type RestoreCustomer = { type: 'RestoreCustomer' };
export type DeleteCustomer = { type: 'DeleteCustomer' };
/** Sent by work that spans records (an estimate's conversion); harmless on a customer. */
export type ConvertProspectToCustomer = { type: 'ConvertProspectToCustomer'; estimate_id?: string | null };

export type CustomerCommand =
  | CreateCustomer
  | UpdateCustomer
  | ArchiveCustomer
  | RestoreCustomer
  | DeleteCustomer
  | ConvertProspectToCustomer;
