import { randomUUID } from 'node:crypto';
import { EventData } from '@app/event-store';

/** A realistic small event: a few fields of data and the metadata the API records. */
export function sampleEvent(i: number): EventData {
  return {
    id: randomUUID(),
    type: i % 3 === 0 ? 'LineAdded' : 'QuantityAdjusted',
    data: { amount: `${(i % 997) + 0.5}`, sku: `SKU-${i % 5000}`, note: 'bench' },
    metadata: { account_id: 'acct-1', user_id: 'user-1', request_id: randomUUID() },
  };
}

export function sampleBatch(size: number, offset = 0): EventData[] {
  return Array.from({ length: size }, (_, i) => sampleEvent(offset + i));
}
