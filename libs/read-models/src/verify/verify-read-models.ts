import { randomUUID } from 'node:crypto';
import { EventStore } from '@app/event-store';
import { Kysely } from 'kysely';
import { Projector } from '../projector';
import { ReplayProgress } from '../replay';
import { verifyProjector } from './verify-projector';
import { overallStatus, ProjectorReport, UnfinishedStep, VerifyReport } from './verify-report';

/* eslint-disable @typescript-eslint/no-explicit-any */

export interface VerifyOptions {
  db: Kysely<any>;
  store: EventStore;
  /** The projectors to verify (select them with selectProjectors); reactors are never verified. */
  projectors: readonly Projector[];
  /** Schema of the live tables; default 'public'. */
  schema?: string;
  /** Events per replayed batch; default 2000. */
  batchSize?: number;
  /** Example rows per kind of difference and table; default 5. */
  examples?: number;
  /** The run's report as it started (its id and start time); default a new one. */
  started?: VerifyReport;
  onProgress?: (projector: string, progress: ReplayProgress) => void | Promise<void>;
  /** The cross-record steps decided and not carried out; any found makes the run `different`. */
  unfinishedSteps?: () => Promise<UnfinishedStep[]>;
  signal?: AbortSignal;
  /**
   * The store reads on connections of its own while a transaction of `db` is open (a PostgreSQL
   * server; not PGlite, whose one connection the verify's snapshot holds): the events the live
   * tables moved on to are then read inside the snapshot instead of the comparison tried again.
   */
  readsBeside?: boolean;
}

export class UnknownProjectorError extends Error {
  constructor(
    readonly names: string[],
    readonly known: string[],
  ) {
    super(`No projector named ${names.join(', ')} (known: ${known.join(', ') || 'none'})`);
    this.name = 'UnknownProjectorError';
  }
}

/** The projectors named (all, without names), reactors left out; throws on a name none has. */
export function selectProjectors(all: readonly Projector[], names: readonly string[] = []): Projector[] {
  const verifiable = all.filter((p) => !p.effects);
  const unknown = names.filter((name) => !verifiable.some((p) => p.name === name));
  if (unknown.length > 0)
    throw new UnknownProjectorError(
      unknown,
      verifiable.map((p) => p.name),
    );
  return names.length === 0 ? verifiable : verifiable.filter((p) => names.includes(p.name));
}

/** Each projector's tables against a replay of the log, one after the other, online. */
export async function verifyReadModels(options: VerifyOptions): Promise<VerifyReport> {
  const report: VerifyReport = { ...(options.started ?? runningReport()), projectors: [] };
  for (const projector of options.projectors) {
    options.signal?.throwIfAborted();
    report.projectors.push(await verifyOne(options, projector, report.id));
  }
  report.unfinished_steps = (await options.unfinishedSteps?.()) ?? [];
  report.status = overallStatus(report.projectors, report.unfinished_steps);
  report.finished_at = new Date().toISOString();
  return report;
}

export function runningReport(id: string = randomUUID()): VerifyReport {
  return {
    object: 'projection_verification',
    id,
    status: 'running',
    started_at: new Date().toISOString(),
    finished_at: null,
    projectors: [],
    unfinished_steps: [],
  };
}

/** A projector that cannot be replayed or compared (a fault, a table without a key) is not verified. */
async function verifyOne(
  options: VerifyOptions,
  projector: Projector,
  runId: string,
): Promise<ProjectorReport> {
  try {
    return await verifyProjector({
      db: options.db,
      store: options.store,
      projector,
      schema: options.schema ?? 'public',
      batchSize: options.batchSize ?? 2000,
      examples: options.examples ?? 5,
      onProgress: (progress) => options.onProgress?.(projector.name, progress),
      signal: options.signal,
      runId,
      readsBeside: options.readsBeside,
    });
  } catch (error) {
    if (options.signal?.aborted) throw error;
    return {
      name: projector.name,
      version: projector.version,
      status: 'not_verified',
      position: null,
      events_replayed: 0,
      reason: error instanceof Error ? error.message : String(error),
      tables: [],
    };
  }
}
