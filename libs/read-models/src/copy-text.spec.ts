import { copyText } from './copy-text';

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
