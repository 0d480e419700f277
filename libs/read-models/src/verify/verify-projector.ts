import { comparePositions, EventStore, formatPosition, Position, RecordedEvent } from '@app/event-store';
import { Kysely, sql } from 'kysely';
import { Checkpoint, loadCheckpoint, StoredCheckpoint } from '../checkpoints';
import { Projector } from '../projector';
import {
  applyInto,
  createFreshSchema,
  dropSchema,
  replayInto,
  ReplayOptions,
  ReplayProgress,
  upTo,
  wantedBy,
} from '../replay';
import { tableDifferences } from './table-differences';
import { ProjectorReport, TableReport } from './verify-report';

/* eslint-disable @typescript-eslint/no-explicit-any */

export interface VerifyProjectorOptions {
  db: Kysely<any>;
  store: EventStore;
  projector: Projector;
  /** Schema of the live tables. */
  schema: string;
  batchSize: number;
  /** Most example rows per kind of difference and table. */
  examples: number;
  onProgress?: (progress: ReplayProgress) => void | Promise<void>;
  signal?: AbortSignal;
  /** The run's id: its schema is its own, so runs of other processes (an API, the CLI) never meet. */
  runId: string;
  /** See VerifyOptions.readsBeside. */
  readsBeside?: boolean;
}

/** `verify_<name>_<run>`, within PostgreSQL's 63 characters. */
const verifySchemaOf = (projector: Projector, runId: string) =>
  `verify_${projector.name.slice(0, 46)}_${runId.replace(/-/g, '').slice(0, 8)}`;

/** Tries to catch the live checkpoint within the events read ahead; each try costs a batch. */
const ATTEMPTS = 20;

type Outcome = { tables: TableReport[]; position: Checkpoint } | { refused: string } | 'moved_on';

/**
 * Replays the log into `verify_<name>_<run>` up to the position the live tables stand at, then compares
 * both row by row. The replay runs in batches beside the live loop, up to its checkpoint; the last
 * few events are applied, and both sides compared, inside one REPEATABLE READ transaction whose
 * first statement reads the live checkpoint, so that the live tables are seen exactly there.
 */
export async function verifyProjector(options: VerifyProjectorOptions): Promise<ProjectorReport> {
  const { db, projector } = options;
  const counter = { done: 0 };
  const report = (fields: Partial<ProjectorReport>): ProjectorReport => ({
    name: projector.name,
    version: projector.version,
    status: 'not_verified',
    position: null,
    events_replayed: counter.done,
    tables: [],
    ...fields,
  });
  const target = verifySchemaOf(projector, options.runId);
  const replay: ReplayOptions = { ...options, target, counter };
  await createFreshSchema(db, projector, target);
  try {
    let cursor: Checkpoint = 'start';
    for (let attempt = 0; attempt < ATTEMPTS; attempt++) {
      const live = await loadCheckpoint(db, projector.name);
      const refused = refusalOf(live, projector, cursor);
      if (refused) return report({ reason: refused });
      if (live!.position !== 'start') cursor = await replayInto(replay, cursor, live!.position);
      const outcome = await compareAtLiveCheckpoint(
        options,
        replay,
        cursor,
        await readAfter(options, cursor),
      );
      if (outcome === 'moved_on') continue;
      if ('refused' in outcome) return report({ reason: outcome.refused });
      const differs = outcome.tables.some((t) => t.only_live + t.only_replayed + t.different > 0);
      return report({
        status: differs ? 'different' : 'equal',
        position: outcome.position === 'start' ? null : formatPosition(outcome.position),
        tables: outcome.tables.filter((t) => t.only_live + t.only_replayed + t.different > 0),
      });
    }
    return report({ reason: `the live tables moved on past the events read ahead ${ATTEMPTS} times` });
  } finally {
    await dropSchema(db, target).catch(() => undefined);
  }
}

/** Events read ahead at most, in batches: a live loop lagging further has not passed them. */
const AHEAD_BATCHES = 10;

/**
 * The events after `after` up to the head, in batches: at most AHEAD_BATCHES of them (read before
 * the snapshot's transaction: the live loop can only have passed them in the moment between the
 * two), or, given `until`, as many as reach it (read inside the snapshot, on a server: the live loop
 * has applied them, so they are readable).
 */
async function readAfter(
  options: VerifyProjectorOptions,
  after: Checkpoint,
  until?: Position,
): Promise<RecordedEvent[]> {
  const events: RecordedEvent[] = [];
  for (let batch = 0; until !== undefined || batch < AHEAD_BATCHES; batch++) {
    const page = await options.store.readAll({
      after: events.at(-1)?.position ?? after,
      maxCount: options.batchSize,
    });
    events.push(...page);
    if (page.length < options.batchSize) break;
    if (until !== undefined && comparePositions(page[page.length - 1].position, until) >= 0) break;
  }
  return events;
}

/**
 * In one snapshot: the live checkpoint, the events up to it applied to the replayed tables, both
 * compared; rolled back. On PGlite nothing in it waits for another connection (it has one, held
 * here): the events were read ahead, and when the live checkpoint is past them, this answers
 * 'moved_on'. On a server (readsBeside) the missing events are read on another connection instead:
 * with the live loop keeping up with busy writers, it is past the read-ahead more often than not.
 */
async function compareAtLiveCheckpoint(
  options: VerifyProjectorOptions,
  replay: ReplayOptions,
  cursor: Checkpoint,
  ahead: RecordedEvent[],
): Promise<Outcome> {
  const { db, projector, schema, examples } = options;
  const trx = await db.startTransaction().setIsolationLevel('repeatable read').execute();
  try {
    const live = await loadCheckpoint(trx, projector.name); // the first statement: takes the snapshot
    // One statement compares whole tables: the sessions' statement_timeout is for requests.
    await sql`set local statement_timeout = 0`.execute(trx);
    const refused = refusalOf(live, projector, cursor);
    if (refused) return { refused };
    const at = live!.position;
    const reach = ahead.length > 0 ? ahead[ahead.length - 1].position : cursor;
    const missing = at !== 'start' && isAfter(at, reach);
    if (missing && !options.readsBeside) return 'moved_on';
    const known = missing ? [...ahead, ...(await readAfter(options, reach, at as Position))] : ahead;
    const events = at === 'start' ? [] : upTo(known, at);
    await applyInto(trx, projector, replay.target, wantedBy(projector, events));
    replay.counter.done += events.length;
    const tables: TableReport[] = [];
    for (const table of projector.tables)
      tables.push(await tableDifferences(trx, table, { live: schema, replayed: replay.target }, examples));
    return { tables, position: at };
  } finally {
    await trx.rollback().execute();
  }
}

/** Why the live tables cannot be compared with a replay of this code, if they cannot. */
function refusalOf(live: StoredCheckpoint | undefined, projector: Projector, cursor: Checkpoint) {
  if (!live) return 'no checkpoint: it has never run on this database';
  if (live.version !== projector.version)
    return `its tables are of version ${live.version}, the code's is ${projector.version}: a rebuild is due`;
  if (isAfter(cursor, live.position)) return 'its tables were rebuilt during the verify: run it again';
  return undefined;
}

function isAfter(a: Checkpoint, b: Checkpoint): boolean {
  if (a === 'start') return false;
  return b === 'start' || comparePositions(a, b) > 0;
}
