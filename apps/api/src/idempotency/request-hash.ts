import { createHash } from 'node:crypto';
import { canonicalJson } from '@app/runtime';

/** What makes two requests "the same" for an Idempotency-Key. */
export interface HashedRequest {
  method: string;
  /** The path with its query string, as sent. */
  url: string;
  body: unknown;
}

/**
 * SHA-256 (hex) over the method, the path with its query and the body as canonical JSON: a client
 * that sends the same object with its keys in another order sends the same request. A request
 * without a body counts as `{}`, as the validation pipe reads it.
 */
export function requestHash({ method, url, body }: HashedRequest): string {
  const text = JSON.stringify([method.toUpperCase(), url, canonicalJson(body === undefined ? {} : body)]);
  return createHash('sha256').update(text).digest('hex');
}
