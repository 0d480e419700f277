import { StoreUnavailableError } from '@app/event-store';

/**
 * SQLSTATEs that say the server or the session is going away, not that the statement is wrong:
 * 57P01 admin shutdown (pg_terminate_backend, a fast restart), 57P02 crash shutdown, 57P03
 * cannot connect now (starting up, shutting down), 57014 a statement cut by statement_timeout;
 * classes 08 (connection exception) and 53 (insufficient resources: too many connections).
 */
const UNAVAILABLE_CODES = new Set(['57P01', '57P02', '57P03', '57014']);
const UNAVAILABLE_CLASSES = ['08', '53'];

/** Node's socket errors on the way to the server. */
const NETWORK_CODES = new Set([
  'ECONNREFUSED',
  'ECONNRESET',
  'ECONNABORTED',
  'EPIPE',
  'ETIMEDOUT',
  'EHOSTUNREACH',
  'ENETUNREACH',
  'ENOTFOUND',
  'EAI_AGAIN',
]);

/** node-postgres's own words for a connection that ended, never came, or cannot be used any more. */
const CLIENT_MESSAGES = [
  /^Connection terminated/,
  /timeout exceeded when trying to connect/,
  /is not queryable/,
  /^Query read timeout/,
];

/** Retried by whoever runs the statement again: serialization failure, deadlock. */
const RETRYABLE_CODES = new Set(['40001', '40P01']);

/** The database could not be reached or dropped the session: no fault of the statement. */
export function isConnectionFault(error: unknown): boolean {
  if (error instanceof StoreUnavailableError) return true;
  if (typeof error !== 'object' || error === null) return false;
  const { code, message, errors } = error as { code?: unknown; message?: unknown; errors?: unknown };
  if (typeof code === 'string') {
    if (UNAVAILABLE_CODES.has(code) || NETWORK_CODES.has(code)) return true;
    if (/^[0-9A-Z]{5}$/.test(code) && UNAVAILABLE_CLASSES.includes(code.slice(0, 2))) return true;
  }
  if (typeof message === 'string' && CLIENT_MESSAGES.some((pattern) => pattern.test(message))) return true;
  // A host name with several addresses fails with an AggregateError of one error each.
  return Array.isArray(errors) && errors.length > 0 && errors.every(isConnectionFault);
}

/**
 * Worth trying again later, from the last checkpoint: a connection fault, or a transaction that lost
 * a race (serialization failure, deadlock). Anything else is deterministic: the same input fails
 * the same way.
 */
export function isTransientFault(error: unknown): boolean {
  if (isConnectionFault(error)) return true;
  const code = (error as { code?: unknown } | null)?.code;
  return typeof code === 'string' && RETRYABLE_CODES.has(code);
}

/** A connection fault restated in the port's terms (StoreUnavailableError); any other error as is. */
export function restateConnectionFault(error: unknown): unknown {
  if (error instanceof StoreUnavailableError || !isConnectionFault(error)) return error;
  const reason = error instanceof Error ? error.message : String(error);
  return new StoreUnavailableError(`The database is unavailable: ${reason}`, error);
}
