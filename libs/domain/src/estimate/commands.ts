import { EstimateInput } from './fields';

/** `id` is a new UUID and `estimate_number` the account's next number, both drawn by the handler. */
export type CreateEstimate = {
  type: 'CreateEstimate';
  id: string;
  estimate_number: number;
  input: EstimateInput;
};
/** PATCH: only the given fields change; `lines`, when given, is the complete set of non-discount lines. */
export type UpdateEstimate = { type: 'UpdateEstimate'; input: EstimateInput };
/** Repeating it on a declined estimate changes nothing. */
export type DeclineEstimate = { type: 'DeclineEstimate' };
export type DeleteEstimate = { type: 'DeleteEstimate' };

export type EstimateCommand = CreateEstimate | UpdateEstimate | DeclineEstimate | DeleteEstimate;
