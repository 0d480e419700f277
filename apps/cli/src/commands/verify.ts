import {
  exitCodeOf,
  ProjectionRunner,
  ProjectorReport,
  RowExample,
  RowValues,
  TableReport,
  VerifyReport,
} from '@app/read-models';
import { MultiBar, Presets, SingleBar } from 'cli-progress';
import { unfinishedStepsIn } from '@app/processes';
import { CliContext } from '../cli-context';

export interface VerifyCommandOptions {
  /** The report as JSON on `out` (the operator API's shape) instead of lines for a person. */
  json?: boolean;
  batchSize?: number;
  /** How old a cross-record step decided and not carried out must be to count (default 60 s). */
  stepGraceMs?: number;
  out: NodeJS.WritableStream;
  /** Where the progress bars go, when it is a terminal. */
  err: NodeJS.WritableStream;
}

/**
 * Verifies the named projectors' tables (all, without names) against a replay of the log, beside
 * a running service; resolves to the exit code: 0 equal, 1 different, 2 not verified.
 */
export async function verifyCommand(
  context: CliContext,
  names: string[],
  options: VerifyCommandOptions,
): Promise<number> {
  const runner = new ProjectionRunner({
    db: context.database.db,
    store: context.store,
    projectors: context.projectors,
    batchSize: options.batchSize,
    readsBeside: context.database.kind === 'postgres',
  });
  const bars = progressBars(options.err);
  let report: VerifyReport;
  try {
    report = await runner.verify({
      names,
      onProgress: bars?.update,
      unfinishedSteps: unfinishedStepsIn(context.store, options.stepGraceMs),
    });
  } finally {
    bars?.stop();
  }
  options.out.write(options.json ? `${JSON.stringify(report, null, 2)}\n` : humanReport(report));
  return exitCodeOf(report.status);
}

/** A bar per projector, events replayed of the estimated total; none when not on a terminal. */
function progressBars(stream: NodeJS.WritableStream) {
  if (!(stream as NodeJS.WriteStream).isTTY) return undefined;
  const multi = new MultiBar(
    {
      format: '{name} [{bar}] {value}/{total} events',
      stream: stream as NodeJS.WriteStream,
      hideCursor: true,
    },
    Presets.shades_classic,
  );
  const bars = new Map<string, SingleBar>();
  return {
    update(name: string, { done, total }: { done: number; total: number }) {
      const bar = bars.get(name) ?? bars.set(name, multi.create(total, 0, { name })).get(name)!;
      bar.setTotal(total);
      bar.update(done, { name });
    },
    stop: () => multi.stop(),
  };
}

/** One line per projector, then each differing table with its examples; then the verdict. */
export function humanReport(report: VerifyReport): string {
  const lines = report.projectors.flatMap(projectorLines);
  for (const step of report.unfinished_steps)
    lines.push(
      `unfinished: ${step.process}: ${step.missing} (after ${step.trigger.type} ${step.trigger.event_id}, stream ${step.trigger.stream}, position ${step.trigger.position})`,
    );
  const differing = report.projectors.filter((p) => p.status === 'different').map((p) => p.name);
  if (differing.length > 0)
    lines.push(`rebuild what differs (npm run cli -- rebuild <projector>): ${differing.join(', ')}`);
  lines.push(`verify: ${report.status}`);
  return lines.map((line) => `${line}\n`).join('');
}

function projectorLines(p: ProjectorReport): string[] {
  const at = `at ${p.position ?? 'start'}, ${p.events_replayed} events replayed`;
  if (p.status === 'not_verified') return [`${p.name}: not verified: ${p.reason}`];
  if (p.status === 'equal') return [`${p.name}: equal (${at})`];
  const count = p.tables.reduce((n, t) => n + t.only_live + t.only_replayed + t.different, 0);
  return [`${p.name}: ${count} differences (${at})`, ...p.tables.flatMap(tableLines)];
}

function tableLines(t: TableReport): string[] {
  const lines = [
    `  table ${t.table} (key ${t.key.join(', ')}): ${t.only_live} only live, ${t.only_replayed} only replayed, ${t.different} different`,
  ];
  const example = (kind: string, e: RowExample) =>
    e.columns
      ? `    ${kind} ${values(e.key)}: ${e.columns.map((c) => `${c.column} live ${show(c.live)}, replayed ${show(c.replayed)}`).join('; ')}`
      : `    ${kind} ${values(e.key)}`;
  lines.push(...t.examples.only_live.map((e) => example('only live', e)));
  lines.push(...t.examples.only_replayed.map((e) => example('only replayed', e)));
  lines.push(...t.examples.different.map((e) => example('different', e)));
  return lines;
}

const show = (value: string | null) => (value === null ? 'null' : JSON.stringify(value));
const values = (row: RowValues) =>
  Object.entries(row)
    .map(([column, value]) => `${column}=${value ?? 'null'}`)
    .join(' ');
