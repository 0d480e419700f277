import { PartyInput } from '../party/fields';

export type SupplierInput = PartyInput;

/** `id` is a new UUID chosen by the handler. */
export type CreateSupplier = { type: 'CreateSupplier'; id: string; input: SupplierInput };
/** PATCH: only the given fields change. */
export type UpdateSupplier = { type: 'UpdateSupplier'; input: SupplierInput };
export type ArchiveSupplier = { type: 'ArchiveSupplier' };
export type RestoreSupplier = { type: 'RestoreSupplier' };
export type DeleteSupplier = { type: 'DeleteSupplier' };

export type SupplierCommand =
  CreateSupplier | UpdateSupplier | ArchiveSupplier | RestoreSupplier | DeleteSupplier;
