import { types } from 'pg';

/** pg's own parser of timestamptz text (postgres-date): a regex match and its substrings each. */
const parseAnyTimestamp = types.getTypeParser(types.builtins.TIMESTAMPTZ, 'text') as (
  text: string,
) => unknown;

/** `2026-12-07 09:21:39.922+00`: a UTC session's timestamptz from year 1000 on, up to microseconds. */
const UTC_TEXT = /^\d{4}-\d\d-\d\d \d\d:\d\d:\d\d(?:\.\d{1,6})?\+00$/;

/**
 * A timestamptz as pg's parser gives it (the same Date, to the millisecond), without its regex
 * match and substrings for the text a UTC session sends: a list page's rows carry two to four
 * each, and their parse was a twentieth of what an item list request allocated. Other text
 * (another time zone, BC, infinity, years before 1000) goes to pg's parser.
 */
export function parseTimestamptz(text: string): unknown {
  if (!UTC_TEXT.test(text)) return parseAnyTimestamp(text);
  const year = digits(text, 0, 4);
  if (year < 1000) return parseAnyTimestamp(text);
  const end = text.length - 3; // before "+00"
  let ms = 0;
  if (end > 19) {
    // As postgres-date: 1000 × the fraction as a double (n / 10^k is the nearest, as parseFloat is).
    const places = end - 20;
    ms = 1000 * (digits(text, 20, places) / 10 ** places);
  }
  return new Date(
    Date.UTC(
      year,
      digits(text, 5, 2) - 1,
      digits(text, 8, 2),
      digits(text, 11, 2),
      digits(text, 14, 2),
      digits(text, 17, 2),
      ms,
    ),
  );
}

function digits(text: string, from: number, count: number): number {
  let n = 0;
  for (let i = from; i < from + count; i++) n = n * 10 + (text.charCodeAt(i) - 48);
  return n;
}
