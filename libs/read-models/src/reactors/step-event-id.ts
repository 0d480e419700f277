import { createHash } from 'node:crypto';

/** The namespace of every step id (a fixed, random UUID): ids of other v5 schemes never collide. */
const STEP_NAMESPACE = Buffer.from('6f1d3c2a8b5e4f7aa9c0d2e4f6a8b0c1', 'hex');

/**
 * The id of the `index`-th event a step appends for the event `triggerId`: a UUID v5 (RFC 9562,
 * SHA-1 of namespace and name) of `<trigger id>/<step>/<index>`. Whoever carries the step out (the
 * request, a reactor, a retry of either) appends the same ids, so the store keeps the first write
 * and the others change nothing.
 */
export function stepEventId(triggerId: string, step: string, index: number): string {
  const hash = createHash('sha1')
    .update(STEP_NAMESPACE)
    .update(`${triggerId}/${step}/${index}`, 'utf8')
    .digest();
  hash[6] = (hash[6] & 0x0f) | 0x50; // version 5
  hash[8] = (hash[8] & 0x3f) | 0x80; // RFC variant
  const hex = hash.subarray(0, 16).toString('hex');
  return `${hex.slice(0, 8)}-${hex.slice(8, 12)}-${hex.slice(12, 16)}-${hex.slice(16, 20)}-${hex.slice(20)}`;
}
