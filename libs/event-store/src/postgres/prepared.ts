import { sql } from 'kysely';

/**
 * The mark of a statement that a server connection prepares once and afterwards only binds and
 * executes (read-models' preparedName names it): PostgreSQL then parses its text once
 * per session instead of at every call. For the statements sent over and over with one text: an
 * append, a read of the log's tail, a checkpoint's move (parsing was ~0.35 ms of the ~1.6 ms of
 * PostgreSQL time an estimate create's atomic append took, and as much of the tail read's ~1.2 ms).
 * Only for statements whose result columns are named, never `*`: a prepared statement is planned
 * again when its tables change, but fails when the columns it returns would change. Put first,
 * or right after SELECT (`modifyFront`). PGlite takes it as the comment it is.
 */
export const PREPARED_MARK = '/*prepared*/';

export const prepared = sql.raw(PREPARED_MARK);
