/**
 * Rows read from a read model, kept for one version of its tables (ProjectionRunner.tablesVersion):
 * a lookup under another version, or with none, misses, and a row is kept only when the version
 * did not move while it was being read. So a change the projector applies in this process (a key
 * revoked, a user deactivated) empties the cache before the write that made it answers.
 */
export class VersionedRowCache<T, V = number> {
  private version: V | undefined;
  private readonly rows = new Map<string, T>();

  constructor(private readonly maxRows = 10_000) {}

  get(key: string, version: V | undefined): T | undefined {
    return version !== undefined && version === this.version ? this.rows.get(key) : undefined;
  }

  /** `readAt`: the version when the read began; `now`: the version after it. */
  set(key: string, row: T, readAt: V | undefined, now: V | undefined): void {
    if (readAt === undefined || readAt !== now) return;
    if (readAt !== this.version || this.rows.size >= this.maxRows) {
      this.rows.clear();
      this.version = readAt;
    }
    this.rows.set(key, row);
  }
}
