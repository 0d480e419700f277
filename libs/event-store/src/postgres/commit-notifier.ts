import { sql } from 'kysely';
import { EventStoreDb } from './rows';

/** How long a finding that no other session listens is trusted before it is checked again. */
const LISTENERS_RECHECK_MS = 1000;

/**
 * Tells other processes that events were committed, with pg_notify sent AFTER the append's
 * commit (a NOTIFY inside the append would take a cluster-wide lock at commit and serialise
 * every writer). Coalesced: at most one NOTIFY in flight, and at most one per `minIntervalMs`;
 * appends committed meanwhile are covered by the next one. Under load this turns one NOTIFY
 * transaction per append into a few hundred a second at most, for a wake-up in other processes
 * delayed by at most that interval (this process's own subscribers are signalled at once).
 *
 * Sent only while another session listens on the channel (checked at most once a second, and at
 * once when another store announces itself): a single process, the default deployment, sends none.
 */
export class CommitNotifier {
  private inFlight: Promise<void> | undefined;
  private pending = false;
  private closed = false;
  /** Until the first check answers, assume someone listens. */
  private othersListen = true;
  private checkedAt = -Infinity;
  private heardAt = -Infinity;
  private checking = false;

  constructor(
    private readonly db: EventStoreDb,
    private readonly channel: string,
    private readonly payload: string,
    private readonly othersListening: () => Promise<boolean>,
    private readonly minIntervalMs = 5,
  ) {}

  /** Call once an append has committed. */
  committed(): void {
    if (this.closed) return;
    this.recheckListeners();
    if (!this.othersListen) return;
    if (this.inFlight) {
      this.pending = true;
      return;
    }
    this.inFlight = this.send();
  }

  /** Another store on the channel announced itself or notified: it listens. */
  heardOther(): void {
    this.othersListen = true;
    this.heardAt = this.checkedAt = Date.now();
  }

  /** Tells the channel's other listeners that this store listens too (so that they notify it). */
  announce(): void {
    this.inFlight ??= this.send();
  }

  async close(): Promise<void> {
    this.closed = true;
    while (this.inFlight) await this.inFlight;
  }

  private recheckListeners(): void {
    if (this.checking || Date.now() - this.checkedAt < LISTENERS_RECHECK_MS) return;
    this.checking = true;
    const startedAt = Date.now();
    this.othersListening()
      .then(
        // A store heard from after the check began counts, whatever the check saw.
        (others) => (this.othersListen = others || this.heardAt >= startedAt),
        () => (this.othersListen = true), // cannot tell: notify, as before
      )
      .finally(() => {
        this.checking = false;
        this.checkedAt = Date.now();
      });
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
