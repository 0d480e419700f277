import { isNewerSnapshot, Snapshot, SnapshotStore } from './snapshot-store';

/** Snapshots in memory, kept as JSON text so that state which would not survive the database fails here too. */
export class MemorySnapshotStore implements SnapshotStore {
  private readonly snapshots = new Map<string, string>();

  async read(streamId: string): Promise<Snapshot | undefined> {
    const text = this.snapshots.get(streamId);
    return text === undefined ? undefined : (JSON.parse(text) as Snapshot);
  }

  async save(snapshot: Snapshot): Promise<void> {
    if (isNewerSnapshot(snapshot, await this.read(snapshot.streamId))) {
      this.snapshots.set(snapshot.streamId, JSON.stringify(snapshot));
    }
  }
}
