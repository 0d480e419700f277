/**
 * The events of a party record's life (customer, supplier), named by its type (`CustomerCreated`),
 * `F` its fields.
 */
export type PartyEvents<N extends string, F> = {
  created: { type: `${N}Created`; data: F & { id: string; account_id: string; created_at: string } };
  /** Only the fields that changed, with their new values. */
  updated: { type: `${N}Updated`; data: { changes: Partial<F>; updated_at: string } };
  archived: { type: `${N}Archived`; data: { archived_at: string } };
  restored: { type: `${N}Restored`; data: { restored_at: string } };
  /** Final: the record answers 404 everywhere but its event history. */
  deleted: { type: `${N}Deleted`; data: { deleted_at: string } };
};
