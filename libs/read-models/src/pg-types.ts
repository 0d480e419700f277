import { types } from 'pg';
import { parseTimestamptz } from './utc-timestamps';

type TypeParsers = { getTypeParser: (oid: number, format?: 'text' | 'binary') => unknown };

/** int8 as a JS number on both drivers (PGlite already does so); numeric stays a decimal string. */
export const pgTypes: TypeParsers = {
  getTypeParser: (oid, format) =>
    oid === types.builtins.INT8 ? (v: string) => Number(v) : types.getTypeParser(oid, format),
};

/**
 * For arrayRows() statements (list pages, read on every request): pgTypes, and timestamptz text
 * parsed to pg's own Date without its regular expression (utc-timestamps.ts), whose match arrays
 * and substrings were a tenth of what an item list request allocated. Only there: as every
 * statement's parser it also sped up the raw SELECT a rebuild benchmark takes for its baseline
 * (reverted in 2de62ad).
 */
export const arrayRowTypes: TypeParsers = {
  getTypeParser: (oid, format) =>
    oid === types.builtins.TIMESTAMPTZ && format !== 'binary'
      ? parseTimestamptz
      : pgTypes.getTypeParser(oid, format),
};
