/* What a verify run answers: the same JSON from `npm run cli -- verify --json` and the operator API. */

/** A cross-record step decided and not carried out (the audit of cross-record steps finds them). */
export interface UnfinishedStep {
  process: string; // e.g. 'estimate_conversion'
  missing: string; // what was decided and not carried out, in words
  trigger: {
    event_id: string;
    type: string;
    stream: string;
    revision: number;
    position: string;
    recorded_at: string;
  };
}

/** Column values as text (null for SQL NULL), by column name. */
export type RowValues = Record<string, string | null>;

export interface ColumnDifference {
  column: string;
  live: string | null;
  replayed: string | null;
}

/** A row that differs: its key; the row (only live, only replayed) or the columns that differ. */
export interface RowExample {
  key: RowValues;
  row?: RowValues;
  columns?: ColumnDifference[];
}

export interface TableReport {
  table: string;
  /** The columns rows are matched on: the table's primary key. */
  key: string[];
  only_live: number;
  only_replayed: number;
  different: number;
  examples: { only_live: RowExample[]; only_replayed: RowExample[]; different: RowExample[] };
}

export interface ProjectorReport {
  name: string;
  version: number;
  /** not_verified: it could not be compared (`reason` says why); nothing is known of its tables. */
  status: 'equal' | 'different' | 'not_verified';
  /** The position both sides stood at when compared (`commit/prepare`); null: the start of the log. */
  position: string | null;
  /** Events read from the log to replay it. */
  events_replayed: number;
  reason?: string;
  /** Only the tables that differ. */
  tables: TableReport[];
}

export type VerifyStatus = 'running' | 'equal' | 'different' | 'failed';

export interface VerifyReport {
  object: 'projection_verification';
  id: string;
  /** different: a projector differs or a step is unfinished; failed: some projector (or all) could not be verified. */
  status: VerifyStatus;
  started_at: string;
  finished_at: string | null;
  projectors: ProjectorReport[];
  unfinished_steps: UnfinishedStep[];
  /** Why the run could not run at all (status failed). */
  error?: string;
}

/** Differences win over projectors not verified: a difference found is found. */
export function overallStatus(projectors: ProjectorReport[], unfinished: UnfinishedStep[]): VerifyStatus {
  if (unfinished.length > 0 || projectors.some((p) => p.status === 'different')) return 'different';
  return projectors.some((p) => p.status === 'not_verified') ? 'failed' : 'equal';
}

/** The CLI's exit code: 0 equal, 1 different, 2 could not verify. */
export function exitCodeOf(status: VerifyStatus): number {
  return status === 'equal' ? 0 : status === 'different' ? 1 : 2;
}
