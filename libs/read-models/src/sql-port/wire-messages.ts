/** The few PostgreSQL wire-protocol messages the read-only SQL port writes or reads itself. */

/** A simple Query message. */
export function queryMessage(text: string): Uint8Array {
  const body = Buffer.from(`${text}\0`, 'utf8');
  const message = Buffer.alloc(5 + body.length);
  message.write('Q', 0);
  message.writeInt32BE(4 + body.length, 1);
  body.copy(message, 5);
  return message;
}

/** The text of a message's null-terminated string at `offset`, after skipping `skip` strings. */
export function textOf(message: Uint8Array, offset: number, skip = 0): string {
  let start = offset;
  for (let i = 0; i < skip; i++) start = message.indexOf(0, start) + 1;
  const end = message.indexOf(0, start);
  return Buffer.from(message.subarray(start, end < 0 ? message.length : end)).toString('utf8');
}

/** An ErrorResponse: SQLSTATE 25006 (read_only_sql_transaction) with the message. */
export function errorResponse(text: string): Uint8Array {
  const fields = Buffer.concat([
    field('S', 'ERROR'),
    field('V', 'ERROR'),
    field('C', '25006'),
    field('M', text),
    Buffer.from([0]),
  ]);
  const message = Buffer.alloc(5);
  message.write('E', 0);
  message.writeInt32BE(4 + fields.length, 1);
  return Buffer.concat([message, fields]);
}

const field = (code: string, value: string) => Buffer.from(`${code}${value}\0`, 'utf8');

/** ReadyForQuery, idle. */
export function readyForQuery(): Uint8Array {
  return Buffer.from([0x5a, 0, 0, 0, 5, 0x49]);
}

/**
 * The answer with its ReadyForQuery messages saying idle: inside the wrapping transaction PGlite
 * says "in a transaction" (or "failed"), which the client never began.
 */
export function withIdleStatus(answer: Uint8Array): Uint8Array {
  const out = Buffer.from(answer);
  let at = 0;
  while (at + 5 <= out.length) {
    const length = out.readInt32BE(at + 1);
    if (out[at] === 0x5a && length === 5) out[at + 5] = 0x49;
    at += 1 + length;
  }
  return out;
}
