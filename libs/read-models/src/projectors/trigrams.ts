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
