import { ApiError } from '@app/runtime';

const PARAM = 'Idempotency-Key';
const WELL_FORMED = /^[\x20-\x7e]{1,255}$/;

/** The methods whose Idempotency-Key counts; DELETE ignores it (documents-api §1 item 6). */
export const KEYED_METHODS: ReadonlySet<string> = new Set(['POST', 'PATCH', 'PUT']);

/** The header's key; undefined when absent; 422 when it is not 1 to 255 printable ASCII characters. */
export function idempotencyKeyOf(header: string | string[] | undefined): string | undefined {
  if (header === undefined) return undefined;
  if (typeof header !== 'string' || !WELL_FORMED.test(header)) {
    throw new ApiError(
      422,
      'invalid_idempotency_key',
      'Idempotency-Key must be 1 to 255 printable ASCII characters.',
      {
        param: PARAM,
      },
    );
  }
  return header;
}

export function idempotencyKeyRequired(): ApiError {
  return new ApiError(400, 'idempotency_key_required', 'This request needs an Idempotency-Key header.', {
    param: PARAM,
  });
}

export function idempotencyKeyReused(): ApiError {
  return new ApiError(
    409,
    'idempotency_key_reused',
    'This Idempotency-Key was already used with different request data; use a new key for a new request.',
    { param: PARAM },
  );
}

export function idempotencyRequestInProgress(): ApiError {
  return new ApiError(
    409,
    'idempotency_request_in_progress',
    'A request with this Idempotency-Key is still being processed; retry once it has finished.',
    { param: PARAM },
  );
}

/** The stored answer of a landed write that cannot be rebuilt (an action's): the client reads the record. */
export function idempotencyRequestLanded(): ApiError {
  return new ApiError(
    409,
    'idempotency_request_landed',
    'The request with this Idempotency-Key was applied, but its answer was lost; read the record to see its effect.',
    { param: PARAM },
  );
}
