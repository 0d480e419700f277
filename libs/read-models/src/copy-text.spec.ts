import { copyText, withCopyText } from './copy-text';

describe('copyText', () => {
  it('writes each date as its ISO string, within a second, across seconds, before 1970 and beyond year 9999', () => {
    const times = [1765000000000, 1765000000007, 1765000000999, 1765000001000, 1765000000050, -1, -1001, 0];
    const dates = [...times.map((ms) => new Date(ms)), new Date(253402300800000), new Date(-62167219200001)];

    const lines = copyText({
      rowSet: true,
      schema: 's',
      table: 't',
      columns: { at: 'timestamptz' },
      rows: [...dates.map((at) => ({ at })), { at: new Date(NaN) }],
    }).split('\n');

    expect(lines).toEqual([...dates.map((d) => d.toISOString()), '\\N', '']);
  });
});

describe('copyText of dates recorded together', () => {
  it('writes each row its own instant when equal instants, the same second and other seconds alternate', () => {
    const times = [1765000000123, 1765000000123, 1765000000124, 1765000000123, 1765000001123, 1765000001123];
    const rows = times.map((ms) => ({ at: new Date(ms), n: ms % 7 }));

    const text = copyText({
      rowSet: true,
      schema: 's',
      table: 't',
      columns: { at: 'timestamptz', n: 'integer' },
      rows,
    });

    expect(text).toBe(rows.map(({ at, n }) => `${at.toISOString()}\t${n}\n`).join(''));
  });
});

describe('withCopyText', () => {
  it('keeps the rows as their COPY text alone, which copyText then gives back', () => {
    const set = {
      rowSet: true as const,
      schema: 's',
      table: 't',
      columns: { id: 'integer', name: 'text' },
      rows: [{ id: 1, name: 'a\tb' }, { id: 2 }],
    };

    const ready = withCopyText(set);

    expect(ready.rows).toEqual([]);
    expect(ready).toMatchObject({ schema: 's', table: 't', columns: set.columns });
    expect(copyText(ready)).toBe('1\ta\\tb\n2\t\\N\n');
  });
});
