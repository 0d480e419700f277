/** The body of every error answer (spec/documents-api.md §7, spec/EXTENSIONS.md §4). */
export interface ErrorBody {
  type: string;
  code: string;
  message: string;
  /** The field or query parameter at fault, with dots and indexes: `lines.0.quantity`. */
  param?: string;
}

export interface ErrorEnvelope {
  error: ErrorBody;
}

const TYPES: Record<number, string> = {
  401: 'authentication_error',
  403: 'permission_error',
  404: 'not_found_error',
  409: 'conflict_error',
  429: 'rate_limit_error',
};

/** The envelope's `type` for a status: 4xx not named above are invalid requests, 5xx are ours. */
export function errorTypeFor(status: number): string {
  return TYPES[status] ?? (status < 500 ? 'invalid_request_error' : 'api_error');
}

export interface ApiErrorOptions {
  param?: string;
  /** Overrides the type derived from the status. */
  type?: string;
  /** Sent with the answer: `WWW-Authenticate` on a 401, `Retry-After` on a 429. */
  headers?: Record<string, string>;
}

/**
 * An answer the API means to give, thrown from anywhere in a request. The filter also accepts any
 * object shaped the same way ({status, code, message, type?, param?}), such as the domain's errors.
 */
export class ApiError extends Error {
  readonly type: string;
  readonly param?: string;
  readonly headers?: Record<string, string>;

  constructor(
    readonly status: number,
    readonly code: string,
    message: string,
    options: ApiErrorOptions = {},
  ) {
    super(message);
    this.name = 'ApiError';
    this.type = options.type ?? errorTypeFor(status);
    if (options.param !== undefined) this.param = options.param;
    if (options.headers) this.headers = options.headers;
  }
}

export function invalidQueryParameter(param: string, message: string): ApiError {
  return new ApiError(422, 'invalid_query_parameter', message, { param });
}

export function resourceMissing(message = 'No such record.'): ApiError {
  return new ApiError(404, 'resource_missing', message);
}

/** What an unknown route answers; also what a disabled part of the API answers (it is not there). */
export function routeMissing(): ApiError {
  return new ApiError(404, 'route_missing', 'No such route.');
}
