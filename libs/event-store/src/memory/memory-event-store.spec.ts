import { MemoryEventStore } from './memory-event-store';
import { WrongExpectedVersionError } from '../errors';

describe('MemoryEventStore', () => {
  it('given an empty stream, when appending with no_stream, then revision 0', async () => {
    const store = new MemoryEventStore();
    const result = await store.appendToStream('s-1', [{ id: 'e1', type: 'A', data: {} }], {
      expectedRevision: 'no_stream',
    });
    expect(result.nextExpectedRevision).toBe(0);
    await expect(
      store.appendToStream('s-1', [{ id: 'e2', type: 'A', data: {} }], { expectedRevision: 'no_stream' }),
    ).rejects.toBeInstanceOf(WrongExpectedVersionError);
  });
});
