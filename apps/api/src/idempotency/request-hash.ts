import { createHash } from 'node:crypto';

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

/**
 * JSON with every object's keys sorted; arrays keep their order. Bytes (an uploaded file, as photo
 * uploads put in the body) count by their SHA-256, written `<sha256:…>`: no JSON value reads so.
 */
export function canonicalJson(value: unknown): string {
  if (value instanceof Uint8Array) return `<sha256:${createHash('sha256').update(value).digest('hex')}>`;
  if (Array.isArray(value)) return `[${value.map(canonicalJson).join(',')}]`;
  if (value !== null && typeof value === 'object') {
    const entries = Object.entries(value as Record<string, unknown>)
      .filter(([, v]) => v !== undefined)
      .sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0));
    return `{${entries.map(([k, v]) => `${JSON.stringify(k)}:${canonicalJson(v)}`).join(',')}}`;
  }
  return JSON.stringify(value) ?? 'null';
}
