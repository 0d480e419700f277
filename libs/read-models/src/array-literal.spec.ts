import { sql } from 'kysely';
import { fastParameter } from './array-literal';
import { openDatabase } from './database';

// node-postgres's own conversion of a parameter (untyped: pg/lib/utils has no declarations).
// eslint-disable-next-line @typescript-eslint/no-require-imports
const { prepareValue } = require('pg/lib/utils') as { prepareValue(value: unknown): unknown };

describe("a projector batch's array parameter", () => {
  it.each([
    ['plain strings', ['a', 'b c', '']],
    ['strings with quotes and backslashes', ['say "hi"', 'C:\\path', '\\"', '{,}']],
    ['numbers', [1, -2.5, 0, 1e21, Number.MAX_SAFE_INTEGER]],
    ['nulls among values', ['x', null, undefined, 3]],
    ['an empty array', []],
    ['unicode', ['näive', '日本', '🙂']],
  ])('is the literal node-postgres makes, for %s', (_, values) => {
    expect(fastParameter(values)).toBe(prepareValue(values));
  });

  it('leaves what it does not cover to node-postgres', () => {
    const nested = [['a'], ['b']];
    const dates = [new Date(0)];
    const objects = [{ a: 1 }];
    expect(fastParameter(nested)).toBe(nested);
    expect(fastParameter(dates)).toBe(dates);
    expect(fastParameter(objects)).toBe(objects);
    expect(fastParameter('text')).toBe('text');
    expect(fastParameter(7)).toBe(7);
  });
});

describe('array parameters through kysely on PGlite (made literals by fastParameter)', () => {
  it('arrive as the values given: quotes, backslashes, braces, nulls, "NULL", empty strings, numbers', async () => {
    const database = await openDatabase({});
    try {
      const texts = ['say "hi"', 'C:\\path', '\\"', '{,}', 'NULL', '', null, 'näive 🙂'];
      const numbers = [1, -2.5, 0, null, Number.MAX_SAFE_INTEGER];
      const { rows } = await sql<{ texts: (string | null)[]; numbers: (string | null)[] }>`
        select ${texts}::text[] as texts, ${numbers}::numeric[] as numbers`.execute(database.db);
      expect(rows[0].texts).toEqual(texts);
      expect(rows[0].numbers).toEqual(['1', '-2.5', '0', null, '9007199254740991']);
    } finally {
      await database.close();
    }
  });
});
