import { types } from 'pg';
import { parseTimestamptz } from './utc-timestamps';

const pgParse = types.getTypeParser(types.builtins.TIMESTAMPTZ, 'text') as (text: string) => unknown;

/** A seeded generator, so a failure names a text that fails again. */
function generator(seed: number) {
  return (below: number) => {
    seed = (seed * 1_103_515_245 + 12_345) % 2 ** 31;
    return seed % below;
  };
}

const pad = (n: number, width: number) => String(n).padStart(width, '0');

function sameAsPg(text: string): void {
  const ours = parseTimestamptz(text);
  const theirs = pgParse(text);
  if (theirs instanceof Date) {
    expect(ours).toBeInstanceOf(Date);
    expect([text, (ours as Date).getTime()]).toEqual([text, theirs.getTime()]);
  } else expect([text, ours]).toEqual([text, theirs]);
}

describe('timestamptz text parsed as pg parses it', () => {
  it('given 20,000 UTC texts with 0 to 6 fraction digits, then each is the Date pg makes', () => {
    const next = generator(7);
    for (let i = 0; i < 20_000; i++) {
      const places = next(7);
      const fraction = places === 0 ? '' : `.${pad(next(10 ** places), places)}`;
      const text =
        `${pad(1000 + next(9000), 4)}-${pad(1 + next(12), 2)}-${pad(1 + next(28), 2)} ` +
        `${pad(next(24), 2)}:${pad(next(60), 2)}:${pad(next(60), 2)}${fraction}+00`;
      sameAsPg(text);
    }
  });

  it.each([
    '2026-12-07 09:21:39.922+00',
    '2026-12-07 09:21:39.291+00',
    '2026-12-07 09:21:39.999999+00',
    '2026-12-07 09:21:39.000001+00',
    '2026-12-07 09:21:39+00',
    '1970-01-01 00:00:00+00',
    '9999-12-31 23:59:59.999+00',
    '0099-01-01 00:00:00+00',
    '0001-01-01 00:00:00+00 BC',
    '2026-12-07 09:21:39.922+01',
    '2026-12-07 09:21:39.922-05:30',
    '2026-12-07 09:21:39.922+00:00:10',
    'infinity',
    '-infinity',
    '12026-12-07 09:21:39+00',
  ])('given %s, then it is what pg makes of it', (text) => sameAsPg(text));
});
