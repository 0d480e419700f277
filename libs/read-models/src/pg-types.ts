import { types } from 'pg';

type TypeParsers = { getTypeParser: (oid: number, format?: 'text' | 'binary') => unknown };

/** int8 as a JS number on both drivers (PGlite already does so); numeric stays a decimal string. */
export const pgTypes: TypeParsers = {
  getTypeParser: (oid, format) =>
    oid === types.builtins.INT8 ? (v: string) => Number(v) : types.getTypeParser(oid, format),
};
