import { AdvisoryLockLeases, Database, leasedAmong } from '@app/read-models';

/** The advisory lock an owner holds while it lives (in the projector leases' namespace). */
const lockName = (owner: string) => `idempotency-owner:${owner}`;

/**
 * Proof that the owner of a key in progress lives, on PostgreSQL: each process holds a
 * session-level advisory lock named after it, on a connection of its own; the server drops it the
 * moment that process dies (or its connection ends), so its keys are free at once instead of after
 * their lease. On PGlite one process owns the database, and this is moot (see IdempotencyStore).
 */
export class OwnerSessions {
  private readonly leases?: AdvisoryLockLeases;
  private holding = false;

  /** `onLost` hears when the lock is lost other than by release() (its connection ended). */
  constructor(
    private readonly database: Pick<Database, 'kind' | 'url' | 'db'>,
    private readonly owner: string,
    onLost: () => void = () => undefined,
  ) {
    if (database.kind === 'postgres' && database.url) {
      this.leases = new AdvisoryLockLeases(database.url);
      this.leases.onLost(() => {
        this.holding = false;
        onLost();
      });
    }
  }

  /** Whether this process holds its lock now: its new claims can then be settled by it. */
  get locked(): boolean {
    return this.holding;
  }

  /** Takes the lock, if not held (at start, and on each heartbeat after a lost connection). */
  async hold(): Promise<void> {
    if (!this.leases || this.holding) return;
    this.holding = (await this.leases.acquire([lockName(this.owner)])).length === 1;
  }

  /** Whether the owner's session has ended: its lock is held by no session of this database. */
  async ended(owner: string): Promise<boolean> {
    if (!this.leases) return false;
    return !(await leasedAmong(this.database.db, [lockName(owner)])).has(lockName(owner));
  }

  async release(): Promise<void> {
    this.holding = false;
    await this.leases?.releaseAll();
  }
}
