/**
 * A place in the global log. Two numbers, as in EventStoreDB ($all commit/prepare positions):
 * the PostgreSQL adapter uses (transaction id, sequence) so that order follows commit visibility.
 * Order is lexicographic: commit first, then prepare.
 */
export interface Position {
  commit: bigint;
  prepare: bigint;
}

export function comparePositions(a: Position, b: Position): number {
  if (a.commit !== b.commit) return a.commit < b.commit ? -1 : 1;
  if (a.prepare !== b.prepare) return a.prepare < b.prepare ? -1 : 1;
  return 0;
}

export function isAfter(a: Position, b: Position | 'start'): boolean {
  return b === 'start' || comparePositions(a, b) > 0;
}

/** Text form for storage and logs: "commit/prepare". */
export function formatPosition(p: Position): string {
  return `${p.commit}/${p.prepare}`;
}

export function parsePosition(text: string): Position {
  const match = /^(\d+)\/(\d+)$/.exec(text);
  if (!match) throw new Error(`Not a position: ${text}`);
  return { commit: BigInt(match[1]), prepare: BigInt(match[2]) };
}
