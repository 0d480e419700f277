/** Record ids are UUIDs: anything else names no record and must never reach a `uuid` column. */
const RECORD_ID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

export function isRecordId(value: unknown): value is string {
  return typeof value === 'string' && RECORD_ID.test(value);
}

/** The largest value of a PostgreSQL `integer` column (2^31 - 1). */
export const MAX_INTEGER = 2_147_483_647;

/**
 * Integer ids (`item_variation_location_id`) live in `integer` columns: a value outside 1..2^31-1
 * names no row, and PostgreSQL answers one in a query with an error (`out of range for type
 * integer`), so every such id is checked here before any look-up sees it.
 */
export function isIntegerId(value: unknown): value is number {
  return Number.isInteger(value) && (value as number) >= 1 && (value as number) <= MAX_INTEGER;
}
