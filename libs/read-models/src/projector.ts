import { RecordedEvent } from '@app/event-store';
import { Kysely, Transaction } from 'kysely';

/* eslint-disable @typescript-eslint/no-explicit-any */

/**
 * A read model: plain data and two functions. Every write goes through `withSchema(schema)`,
 * so the same projector fills the live tables or a fresh schema during a rebuild.
 */
export interface Projector {
  /** Stable and unique; a lower-case SQL identifier. Names the checkpoint and `rebuild_<name>`. */
  readonly name: string;
  /** Bump when setup or apply changes meaning: a runner that finds another version stored rebuilds. */
  readonly version: number;
  /** Every table setup creates, unqualified: a rebuild moves exactly these into the live schema. */
  readonly tables: readonly string[];
  /** Event types apply wants; the others are skipped but still move the checkpoint. Absent: all. */
  readonly handles?: readonly string[];
  /**
   * Of the events of those types, the ones apply wants (absent: all). The others are skipped as
   * unhandled types are: a batch with none costs no transaction, only a checkpoint move now and then.
   */
  accepts?(event: RecordedEvent): boolean;
  /**
   * apply only writes, never reading a result (not even a row count): on a server its statements
   * then go with the batch's BEGIN, checkpoint move and COMMIT in one round trip (pipeline.ts).
   */
  readonly writesOnly?: boolean;
  /**
   * Writes do not wait for it (read-your-writes): a read model few read and slower to keep, whose
   * readers wait for it to reach the log's head instead (the stock ledger), so that every other
   * write does not pay for it.
   */
  readonly awaitedOnRead?: boolean;
  /** Creates the tables in `schema`, which holds none of them yet, with the keys and indexes apply relies on. */
  setup(db: Kysely<any>, schema: string): Promise<void>;
  /**
   * Indexes and keys of those tables that apply never relies on (no ON CONFLICT or lookup uses
   * them): made right after setup, but in a rebuild only once its tables are filled, so that its
   * batches write bare tables and each index is built once, sorted, instead of row by row.
   */
  indexes?(db: Kysely<any>, schema: string): Promise<void>;
  /**
   * Reads what apply needs, before the batch's transaction, from the committed tables (this loop is
   * their only writer, and the previous batch has committed): a projector that must read can then
   * still be `writesOnly`, its writes pipelined. Its result is apply's `prepared`. `memo` is the
   * loop's, kept from batch to batch for the projector to remember what it committed instead of
   * reading it again: the loop empties it whenever its tables may hold anything else (a start, a
   * reload, a failed commit), so that it only ever holds what the tables hold.
   */
  prepare?(
    db: Kysely<any>,
    events: RecordedEvent[],
    schema: string,
    memo?: Map<string, unknown>,
  ): Promise<unknown>;
  /** Writes the effect of `events` (handled ones, in global order) through `trx` into `schema`. */
  apply(trx: Transaction<any>, events: RecordedEvent[], schema: string, prepared?: unknown): Promise<void>;
  /**
   * Work outside the read-model database (a reactor's appends to the event store), done before the
   * batch's transaction, never inside it: on PGlite's single connection it would wait behind that
   * transaction forever. The checkpoint moves only once it has succeeded, so a crash in between
   * repeats it: it must be harmless to repeat. Such a projector is never rebuilt.
   */
  effects?(events: RecordedEvent[]): Promise<void>;
  /**
   * Called when the loop stops: cuts short effects that are waiting (a reactor's step not yet due;
   * not a step a request of this process is running, which the loop waits for, and the request ends).
   */
  interrupt?(): void;
}

const IDENTIFIER = /^[a-z_][a-z0-9_]{0,50}$/;

/** A projector's tables in `schema` with their indexes (setup, then indexes): ready to apply to. */
export async function createTables(db: Kysely<any>, projector: Projector, schema: string): Promise<void> {
  await projector.setup(db, schema);
  await projector.indexes?.(db, schema);
}

export function assertValidProjectors(projectors: readonly Projector[]): void {
  const seen = new Set<string>();
  for (const p of projectors) {
    if (!IDENTIFIER.test(p.name))
      throw new Error(`Projector name ${JSON.stringify(p.name)} is not a lower-case SQL identifier`);
    if (seen.has(p.name)) throw new Error(`Two projectors are named ${p.name}`);
    seen.add(p.name);
  }
}
