import { FastifyError, FastifyReply, FastifyRequest } from 'fastify';
import { resourceMissing } from '@app/runtime';
import { toErrorResponse } from '@app/runtime';

/** Fastify's router errors about a path parameter: one it cannot decode (`%ZZ`), one over 100 characters. */
const BAD_PATH_PARAMETER = new Set(['FST_ERR_BAD_URL', 'FST_ERR_MAX_PARAM_LENGTH']);

/**
 * Fastify answers these errors itself, before any hook or filter, outside the error envelope. A path
 * parameter that cannot be decoded or is too long names no record: the same 404 as any unknown id.
 */
export function answerFrameworkError(
  error: FastifyError,
  request: FastifyRequest,
  reply: FastifyReply,
): void {
  const { status, body, headers } = toErrorResponse(
    BAD_PATH_PARAMETER.has(error.code) ? resourceMissing() : error,
  );
  void reply
    .status(status)
    .headers({ ...headers, 'X-Request-Id': String(request.id) })
    .send(body);
}
