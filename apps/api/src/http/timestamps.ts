/** A timestamp column as the API writes it: pg gives Date objects, PGlite may give strings. */
export function isoTimestamp(value: Date | string): string {
  return (value instanceof Date ? value : new Date(value)).toISOString();
}

/** A list row as the record it holds, its created_at and updated_at written as the API writes them. */
// eslint-disable-next-line @typescript-eslint/no-explicit-any -- a row of any list table
export function withIsoStamps<R>(row: Record<string, any>): R {
  return { ...row, created_at: isoTimestamp(row.created_at), updated_at: isoTimestamp(row.updated_at) } as R;
}
