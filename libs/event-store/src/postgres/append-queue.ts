import { GroupedAppend, InsertOutcome, insertBatch, insertGroup } from './append';
import { EventStoreDb } from './rows';

interface Queued {
  append: GroupedAppend;
  resolve(outcome: InsertOutcome): void;
  reject(error: unknown): void;
}

/** Most appends in one statement; the rest wait for the next. */
const MAX_GROUP = 64;

/**
 * Group commit: an append that arrives while a statement is in flight waits, and the appends
 * waiting then go together in the next statement, sharing its round trip and its WAL flush instead
 * of paying one each (with concurrent writers most of an append's time is that flush). A statement
 * is sent at the end of the event loop's current turn (setImmediate), not in the middle of it: the
 * appends made in the same turn go together, among them those that callers make again as soon as
 * the previous statement's appends resolve. (Sent in the middle, the first of them went alone and
 * the rest waited for it: half the statements were of one append, measured with 16 writers.)
 * Each keeps its own expected-revision check and gets its own outcome: an append whose stream is
 * not as expected writes nothing and the others are written; a statement that fails (a revision
 * taken by a writer elsewhere, an event id already stored) writes nothing, and each of its appends
 * is then made on its own, so one cannot fail another. Two appends to one stream never share a
 * statement, nor is one sent while the other is in flight: the later one waits, in order.
 */
export class AppendQueue {
  private readonly waiting: Queued[] = [];
  private readonly streamsInFlight = new Set<string>();
  private inFlight = 0;
  /** A statement is due at the end of this turn of the event loop. */
  private due = false;

  constructor(
    private readonly db: EventStoreDb,
    /** Statements in flight at once. */
    private readonly maxInFlight = 1,
  ) {}

  append(append: GroupedAppend): Promise<InsertOutcome> {
    return new Promise((resolve, reject) => {
      this.waiting.push({ append, resolve, reject });
      this.sendSoon();
    });
  }

  /** Appends made in the rest of this turn (microtasks included) join the waiting ones. */
  private sendSoon(): void {
    if (this.due) return;
    this.due = true;
    setImmediate(() => {
      this.due = false;
      this.next();
    });
  }

  private next(): void {
    while (this.inFlight < this.maxInFlight) {
      const group = this.takeGroup();
      if (group.length === 0) return;
      this.inFlight++;
      void this.send(group).finally(() => {
        this.inFlight--;
        for (const { append } of group) this.streamsInFlight.delete(append.streamId);
        this.sendSoon();
      });
    }
  }

  /** The oldest waiting appends, one per stream, none to a stream in flight. */
  private takeGroup(): Queued[] {
    const group: Queued[] = [];
    for (let i = 0; i < this.waiting.length && group.length < MAX_GROUP;) {
      const queued = this.waiting[i];
      if (this.streamsInFlight.has(queued.append.streamId)) {
        i++;
        continue;
      }
      this.streamsInFlight.add(queued.append.streamId);
      group.push(queued);
      this.waiting.splice(i, 1);
    }
    return group;
  }

  private async send(group: Queued[]): Promise<void> {
    if (group.length > 1) {
      try {
        const outcomes = await insertGroup(
          this.db,
          group.map((q) => q.append),
        );
        group.forEach((q, i) => q.resolve(outcomes[i]));
        return;
      } catch {
        // Nothing was written: each append on its own below, with its own outcome or error.
      }
    }
    await Promise.all(
      group.map(({ append, resolve, reject }) =>
        insertBatch(this.db, append.streamId, append.events, append.expected).then(resolve, reject),
      ),
    );
  }
}
