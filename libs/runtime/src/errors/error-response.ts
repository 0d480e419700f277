import { HttpException } from '@nestjs/common';
import { WrongExpectedVersionError } from '@app/event-store';
import { isTransientFault } from '@app/read-models';
import { ErrorBody, ErrorEnvelope, errorTypeFor } from './api-error';
import { storeRefusal } from './store-refusals';

export interface ErrorResponse {
  status: number;
  body: ErrorEnvelope;
  headers: Record<string, string>;
  /** Not an answer anyone meant to give: logged with its stack. */
  unexpected: boolean;
}

/** What the request knows that changes the answer: Fastify's own 404 handler is an unknown route. */
export interface ErrorRequest {
  is404?: boolean;
}

const INTERNAL: ErrorBody = {
  type: 'api_error',
  code: 'internal_error',
  message:
    'Something went wrong on our side. Please try again; if it goes on, quote the X-Request-Id header.',
};

/** Turns anything thrown while handling a request into the error envelope and its status. */
export function toErrorResponse(error: unknown, request: ErrorRequest = {}): ErrorResponse {
  if (isApiErrorLike(error)) {
    const { status, code, message, param } = error;
    const body: ErrorBody = { type: error.type ?? errorTypeFor(status), code, message };
    if (param !== undefined && param !== null) body.param = String(param);
    return answer(status, body, error.headers ?? {});
  }
  if (error instanceof HttpException) return fromHttpException(error, request);
  const refusal = storeRefusal(error);
  if (refusal) return answer(refusal.status, refusal.body);
  if (error instanceof WrongExpectedVersionError) {
    return answer(409, {
      type: 'conflict_error',
      code: 'mobile_mutation_conflict',
      message: 'The record has changed since the revision in If-Match. Fetch it again and retry.',
    });
  }
  if (isTransientFault(error)) return storeUnavailable();
  return internal(500);
}

/** Seconds a client is asked to wait before trying again while a store is away. */
export const STORE_RETRY_AFTER_SECONDS = 2;

/**
 * A store is away (a lost connection, a server restarting or failing over) or a transaction lost a
 * race: the request may be sent again (a connection lost between a commit and its answer leaves
 * that write done: docs/operations.md, Faults).
 */
function storeUnavailable(): ErrorResponse {
  return {
    status: 503,
    body: {
      error: {
        type: 'api_error',
        code: 'service_unavailable',
        message: `The service cannot reach its data store right now. Please retry in a few seconds.`,
      },
    },
    headers: { 'Retry-After': String(STORE_RETRY_AFTER_SECONDS) },
    unexpected: false,
  };
}

interface ApiErrorLike {
  status: number;
  code: string;
  message: string;
  type?: string;
  param?: unknown;
  headers?: Record<string, string>;
}

function isApiErrorLike(error: unknown): error is ApiErrorLike {
  if (typeof error !== 'object' || error === null) return false;
  const e = error as Record<string, unknown>;
  return (
    Number.isInteger(e.status) &&
    (e.status as number) >= 400 &&
    (e.status as number) < 600 &&
    typeof e.code === 'string' &&
    typeof e.message === 'string' &&
    (e.type === undefined || typeof e.type === 'string')
  );
}

// Codes for Nest's and Fastify's own HTTP errors (Nest turns Fastify's into HttpExceptions).
const CODES: Record<number, string> = {
  400: 'bad_request',
  401: 'authentication_required',
  403: 'permission_denied',
  404: 'resource_missing',
  405: 'method_not_allowed',
  406: 'not_acceptable',
  408: 'request_timeout',
  409: 'conflict',
  413: 'payload_too_large',
  414: 'uri_too_long',
  415: 'unsupported_media_type',
  422: 'validation_failed',
  429: 'rate_limited',
  503: 'service_unavailable',
};

const MESSAGES: Record<number, string> = {
  413: 'The request body is larger than the limit of 1 MiB.',
  415: 'Send the request body as JSON with Content-Type: application/json.',
};

function fromHttpException(error: HttpException, request: ErrorRequest): ErrorResponse {
  const status = error.getStatus();
  const response = error.getResponse();
  if (isEnvelope(response)) return answer(status, response.error);
  if (status === 404 && request.is404) {
    return answer(404, { type: 'not_found_error', code: 'route_missing', message: 'No such route.' });
  }
  if (status >= 500) return internal(status);
  const message = MESSAGES[status] ?? (typeof response === 'string' ? response : error.message);
  return answer(status, { type: errorTypeFor(status), code: CODES[status] ?? 'invalid_request', message });
}

function isEnvelope(value: unknown): value is ErrorEnvelope {
  const error = (value as ErrorEnvelope | null)?.error;
  return typeof error === 'object' && error !== null && typeof error.code === 'string';
}

function answer(status: number, body: ErrorBody, headers: Record<string, string> = {}): ErrorResponse {
  return { status, body: { error: body }, headers, unexpected: status >= 500 };
}

/** A server-side failure says nothing of its cause; only a plain 500 is unexpected (a 503 is meant). */
function internal(status: number): ErrorResponse {
  const code = status === 500 ? INTERNAL.code : (CODES[status] ?? INTERNAL.code);
  return { status, body: { error: { ...INTERNAL, code } }, headers: {}, unexpected: status === 500 };
}
