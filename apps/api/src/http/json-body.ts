import { FastifyInstance } from 'fastify';
import { ApiError } from './api-error';

/** The JSON body limit (spec/EXTENSIONS.md §4); larger bodies answer 413 payload_too_large. */
export const BODY_LIMIT_BYTES = 1024 * 1024;

/**
 * Bodies are JSON only: text and form bodies answer 415. Fastify's own parser does the parsing
 * (it refuses __proto__ and constructor.prototype keys), but its failure becomes 400 malformed_json
 * here, where the error still says what it is. An empty body reads as no body.
 */
export function acceptJsonBodiesOnly(fastify: FastifyInstance): void {
  const parse = fastify.getDefaultJsonParser('error', 'error');
  fastify.removeAllContentTypeParsers();
  fastify.addContentTypeParser('application/json', { parseAs: 'string' }, (request, body, done) => {
    if (body.length === 0) return done(null, undefined);
    parse(request, body as string, (error, value) =>
      error
        ? done(new ApiError(400, 'malformed_json', 'The request body is not valid JSON.'), undefined)
        : done(null, value),
    );
  });
}
