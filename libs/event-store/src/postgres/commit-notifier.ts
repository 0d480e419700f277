import { sql } from 'kysely';
import { EventStoreDb } from './rows';

/**
 * Tells other processes that events were committed, with pg_notify sent AFTER the append's
 * commit (a NOTIFY inside the append would take a cluster-wide lock at commit and serialise
 * every writer). Coalesced: at most one NOTIFY in flight, and at most one per `minIntervalMs`;
 * appends committed meanwhile are covered by the next one. Under load this turns one NOTIFY
 * transaction per append into a few hundred a second at most, for a wake-up in other processes
 * delayed by at most that interval (this process's own subscribers are signalled at once).
 */
export class CommitNotifier {
  private inFlight: Promise<void> | undefined;
  private pending = false;
  private closed = false;

  constructor(
    private readonly db: EventStoreDb,
    private readonly channel: string,
    private readonly payload: string,
    private readonly minIntervalMs = 5,
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
      if (this.pending && this.minIntervalMs > 0) await sleep(this.minIntervalMs);
    } while (this.pending && !this.closed);
    this.inFlight = undefined;
  }
}

function sleep(ms: number): Promise<void> {
  return new Promise((resolve) => setTimeout(resolve, ms));
}
