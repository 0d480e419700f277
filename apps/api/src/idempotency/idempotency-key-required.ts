import { applyDecorators, SetMetadata } from '@nestjs/common';
import { ApiBadRequestResponse, ApiHeader } from '../openapi/decorators';

export const IDEMPOTENCY_KEY_REQUIRED = Symbol('idempotencyKeyRequired');

/**
 * On a handler or a controller: its POST, PATCH and PUT requests must carry an Idempotency-Key
 * (else 400 `idempotency_key_required`), as location and zone writes do (documents-api §1 item 6).
 */
export function IdempotencyKeyRequired() {
  return applyDecorators(
    SetMetadata(IDEMPOTENCY_KEY_REQUIRED, true),
    ApiHeader({
      name: 'Idempotency-Key',
      required: true,
      description:
        '1 to 255 printable ASCII characters; a retry with the same key and data replays the answer.',
    }),
    ApiBadRequestResponse({ description: 'idempotency_key_required' }),
  );
}
