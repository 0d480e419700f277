import { sql } from 'kysely';
import { EventStoreDb } from './rows';

/**
 * Tells other processes that events were committed, with pg_notify sent AFTER the append's
 * commit (a NOTIFY inside the append would take a cluster-wide lock at commit and serialise
 * every writer). Coalesced: at most one NOTIFY in flight; appends committed meanwhile are
 * covered by one more NOTIFY sent when it returns.
 */
export class CommitNotifier {
  private inFlight: Promise<void> | undefined;
  private pending = false;
  private closed = false;

  constructor(
    private readonly db: EventStoreDb,
    private readonly channel: string,
    private readonly payload: string,
  ) {}

  /** Call once an append has committed. */
  committed(): void {
    if (this.closed) return;
    if (this.inFlight) {
      this.pending = true;
      return;
    }
    this.inFlight = this.send();
  }

  async close(): Promise<void> {
    this.closed = true;
    while (this.inFlight) await this.inFlight;
  }

  private async send(): Promise<void> {
    do {
      this.pending = false;
      // A lost NOTIFY only delays listeners until their idle poll; it must not fail an append.
      await sql`SELECT pg_notify(${this.channel}, ${this.payload})`.execute(this.db).catch(() => undefined);
    } while (this.pending && !this.closed);
    this.inFlight = undefined;
  }
}
