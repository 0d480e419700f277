import { sql } from 'kysely';

/**
 * The SQL type of a text column holding an id or key the code makes (row and place keys, line,
 * event and stream ids, idempotency keys, key hashes): text compared byte by byte, collation "C".
 * No one reads them in a language's order, and equality is the same under every deterministic
 * collation; but a database whose collation is a locale's (C.UTF-8 on PostgreSQL 15 too) sorts
 * them through strcoll, which made a primary key on 1M such rows take 5.3-6.5 s to build instead
 * of 3.5. Names and other text users sort by keep the database's collation.
 */
export const KEY_TEXT = sql`text collate "C"`;
