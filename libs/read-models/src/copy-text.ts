import { RowSet } from './row-sets';

/**
 * A row set in COPY's text format (a line per row, tab-separated, `\N` for NULL), each value the
 * text insertRows's jsonb_to_recordset would give its column: JSON for json and jsonb columns (a
 * string included), an array literal for array columns, a Date as its ISO string (its JSON), a
 * number that JSON cannot hold as NULL; an object for a column of any other type is refused. The column's own input function
 * then reads the same text either way, so COPY and INSERT fill the same rows.
 */
export function copyText({ columns, rows }: RowSet): string {
  const formats = Object.entries(columns).map(([name, type]) => [name, formatFor(type)] as const);
  const lines: string[] = new Array<string>(rows.length);
  for (let r = 0; r < rows.length; r++) {
    const row = rows[r] as Record<string, unknown>;
    let line = '';
    for (let c = 0; c < formats.length; c++) {
      if (c > 0) line += '\t';
      const [name, format] = formats[c];
      const text = format(row[name]);
      line += text === null ? '\\N' : escaped(text);
    }
    lines[r] = line;
  }
  return lines.join('\n') + '\n';
}

type Format = (value: unknown) => string | null;

function formatFor(type: string): Format {
  const t = type.trim().toLowerCase();
  if (t.endsWith(']')) return (v) => (v === null || v === undefined ? null : arrayLiteral(v));
  if (t === 'json' || t === 'jsonb') return (v) => (v === null || v === undefined ? null : (JSON.stringify(v) ?? null));
  const date = isoOfDate();
  return (v) => (v instanceof Date ? date(v) : scalar(v));
}

/**
 * A Date's ISO string (its JSON), the part up to the second kept from the last call: a batch's
 * events were recorded mostly within the same seconds, and toISOString costs a rebuild as much
 * as all the rest of a row's text. Invalid dates are NULL, as JSON has them.
 */
function isoOfDate(): (date: Date) => string | null {
  let second = NaN;
  let upToSecond = '';
  return (date) => {
    const ms = date.getTime();
    if (Number.isNaN(ms)) return null;
    const s = Math.floor(ms / 1000);
    if (s !== second) {
      const iso = date.toISOString();
      if (iso.length !== 24) return iso; // a year beyond 0000-9999: no fixed layout to reuse
      second = s;
      upToSecond = iso.slice(0, 20);
    }
    const fraction = ms - s * 1000;
    return `${upToSecond}${fraction < 10 ? '00' : fraction < 100 ? '0' : ''}${fraction}Z`;
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
