/** The `type` of the specification's error envelope. */
export type DomainErrorType =
  | 'invalid_request_error'
  | 'authentication_error'
  | 'permission_error'
  | 'not_found_error'
  | 'conflict_error'
  | 'rate_limit_error'
  | 'api_error';

export interface ErrorEnvelope {
  error: { type: DomainErrorType; code: string; message: string; param?: string };
}

/**
 * A refusal the client is told about: HTTP status, envelope type, code and the offending field.
 * `decide` returns it as a value; it extends Error only so a handler may also throw it to the filter.
 */
export class DomainError extends Error {
  override readonly name = 'DomainError';

  constructor(
    readonly status: number,
    readonly type: DomainErrorType,
    readonly code: string,
    message: string,
    readonly param?: string,
  ) {
    super(message);
  }

  toEnvelope(): ErrorEnvelope {
    const { type, code, message, param } = this;
    return { error: param === undefined ? { type, code, message } : { type, code, message, param } };
  }
}

export function isDomainError(value: unknown): value is DomainError {
  return value instanceof DomainError;
}

export function notFound(message = 'No such record.'): DomainError {
  return new DomainError(404, 'not_found_error', 'resource_missing', message);
}

export function validation(code: string, param: string, message: string): DomainError {
  return new DomainError(422, 'invalid_request_error', code, message, param);
}

/** The common case: 422 `validation_failed` naming the field. */
export function invalid(param: string, message: string): DomainError {
  return validation('validation_failed', param, message);
}

export function conflict(code: string, message: string): DomainError {
  return new DomainError(409, 'conflict_error', code, message);
}

export function permissionDenied(
  message = 'You do not have permission to perform this action.',
): DomainError {
  return new DomainError(403, 'permission_error', 'permission_denied', message);
}

export function insufficientScope(scope: string): DomainError {
  return new DomainError(
    403,
    'permission_error',
    'insufficient_scope',
    `This API key lacks the scope ${scope}.`,
  );
}

export function authenticationRequired(message = 'A valid API key is required.'): DomainError {
  return new DomainError(401, 'authentication_error', 'authentication_required', message);
}
