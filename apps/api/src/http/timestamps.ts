/** A timestamp column as the API writes it: pg gives Date objects, PGlite may give strings. */
export function isoTimestamp(value: Date | string): string {
  return (value instanceof Date ? value : new Date(value)).toISOString();
}
