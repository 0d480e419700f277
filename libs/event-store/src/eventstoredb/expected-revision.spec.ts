import { ANY, NO_STREAM, STREAM_EXISTS } from '@kurrent/kurrentdb-client';
import { ExpectedRevision } from '../event-store';
import { fromClientCurrentRevision, toClientExpectedRevision } from './expected-revision';

describe('EventStoreDB expected revisions', () => {
  it.each<[ExpectedRevision, unknown]>([
    ['no_stream', NO_STREAM],
    ['any', ANY],
    ['stream_exists', STREAM_EXISTS],
    [0, 0n],
    [41, 41n],
  ])('given %p, when mapped, then the client receives %p', (ours, theirs) => {
    expect(toClientExpectedRevision(ours)).toBe(theirs);
  });

  it.each([-1, 1.5, Number.MAX_SAFE_INTEGER + 1])(
    'given the non-revision %p, when mapped, then RangeError',
    (bad) => {
      expect(() => toClientExpectedRevision(bad)).toThrow(RangeError);
    },
  );

  it.each<[Parameters<typeof fromClientCurrentRevision>[0], number | 'no_stream']>([
    [NO_STREAM, 'no_stream'],
    [-1n, 'no_stream'],
    [0n, 0],
    [7n, 7],
  ])('given the current revision %p from the client, when mapped, then %p', (theirs, ours) => {
    expect(fromClientCurrentRevision(theirs)).toBe(ours);
  });
});
