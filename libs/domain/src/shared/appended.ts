/**
 * `list` with `item` at its end, as a new array (states are never changed in place).
 *
 * For lists that grow with a record's life (an invoice's payments, an item's movements): V8's
 * `concat` copies a packed array about ten times faster than a spread (`[...list, item]`: 8 µs
 * against 75-85 µs for 11,000 payments, Node 22), and every event on such a record copies its list
 * once per fold. One invoice paid 11,000 times spent 7.5 % of the API's CPU in that spread alone.
 */
export function appended<T>(list: readonly T[], item: T): T[] {
  return list.concat([item]);
}
