import { NumberedCreate } from '../document/numbered';
import { EstimateInput } from './fields';

export type CreateEstimate = NumberedCreate<'CreateEstimate', 'estimate_number', EstimateInput>;
/** PATCH: only the given fields change; `lines`, when given, is the complete set of non-discount lines. */
export type UpdateEstimate = { type: 'UpdateEstimate'; input: EstimateInput };
/** Repeating it on a declined estimate changes nothing. */
export type DeclineEstimate = { type: 'DeclineEstimate' };
export type DeleteEstimate = { type: 'DeleteEstimate' };
/**
 * Records that an open estimate's expiry date has passed (status 8): decided on the account's
 * `today` the context carries; nothing to do for an estimate not yet due or no longer open.
 */
export type ExpireEstimate = { type: 'ExpireEstimate' };

/**
 * Closes an open estimate into a new document, recorded here first (with the estimate's revision,
 * so two conversions cannot both win); `document_id` is the new document's id, drawn by the handler.
 */
export type ConvertEstimate = {
  type: 'ConvertEstimate';
  target: 'invoice' | 'sales_order';
  document_id: string;
  /** The body: an invoice conversion takes an optional `issue_date`. */
  input: Record<string, unknown>;
  /** A sales order's location, checked by the handler (the user's own for a restricted user). */
  location_id?: string | null;
};

export type EstimateCommand =
  CreateEstimate | UpdateEstimate | DeclineEstimate | DeleteEstimate | ConvertEstimate | ExpireEstimate;
