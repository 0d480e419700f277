/** True when a stream grown by `appended` events to `lastRevision` now holds a new multiple of `every` events. */
export function crossesSnapshotBoundary(appended: number, lastRevision: number, every: number): boolean {
  const after = lastRevision + 1;
  const before = after - appended;
  return Math.floor(after / every) > Math.floor(before / every);
}
