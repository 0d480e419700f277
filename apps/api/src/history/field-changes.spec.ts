import { fieldChanges } from './field-changes';

describe('fieldChanges', () => {
  it('names nothing when the views are equal', () => {
    expect(fieldChanges({ a: 1, lines: [{ id: 'x', q: 1 }] }, { a: 1, lines: [{ id: 'x', q: 1 }] })).toEqual(
      [],
    );
  });

  it('compares lines by id, not by position', () => {
    const before = {
      lines: [
        { id: 'x', q: 1 },
        { id: 'y', q: 2 },
      ],
    };
    const after = {
      lines: [
        { id: 'y', q: 5 },
        { id: 'z', q: 1 },
      ],
    };
    expect(fieldChanges(before, after)).toEqual([
      { field: 'lines.y.q', from: 2, to: 5 },
      { field: 'lines.z.id', from: null, to: 'z' },
      { field: 'lines.z.q', from: null, to: 1 },
      { field: 'lines.x.id', from: 'x', to: null },
      { field: 'lines.x.q', from: 1, to: null },
    ]);
  });

  it('compares arrays without ids, and an object replacing a null, whole', () => {
    expect(
      fieldChanges({ tags: ['a'], address: null }, { tags: ['a', 'b'], address: { city: 'Oslo' } }),
    ).toEqual([
      { field: 'tags', from: ['a'], to: ['a', 'b'] },
      { field: 'address', from: null, to: { city: 'Oslo' } },
    ]);
  });

  it('shows each field of a new record set, nested objects field by field', () => {
    expect(fieldChanges({}, { name: 'A', party: { name: 'P' }, empty: [], note: null })).toEqual([
      { field: 'name', from: null, to: 'A' },
      { field: 'party.name', from: null, to: 'P' },
    ]);
  });
});
