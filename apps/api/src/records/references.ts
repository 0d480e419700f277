import { Inject, Injectable } from '@nestjs/common';
import { Database } from '@app/read-models';
import { RawBuilder } from 'kysely';
import { DATABASE } from '../store/tokens';

/** A record whose dependents are counted before it may be deleted. */
export interface RecordReference {
  /** What the record is: `customer`, `supplier`, `location`, `item_category`, … */
  kind: string;
  accountId: string;
  id: string;
}

/** How many records of one sort depend on the referenced record (from that sort's read model). */
export type ReferenceCounter = (reference: RecordReference) => Promise<number>;

/** Counters as SQL selecting the count as `n`, by the kind of record they count dependents of. */
export type ReferenceQueries = Record<
  string,
  (reference: RecordReference) => RawBuilder<{ n: number | string }>
>;

/**
 * The dependents of records, for their delete rules ("409 while documents reference it", "blocked
 * while inventory, zones, documents … depend on the location"). The module owning each sort of
 * dependent registers a counter for every kind it references, so the owner of the delete rule
 * need not know them all; a kind nobody has registered for has no dependents yet.
 */
@Injectable()
export class References {
  private readonly counters = new Map<string, { name: string; count: ReferenceCounter }[]>();

  constructor(@Inject(DATABASE) private readonly database: Database) {}

  /** `name` says what depends (`documents`, `zones`, `inventory`): it is named in refusals. */
  register(kind: string, name: string, count: ReferenceCounter): void {
    this.counters.set(kind, [...(this.counters.get(kind) ?? []), { name, count }]);
  }

  /** Registers under `name` a counter for each kind of `queries`, each one SQL query on the read models. */
  registerQueries(name: string, queries: ReferenceQueries): void {
    for (const [kind, query] of Object.entries(queries)) {
      this.register(kind, name, async (reference) => {
        const { rows } = await query(reference).execute(this.database.db);
        return Number(rows[0].n);
      });
    }
  }

  /** The sorts of dependents the record has, each with its count; empty when it has none. */
  async dependents(reference: RecordReference): Promise<{ name: string; count: number }[]> {
    const found: { name: string; count: number }[] = [];
    for (const { name, count } of this.counters.get(reference.kind) ?? []) {
      const n = await count(reference);
      if (n > 0) found.push({ name, count: n });
    }
    return found;
  }

  async count(reference: RecordReference): Promise<number> {
    return (await this.dependents(reference)).reduce((sum, d) => sum + d.count, 0);
  }
}
