import { Injectable } from '@nestjs/common';

/** The record whose references are counted. */
export interface PartyReference {
  noun: 'customer' | 'supplier';
  accountId: string;
  id: string;
}

/** How many documents of one type reference the record (from that type's read model). */
export type PartyReferenceCounter = (reference: PartyReference) => Promise<number>;

/**
 * The documents referencing a customer or supplier, for the delete rule (EXTENSIONS.md §6: 409
 * while documents reference the record). Document modules register a counter each as they arrive
 * (estimates, invoices and sales orders for customers; purchase orders for suppliers). None is
 * registered yet: the count is 0 and every delete is allowed.
 */
@Injectable()
export class PartyReferences {
  private readonly counters: PartyReferenceCounter[] = [];

  register(counter: PartyReferenceCounter): void {
    this.counters.push(counter);
  }

  async count(reference: PartyReference): Promise<number> {
    let total = 0;
    for (const counter of this.counters) total += await counter(reference);
    return total;
  }
}
