import { isIntegerId, isRecordId, MAX_INTEGER } from './record-id';

describe('record ids', () => {
  it('are UUIDs in either case', () => {
    expect(isRecordId('0f8fad5b-d9cb-469f-a165-70867728950e')).toBe(true);
    expect(isRecordId('0F8FAD5B-D9CB-469F-A165-70867728950E')).toBe(true);
    for (const id of ['abc', '', 42, null, '0f8fad5b-d9cb-469f-a165-70867728950e '])
      expect(isRecordId(id)).toBe(false);
  });

  it('are integers from 1 to 2^31 - 1 when integer: what a PostgreSQL integer column holds', () => {
    expect(isIntegerId(1)).toBe(true);
    expect(isIntegerId(MAX_INTEGER)).toBe(true);
    for (const id of [0, -1, 1.5, MAX_INTEGER + 1, 2 ** 53 + 1, 1e308, Infinity, NaN, '1', null])
      expect(isIntegerId(id)).toBe(false);
  });
});
