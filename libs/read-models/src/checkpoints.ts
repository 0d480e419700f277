import { Position, prepared } from '@app/event-store';
import { Kysely, sql } from 'kysely';
import { CHECKPOINT_MOVED_SQLSTATE } from './migrations';
import { ProjectorFailure } from './projector-failure';
import { relaxedCommitSetting } from './relaxed-commit';

/* eslint-disable @typescript-eslint/no-explicit-any */

export type Checkpoint = Position | 'start';

export interface StoredCheckpoint {
  projector: string;
  position: Checkpoint;
  version: number;
  updatedAt: Date;
  /** Set while the projector is stopped on an error; cleared to restart it. */
  failure?: ProjectorFailure;
}

/** Another writer moved the checkpoint (a rebuild swapped tables in): this loop's view is stale. */
export class CheckpointMovedError extends Error {
  constructor(readonly projector: string) {
    super(`Checkpoint of projector ${projector} was moved by another writer`);
    this.name = 'CheckpointMovedError';
  }
}

interface Row {
  projector: string;
  commit_position: string | null;
  prepare_position: string | null;
  version: number;
  updated_at: Date;
  failure: ProjectorFailure | null;
}

// Positions travel as text: int8 would come back as a JS number and could lose digits.
const selectRows = sql<Row>`select projector, commit_position::text, prepare_position::text, version, updated_at,
           failure from projection_checkpoint`;

export async function listCheckpoints(db: Kysely<any>): Promise<StoredCheckpoint[]> {
  const { rows } = await sql<Row>`${selectRows} order by projector`.execute(db);
  return rows.map(fromRow);
}

export async function loadCheckpoint(
  db: Kysely<any>,
  projector: string,
): Promise<StoredCheckpoint | undefined> {
  const { rows } = await sql<Row>`${selectRows} where projector = ${projector}`.execute(db);
  return rows[0] && fromRow(rows[0]);
}

/** Registers a new projector at the start of the log; false if some runner registered it first. */
export async function insertCheckpoint(
  db: Kysely<any>,
  projector: string,
  version: number,
): Promise<boolean> {
  const { rows } =
    await sql`insert into projection_checkpoint (projector, version) values (${projector}, ${version})
                             on conflict (projector) do nothing returning projector`.execute(db);
  return rows.length === 1;
}

/**
 * Moves the checkpoint from `from` to `to`, only if it still stands at `from` with `version`:
 * the first statement of a batch's transaction, so its row lock orders the batch against a swap.
 */
export async function advanceCheckpoint(
  trx: Kysely<any>,
  move: CheckpointMove,
  options: { relaxCommit?: boolean } = {},
): Promise<void> {
  try {
    await advanceStatement(move, options).execute(trx);
  } catch (error) {
    throw checkpointMovedOr(error, move.projector);
  }
}

export interface CheckpointMove {
  projector: string;
  version: number;
  from: Checkpoint;
  to: Position;
}

/**
 * The statement that moves the checkpoint (see advance_projection_checkpoint); `relaxCommit`
 * relaxes its transaction's commit too (relaxed-commit.ts), saving the batch a statement.
 */
export function advanceStatement(
  { projector, version, from, to }: CheckpointMove,
  options: { relaxCommit?: boolean } = {},
) {
  const relaxed = options.relaxCommit ? sql`, ${relaxedCommitSetting}` : sql``;
  return sql`${prepared}select advance_projection_checkpoint(${projector}, ${version},
      ${from === 'start' ? null : text(from.commit)}::bigint, ${from === 'start' ? null : text(from.prepare)}::bigint,
      ${text(to.commit)}::bigint, ${text(to.prepare)}::bigint)${relaxed}`;
}

/** A CheckpointMovedError for what advance_projection_checkpoint raises when it moved; else the error. */
export function checkpointMovedOr(error: unknown, projector: string): unknown {
  return (error as { code?: string })?.code === CHECKPOINT_MOVED_SQLSTATE
    ? new CheckpointMovedError(projector)
    : error;
}

/** Tells every process (and the CLI) that the projector stopped, and why. */
export async function recordFailure(
  db: Kysely<any>,
  projector: string,
  failure: ProjectorFailure,
): Promise<void> {
  await sql`update projection_checkpoint set failure = ${JSON.stringify(failure)}::jsonb
            where projector = ${projector}`.execute(db);
}

/** Clears a recorded failure: the process leading the projector restarts it. False if none was recorded. */
export async function clearFailure(db: Kysely<any>, projector: string): Promise<boolean> {
  const { rows } = await sql`update projection_checkpoint set failure = null
            where projector = ${projector} and failure is not null returning projector`.execute(db);
  return rows.length === 1;
}

/** Locks the projector's checkpoint row (if any) until the transaction ends. */
export async function lockCheckpoint(trx: Kysely<any>, projector: string): Promise<void> {
  await sql`select 1 from projection_checkpoint where projector = ${projector} for update`.execute(trx);
}

/** Sets the checkpoint whatever it was: only a rebuild's swap does this, holding the row lock. */
export async function writeCheckpoint(
  trx: Kysely<any>,
  projector: string,
  version: number,
  at: Checkpoint,
): Promise<void> {
  const commit = at === 'start' ? null : text(at.commit);
  const prepare = at === 'start' ? null : text(at.prepare);
  await sql`insert into projection_checkpoint (projector, commit_position, prepare_position, version)
            values (${projector}, ${commit}::bigint, ${prepare}::bigint, ${version})
            on conflict (projector) do update set commit_position = excluded.commit_position,
              prepare_position = excluded.prepare_position, version = excluded.version, updated_at = now(),
              failure = null`.execute(trx);
}

function fromRow(row: Row): StoredCheckpoint {
  const position: Checkpoint =
    row.commit_position === null || row.prepare_position === null
      ? 'start'
      : { commit: BigInt(row.commit_position), prepare: BigInt(row.prepare_position) };
  const stored: StoredCheckpoint = {
    projector: row.projector,
    position,
    version: row.version,
    updatedAt: new Date(row.updated_at),
  };
  if (row.failure) stored.failure = row.failure;
  return stored;
}

const text = (n: bigint) => n.toString();
