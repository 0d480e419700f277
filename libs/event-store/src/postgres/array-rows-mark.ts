/**
 * The mark of a statement whose rows come back as arrays of its columns' values, in the order it
 * selects them (pg's and PGlite's `rowMode: 'array'`): a comment at its start, which the read
 * models' dialects read (array-rows.ts there says why). Defined here, as PREPARED_MARK is, because
 * the event store reads the log's pages so and the read models depend on the event store.
 */
export const ARRAY_ROWS_MARK = '/* array rows */ ';
