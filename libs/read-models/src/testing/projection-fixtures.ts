import { randomUUID } from 'node:crypto';
import { EventStore, Position, RecordedEvent } from '@app/event-store';
import { Kysely, sql } from 'kysely';
import { RunnerLogger } from '../projector-loop';

/* eslint-disable @typescript-eslint/no-explicit-any */

export const SAMPLE_TYPES = ['Opened', 'Changed', 'Noted'] as const;

/**
 * Appends `count` events round-robin over `streams` streams (types cycling through SAMPLE_TYPES),
 * a few per append, and returns the position of the last one.
 */
export async function appendSampleEvents(
  store: EventStore,
  count: number,
  options: { streams?: number; prefix?: string; perAppend?: number } = {},
): Promise<Position> {
  const streams = options.streams ?? 7;
  const prefix = options.prefix ?? `sample-${randomUUID().slice(0, 8)}`;
  const perAppend = options.perAppend ?? 3;
  let last: Position | undefined;
  for (let n = 0; n < count;) {
    const stream = `${prefix}-${((n / perAppend) % streams) | 0}`;
    const size = Math.min(perAppend, count - n);
    const events = Array.from({ length: size }, (_, i) => ({
      id: randomUUID(),
      type: SAMPLE_TYPES[(n + i) % SAMPLE_TYPES.length],
      data: { n: n + i },
    }));
    last = (await store.appendToStream(stream, events, { expectedRevision: 'any' })).position;
    n += size;
  }
  if (!last) throw new Error('appendSampleEvents needs a count above zero');
  return last;
}

/** Every event in the store, in global order. */
export async function readWholeLog(store: EventStore): Promise<RecordedEvent[]> {
  const all: RecordedEvent[] = [];
  for (;;) {
    const page = await store.readAll({ after: all.at(-1)?.position ?? 'start', maxCount: 500 });
    if (page.length === 0) return all;
    all.push(...page);
  }
}

/** A table's rows in global order, as plain comparable objects. */
export async function rowsOf(
  db: Kysely<any>,
  table: string,
  schema = 'public',
): Promise<Record<string, unknown>[]> {
  const { rows } = await sql<Record<string, unknown>>`select * from ${sql.table(`${schema}.${table}`)}
      order by commit_position, prepare_position`.execute(db);
  return rows;
}

export async function countRows(db: Kysely<any>, table: string, schema = 'public'): Promise<number> {
  const { rows } = await sql<{
    n: number;
  }>`select count(*)::int as n from ${sql.table(`${schema}.${table}`)}`.execute(db);
  return rows[0].n;
}

/** Keeps the runner's log lines for assertions instead of printing them. */
export function recordingLogger(): RunnerLogger & { errors: string[]; infos: string[] } {
  const errors: string[] = [];
  const infos: string[] = [];
  return {
    errors,
    infos,
    info: (message) => infos.push(message),
    error: (message, error) =>
      errors.push(`${message}: ${error instanceof Error ? error.message : String(error)}`),
  };
}
