import { recordOfStream } from '@app/runtime';
import { FEED_RECORDS } from '../changes/feed-records';

describe('the record an event names', () => {
  it('is the same object name in the CLI export as in the API for every kind of the feed', () => {
    for (const kind of FEED_RECORDS)
      expect(recordOfStream(`${kind.streamPrefix}-0b6d2c1e-6a2f-4e6b-9c1d-1f2e3d4c5b6a`)).toEqual({
        object: kind.object,
        id: '0b6d2c1e-6a2f-4e6b-9c1d-1f2e3d4c5b6a',
      });
  });

  it('names the operator’s streams too: users, keys, counters', () => {
    expect(recordOfStream('apiKey-k1')).toEqual({ object: 'api_key', id: 'k1' });
    expect(recordOfStream('counter-acc-invoice')).toEqual({ object: 'counter', id: 'acc-invoice' });
  });
});
