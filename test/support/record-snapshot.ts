import { isDeepStrictEqual } from 'node:util';
import { NestFastifyApplication } from '@nestjs/platform-fastify';
import { World, worldId } from './fuzz-world';
import { Operation, urlOf } from './openapi-operations';

/*
 * What a caller can read of a world: every GET operation of the document whose path the world can
 * fill (lists and records), read before and after requests to tell which records changed.
 */

type Json = Record<string, any>; // eslint-disable-line @typescript-eslint/no-explicit-any

/** URL → answer body. */
export type Snapshot = Map<string, Json>;

export async function snapshotOf(
  app: NestFastifyApplication,
  world: World,
  operations: Operation[],
): Promise<Snapshot> {
  const snapshot: Snapshot = new Map();
  for (const operation of operations) {
    // Histories are left out (events, and the field history folded from them): a refused
    // request's events are looked for by request id instead.
    if (operation.method !== 'GET' || !operation.path.startsWith('/api/v3/')) continue;
    if (operation.path.endsWith('/events') || operation.path.endsWith('/history')) continue;
    const params: Record<string, string> = {};
    for (const param of operation.pathParams) {
      const id = worldId(world, operation.path, param);
      if (id === undefined) break;
      params[param] = id;
    }
    if (Object.keys(params).length < operation.pathParams.length) continue;
    const paged = operation.query.some((q) => q.name === 'limit');
    const url = urlOf(operation, params, paged ? 'limit=100' : '');
    const res = await app.inject({ method: 'GET', url, headers: world.owner.headers });
    if (res.statusCode === 200) snapshot.set(url, res.json());
  }
  return snapshot;
}

/**
 * The records that differ between two snapshots, except those `exempt` says may change (a record
 * named by a request that succeeded, or one referring to such a record). A list entry is a record
 * by its `id`; any other answer is the record its URL names.
 */
export function changedRecords(
  before: Snapshot,
  after: Snapshot,
  exempt: (record: unknown, url: string) => boolean = () => false,
): string[] {
  const changes: string[] = [];
  for (const [url, was] of before) {
    const now = after.get(url);
    if (Array.isArray(was.data) && was.object === 'list') {
      const entries = new Map<unknown, unknown>((now?.data ?? []).map((entry: Json) => [entry.id, entry]));
      for (const entry of was.data as Json[]) {
        const current = entries.get(entry.id);
        if (isDeepStrictEqual(entry, current) || exempt(entry, url) || exempt(current, url)) continue;
        changes.push(`${url}: ${entry.id} was ${brief(entry)}, is ${brief(current)}`);
      }
    } else if (!isDeepStrictEqual(was, now) && !exempt(was, url) && !exempt(now, url)) {
      changes.push(`${url}: was ${brief(was)}, is ${brief(now)}`);
    }
  }
  return changes;
}

function brief(value: unknown): string {
  return value === undefined ? 'gone' : JSON.stringify(value).slice(0, 400);
}
