import { copyBinaryTuples } from './copy-binary';
import { RowSet } from './row-sets';

/**
 * A row set in COPY's text format (a line per row, tab-separated, `\N` for NULL), each value the
 * text insertRows's jsonb_to_recordset would give its column: JSON for json and jsonb columns (a
 * string included), an array literal for array columns, a Date as its ISO string (its JSON), a
 * number that JSON cannot hold as NULL; an object for a column of any other type is refused. The column's own input function
 * then reads the same text either way, so COPY and INSERT fill the same rows.
 */
export function copyText({ columns, rows, text }: RowSet): string {
  if (text !== undefined) return text;
  const names = Object.keys(columns);
  const formats = names.map((name) => formatFor(columns[name]));
  const width = names.length;
  // The values and separators joined once: no string made per row, nor per value but its own
  // text (a rebuild copies millions of rows, and every string made is work for the collector).
  const parts = new Array<string>(rows.length * width * 2);
  let p = 0;
  for (let r = 0; r < rows.length; r++) {
    const row = rows[r] as Record<string, unknown>;
    for (let c = 0; c < width; c++) {
      const value = formats[c](row[names[c]]);
      parts[p++] = value === null ? '\\N' : escaped(value);
      parts[p++] = c === width - 1 ? '\n' : '\t';
    }
  }
  return parts.join('');
}

type Format = (value: unknown) => string | null;

function formatFor(type: string): Format {
  const t = type.trim().toLowerCase();
  if (t.endsWith(']')) return (v) => (v === null || v === undefined ? null : arrayLiteral(v));
  if (t === 'json' || t === 'jsonb')
    return (v) => (v === null || v === undefined ? null : (JSON.stringify(v) ?? null));
  const date = isoOfDate();
  return (v) => (v instanceof Date ? date(v) : scalar(v));
}

/**
 * A Date's ISO string (its JSON): the last one made again for the same instant (a transaction's
 * events share their recorded_at), else its part up to the second kept from the last call (a
 * batch's events were recorded mostly within the same seconds; toISOString costs a rebuild as
 * much as all the rest of a row's text). Invalid dates are NULL, as JSON has them.
 */
function isoOfDate(): (date: Date) => string | null {
  let second = NaN;
  let upToSecond = '';
  let lastMs = NaN;
  let last = '';
  return (date) => {
    const ms = date.getTime();
    if (ms === lastMs) return last;
    if (Number.isNaN(ms)) return null;
    const s = Math.floor(ms / 1000);
    if (s !== second) {
      const iso = date.toISOString();
      if (iso.length !== 24) return iso; // a year beyond 0000-9999: no fixed layout to reuse
      second = s;
      upToSecond = iso.slice(0, 20);
    }
    const fraction = ms - s * 1000;
    lastMs = ms;
    last = `${upToSecond}${fraction < 10 ? '00' : fraction < 100 ? '0' : ''}${fraction}Z`;
    return last;
  };
}

function scalar(value: unknown): string | null {
  if (value === null || value === undefined) return null;
  if (typeof value === 'string') return value;
  if (typeof value === 'number') return Number.isFinite(value) ? String(value) : null;
  if (typeof value === 'boolean') return String(value);
  // Its JSON, without the round trip through JSON text (a rebuild copies a date per event).
  if (value instanceof Date) return Number.isNaN(value.getTime()) ? null : value.toISOString();
  // An object with toJSON (a Date, a decimal) as that JSON; any other as jsonb would print it,
  // which this does not copy: such a value belongs in a json or jsonb column.
  const json = JSON.stringify(value) as string | undefined;
  const parsed: unknown = json === undefined ? null : JSON.parse(json);
  if (parsed === null || typeof parsed !== 'object') return scalar(parsed);
  throw new Error(`insertRows: ${json} for a column of a scalar type (make it json or jsonb)`);
}

/** As PostgreSQL makes an array of a JSON array: elements quoted, nested arrays as dimensions. */
function arrayLiteral(value: unknown): string {
  if (!Array.isArray(value)) throw new Error(`Not an array for an array column: ${JSON.stringify(value)}`);
  return `{${value
    .map((item: unknown) => {
      if (Array.isArray(item)) return arrayLiteral(item);
      const text = scalar(item);
      return text === null ? 'NULL' : `"${text.replace(/[\\"]/g, '\\$&')}"`;
    })
    .join(',')}}`;
}

const special = /[\\\n\r\t]/;
const specials = /[\\\n\r\t]/g;
const escapes: Record<string, string> = { '\\': '\\\\', '\n': '\\n', '\r': '\\r', '\t': '\\t' };

function escaped(text: string): string {
  return special.test(text) ? text.replace(specials, (c) => escapes[c]) : text;
}

/**
 * The row set with its rows made COPY's text now: one flat string where thousands of objects
 * were. A rebuild's batch waits so for the one before it to commit while the next page of the log
 * is read; the fewer objects live meanwhile, the less each young-generation collection copies.
 */
export function withCopyText(set: RowSet): RowSet {
  return { ...set, rows: [], text: copyText(set) };
}

/** withCopyText, but in COPY's binary format where the rows have one (a server's copyBatch). */
export function withCopyData(set: RowSet, binary: boolean): RowSet {
  const tuples = binary ? copyBinaryTuples(set) : undefined;
  return tuples ? { ...set, rows: [], binary: [tuples] } : withCopyText(set);
}
