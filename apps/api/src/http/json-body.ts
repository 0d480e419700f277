import { FastifyInstance } from 'fastify';
import { ApiError } from '@app/runtime';

/** The JSON body limit (spec/EXTENSIONS.md §4); larger bodies answer 413 payload_too_large. */
export const BODY_LIMIT_BYTES = 1024 * 1024;

/**
 * How deep objects and arrays may nest in a body: far beyond any field's shape, and far below what
 * would exhaust the stack of the recursive code that walks bodies (class-transformer, for one).
 */
export const MAX_BODY_DEPTH = 32;

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
    parse(request, body as string, (error, value) => {
      if (error)
        return done(new ApiError(400, 'malformed_json', 'The request body is not valid JSON.'), undefined);
      if (nestsDeeperThan(value, MAX_BODY_DEPTH))
        return done(
          new ApiError(
            422,
            'validation_failed',
            `The request body nests objects and arrays more than ${MAX_BODY_DEPTH} levels deep.`,
          ),
          undefined,
        );
      done(null, value);
    });
  });
}

/** Walks the value without recursion, so no depth can overflow the stack here. */
function nestsDeeperThan(value: unknown, max: number): boolean {
  const pending: [unknown, number][] = [[value, 1]];
  for (let next = pending.pop(); next; next = pending.pop()) {
    const [item, depth] = next;
    if (typeof item !== 'object' || item === null) continue;
    if (depth > max) return true;
    for (const child of Object.values(item)) pending.push([child, depth + 1]);
  }
  return false;
}
