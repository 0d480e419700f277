import { createHash } from 'node:crypto';

/**
 * JSON with every object's keys sorted (by UTF-16 code units) and no whitespace; arrays keep their
 * order, `undefined` members are left out. For the JSON values events hold (strings, numbers,
 * booleans, null, arrays, objects) this is RFC 8785 (JCS): JavaScript's own string and number
 * serialisation with sorted keys. Bytes (an uploaded file, as photo uploads put in a request body)
 * count by their SHA-256, written `<sha256:…>`: no JSON value reads so.
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
