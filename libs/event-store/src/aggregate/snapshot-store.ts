/** An aggregate's state as of a stream revision, stored so that a load replays only later events. */
export interface Snapshot {
  streamId: string;
  /** Revision of the last event folded into `state`. */
  revision: number;
  /** The definition's snapshotVersion when it was taken. */
  version: number;
  /** JSON-serialisable state. */
  state: unknown;
}

/**
 * One snapshot per stream. A save replaces the stored one only when it is newer: a higher version,
 * or the same version at a higher revision; so concurrent or stale writers never move it backwards.
 */
export interface SnapshotStore {
  read(streamId: string): Promise<Snapshot | undefined>;
  save(snapshot: Snapshot): Promise<void>;
}

export function isNewerSnapshot(candidate: Snapshot, stored: Snapshot | undefined): boolean {
  if (!stored) return true;
  if (candidate.version !== stored.version) return candidate.version > stored.version;
  return candidate.revision > stored.revision;
}
