import { Kysely, sql } from 'kysely';

/**
 * Installs pg_trgm when the server offers it (PGlite does, loaded in database.ts), so substring
 * searches find rows through GIN indexes. Without it (a server without the extension, or a role
 * that may not create it) a search scans one account's rows instead. A savepoint keeps a refusal
 * from aborting the setup's transaction.
 */
// eslint-disable-next-line @typescript-eslint/no-explicit-any
export async function hasTrigrams(db: Kysely<any>): Promise<boolean> {
  await sql`savepoint trigrams_setup`.execute(db);
  try {
    await sql`create extension if not exists pg_trgm`.execute(db);
    await sql`release savepoint trigrams_setup`.execute(db);
  } catch {
    await sql`rollback to savepoint trigrams_setup`.execute(db);
  }
  const { rows } = await sql`select 1 from pg_extension where extname = 'pg_trgm'`.execute(db);
  return rows.length > 0;
}

/** The trigram indexes' pending list, in kB. */
const PENDING_LIST_KB = 256;

/**
 * A trigram index for `q` on `lower(column)`, with a pending list of at most 256 kB. GIN keeps new
 * entries in a pending list until a vacuum merges them, and every search reads that list whole: by
 * default it grows to 4 MB, and nothing merges it on PGlite or where autovacuum is off (20-50 ms a
 * search at 100,000 rows, against about 1 ms; docs/performance.md, bench:catalog). `where`: a
 * predicate for a partial index (the rows with a value).
 */
export function trigramIndex(column: string, where?: string): string {
  const partial = where ? ` where ${where}` : '';
  return `using gin (lower(${column}) gin_trgm_ops) with (gin_pending_list_limit = ${PENDING_LIST_KB})${partial}`;
}
