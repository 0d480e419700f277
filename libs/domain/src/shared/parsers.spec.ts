import {
  email,
  optionalEmail,
  optionalEmailList,
  optionalText,
  requiredText,
  stringList,
  timestamp,
} from './parsers';
import { canonicalTimezone } from './timezone';

describe('timestamp input', () => {
  const parse = timestamp();

  it.each([
    ['2030-01-31T12:00:00Z', '2030-01-31T12:00:00.000Z'],
    ['2030-01-31T12:00Z', '2030-01-31T12:00:00.000Z'],
    ['2030-01-31T12:00:00.5+01:00', '2030-01-31T11:00:00.500Z'],
    ['2028-02-29T00:00:00-05:00', '2028-02-29T05:00:00.000Z'],
  ])('normalises %s to UTC', (value, expected) => {
    expect(parse(value, 'at')).toBe(expected);
  });

  it.each([
    ['2030-02-30T00:00:00Z'],
    ['2029-02-29T00:00:00Z'],
    ['2030-01-01T24:00:00Z'],
    ['2030-01-01T10:60:00Z'],
    ['2030-01-01T10:00:00'],
    ['2030-01-01'],
    ['2030-01-01 10:00:00Z'],
    [''],
    [0],
  ])('refuses %p', (value) => {
    expect(parse(value, 'at')).toMatchObject({ status: 422, param: 'at' });
  });
});

describe('time zones', () => {
  it('are canonicalised by Intl and refused when unknown', () => {
    expect(canonicalTimezone('asia/tokyo')).toBe('Asia/Tokyo');
    expect(canonicalTimezone('Atlantis/Capital')).toBeUndefined();
  });
});

describe('text input', () => {
  it.each([
    [requiredText(), 'a\u0000b'],
    [requiredText(), '\ud800'],
    [requiredText(), 'x\udc00'],
    [optionalText(), '\u0000'],
    [email(), 'a\u0000@b.test'],
    [stringList(3), ['ok', '\ud83d']],
  ])('refuses what PostgreSQL cannot store (NUL, unpaired surrogates): %#', (parse, value) => {
    expect(parse(value, 'name')).toMatchObject({ status: 422, code: 'validation_failed' });
  });

  it('reads null and "" as no email, and refuses one of only whitespace', () => {
    expect(optionalEmail()(null, 'email')).toBeNull();
    expect(optionalEmail()('', 'email')).toBeNull();
    for (const blank of [' ', '\t', ' \n '])
      expect(optionalEmail()(blank, 'email')).toMatchObject({ status: 422, param: 'email' });
    expect(email()('   ', 'email')).toMatchObject({ status: 422, param: 'email' });
  });

  it('takes an office address list separated by commas or semicolons, each one valid', () => {
    const list = optionalEmailList();
    expect(list('a@example.com; b@example.com', 'email')).toBe('a@example.com; b@example.com');
    expect(list('a@example.com,b@example.com;', 'email')).toBe('a@example.com,b@example.com;');
    expect(list('', 'email')).toBeNull();
    for (const wrong of ['a@example.com; nobody', ' ; ', 'a@example.com b@example.com', 7])
      expect(list(wrong, 'email')).toMatchObject({ status: 422, param: 'email' });
  });

  it('keeps paired surrogates and combining marks', () => {
    expect(requiredText()('😀 e\u0301', 'name')).toBe('😀 e\u0301');
  });
});
