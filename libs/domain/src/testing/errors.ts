/** The error envelopes the deciders return. */
export const refusal = (param: string, code = 'validation_failed') => ({
  status: 422,
  type: 'invalid_request_error',
  code,
  param,
});
export const conflictOf = (code: string) => ({ status: 409, type: 'conflict_error', code });
export const missing = { status: 404, type: 'not_found_error', code: 'resource_missing' };
export const permissionDenied = { status: 403, type: 'permission_error', code: 'permission_denied' };
export const alreadyExists = conflictOf('resource_already_exists');
