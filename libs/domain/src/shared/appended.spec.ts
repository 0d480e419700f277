import { appended } from './appended';

describe('appended', () => {
  it('gives a new list with the item last, the given list as it was', () => {
    const list = Object.freeze([{ id: 'a' }]);
    expect(appended(list, { id: 'b' })).toEqual([{ id: 'a' }, { id: 'b' }]);
    expect(list).toEqual([{ id: 'a' }]);
  });

  it('appends an array item as one element', () => {
    expect(appended<string[]>([['a']], ['b', 'c'])).toEqual([['a'], ['b', 'c']]);
  });
});
