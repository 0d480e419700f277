import { formatETag, parseIfMatch } from './etag';

describe('ETag and If-Match', () => {
  it('formats a revision as a strong entity tag, with an optional prefix', () => {
    expect(formatETag(7)).toBe('"7"');
    expect(formatETag(7, 'so_')).toBe('"so_7"');
  });

  it.each(['"7"', '7', ' "7" '])('reads If-Match %j as revision 7', (header) => {
    expect(parseIfMatch(header)).toBe(7);
  });

  it.each(['"so_7"', 'so_7', '"7"', '7'])('reads a sales order If-Match %j as revision 7', (header) => {
    expect(parseIfMatch(header, 'so_')).toBe(7);
  });

  it('has no expectation without the header or with *', () => {
    expect(parseIfMatch(undefined)).toBeUndefined();
    expect(parseIfMatch('*')).toBeUndefined();
  });

  it.each(['"so_7"', 'W/"7"', '"-1"', '"7", "8"', 'abc', '""', '1.5'])(
    'rejects If-Match %j with 400 invalid_if_match',
    (header) => {
      expect(() => parseIfMatch(header)).toThrow(
        expect.objectContaining({ status: 400, code: 'invalid_if_match' }),
      );
    },
  );
});
