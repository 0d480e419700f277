import { RowSet } from './row-sets';

/**
 * A row set in COPY's binary format, for a server: the same rows as its text (copy-text.ts), but
 * the server reads an integer, a numeric or a timestamp without parsing text (in a rebuild's COPY
 * that parsing is about a third of the server's work). Only the types and values below have a
 * binary form here; a row set with any other is copied as text, so both fill the same rows.
 */

/** COPY's binary header (signature, flags, no extension) and its trailer. */
export const BINARY_HEADER = Buffer.from('PGCOPY\n\xff\r\n\0\0\0\0\0\0\0\0\0', 'latin1');
export const BINARY_TRAILER = Buffer.from([0xff, 0xff]);

/** The row set's tuples (no header nor trailer), or undefined when one value has no binary form. */
export function copyBinaryTuples({ columns, rows }: Pick<RowSet, 'columns' | 'rows'>): Buffer | undefined {
  const names = Object.keys(columns);
  const writers = names.map((name) => writerFor(columns[name]));
  if (writers.some((w) => w === undefined)) return undefined;
  const out = new Out(rows.length * (names.length * 12 + 48));
  for (let r = 0; r < rows.length; r++) {
    const row = rows[r] as Record<string, unknown>;
    out.room(2);
    out.buf.writeInt16BE(names.length, out.at);
    out.at += 2;
    for (let c = 0; c < names.length; c++) {
      const value = row[names[c]];
      if (value === null || value === undefined) out.int32(-1);
      else if (!writers[c]!(out, value)) return undefined;
    }
  }
  return out.buf.subarray(0, out.at);
}

class Out {
  buf: Buffer;
  at = 0;
  constructor(size: number) {
    this.buf = Buffer.allocUnsafe(Math.max(size, 64));
  }
  room(bytes: number): void {
    if (this.at + bytes <= this.buf.length) return;
    const bigger = Buffer.allocUnsafe(Math.max(this.buf.length * 2, this.at + bytes));
    this.buf.copy(bigger, 0, 0, this.at);
    this.buf = bigger;
  }
  int32(n: number): void {
    this.room(4);
    this.buf.writeInt32BE(n, this.at);
    this.at += 4;
  }
  /** A field of `text`'s UTF-8 bytes, after `prefix` bytes (jsonb's version). */
  text(text: string, prefix?: number): void {
    const extra = prefix === undefined ? 0 : 1;
    this.room(4 + extra + text.length * 3);
    const length = this.buf.write(text, this.at + 4 + extra);
    this.buf.writeInt32BE(length + extra, this.at);
    if (extra) this.buf[this.at + 4] = prefix!;
    this.at += 4 + extra + length;
  }
}

/** Writes a value as its column's binary field; false when it has no binary form here. */
type Writer = (out: Out, value: unknown) => boolean;

function writerFor(type: string): Writer | undefined {
  switch (type.trim().toLowerCase()) {
    case 'text':
      return (out, v) => typeof v === 'string' && (out.text(v), true);
    case 'integer':
    case 'int':
    case 'int4':
      return (out, v) =>
        Number.isInteger(v) && Math.abs(v as number) < 2 ** 31 && (int(out, 4, v as number), true);
    case 'bigint':
    case 'int8':
      return (out, v) => Number.isSafeInteger(v) && (int(out, 8, v as number), true);
    case 'boolean':
    case 'bool':
      return (out, v) => typeof v === 'boolean' && (bool(out, v), true);
    case 'numeric':
      return numeric;
    case 'uuid':
      return (out, v) => typeof v === 'string' && UUID.test(v) && (uuid(out, v), true);
    case 'timestamptz':
    case 'timestamp with time zone':
      return timestamp;
    case 'jsonb':
      return (out, v) => {
        // As copyText: the value's JSON, undefined's (a function's) as NULL.
        const json = JSON.stringify(v) as string | undefined;
        if (json === undefined) out.int32(-1);
        else out.text(json, 1);
        return true;
      };
    default:
      return undefined;
  }
}

function int(out: Out, bytes: 4 | 8, n: number): void {
  out.int32(bytes);
  if (bytes === 4) return out.int32(n);
  const high = Math.floor(n / 2 ** 32);
  out.int32(high);
  out.room(4);
  out.buf.writeUInt32BE(n - high * 2 ** 32, out.at);
  out.at += 4;
}

/** The form uuid_out writes, in either case (uuid_in takes others too, which go as text). */
const UUID = /^[\da-f]{8}-[\da-f]{4}-[\da-f]{4}-[\da-f]{4}-[\da-f]{12}$/i;

function uuid(out: Out, v: string): void {
  out.int32(16);
  out.room(16);
  out.at += out.buf.write(v.replace(/-/g, ''), out.at, 'hex');
}

function bool(out: Out, v: boolean): void {
  out.int32(1);
  out.room(1);
  out.buf[out.at++] = v ? 1 : 0;
}

/** Microseconds from PostgreSQL's epoch (2000-01-01) exact in a double: about 285 years either side. */
const POSTGRES_EPOCH_MS = Date.UTC(2000, 0, 1);

function timestamp(out: Out, v: unknown): boolean {
  if (!(v instanceof Date)) return false;
  const micros = (v.getTime() - POSTGRES_EPOCH_MS) * 1000;
  if (!Number.isSafeInteger(micros)) return false; // an invalid date too (NaN)
  int(out, 8, micros);
  return true;
}

const DECIMAL = /^(-?)0*(\d*?)(?:\.(\d+))?$/;

/**
 * A plain decimal (a string such as "-12.50", or a number JSON writes without an exponent) as
 * numeric's base-10000 digits: its scale the digits after the point, as numeric_in keeps them.
 */
function numeric(out: Out, v: unknown): boolean {
  const text = typeof v === 'string' ? v : typeof v === 'number' && Number.isFinite(v) ? String(v) : '';
  const match = DECIMAL.exec(text);
  if (!match || text === '' || text === '-') return false;
  const [, minus, whole, fraction = ''] = match;
  // Groups of four digits aligned on the decimal point.
  const wholePadded = '0'.repeat((4 - (whole.length % 4)) % 4) + whole;
  const fractionPadded = fraction + '0'.repeat((4 - (fraction.length % 4)) % 4);
  const digits: number[] = [];
  for (let i = 0; i < wholePadded.length; i += 4) digits.push(Number(wholePadded.slice(i, i + 4)));
  let weight = digits.length - 1;
  for (let i = 0; i < fractionPadded.length; i += 4) digits.push(Number(fractionPadded.slice(i, i + 4)));
  let first = 0;
  while (first < digits.length && digits[first] === 0) first++;
  let end = digits.length;
  while (end > first && digits[end - 1] === 0) end--;
  weight -= first;
  const kept = digits.slice(first, end);
  const zero = kept.length === 0;
  out.int32(8 + kept.length * 2);
  out.room(8 + kept.length * 2);
  const b = out.buf;
  b.writeInt16BE(kept.length, out.at);
  b.writeInt16BE(zero ? 0 : weight, out.at + 2);
  b.writeUInt16BE(minus && !zero ? 0x4000 : 0, out.at + 4);
  b.writeInt16BE(fraction.length, out.at + 6);
  out.at += 8;
  for (const d of kept) {
    b.writeInt16BE(d, out.at);
    out.at += 2;
  }
  return true;
}
