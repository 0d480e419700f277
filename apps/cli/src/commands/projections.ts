import { formatPosition } from '@app/event-store';
import { clearFailure, estimateLag, listCheckpoints, migrateReadModels } from '@app/read-models';
import { CliContext } from '../cli-context';

/** Prints each projector's code and stored version, checkpoint and lag behind the log's head. */
export async function projectionsCommand(
  context: CliContext,
  out: NodeJS.WritableStream = process.stdout,
): Promise<void> {
  const { db } = context.database;
  await migrateReadModels(db);
  const [stored, head] = await Promise.all([listCheckpoints(db), context.store.headPosition()]);
  const byName = new Map(stored.map((c) => [c.projector, c]));
  const names = [...new Set([...context.projectors.map((p) => p.name), ...byName.keys()])];
  const rows = names.map((name) => {
    const checkpoint = byName.get(name);
    const code = context.projectors.find((p) => p.name === name);
    return [
      name,
      code ? String(code.version) : '-',
      checkpoint ? String(checkpoint.version) : '-',
      !checkpoint || checkpoint.position === 'start' ? 'start' : formatPosition(checkpoint.position),
      String(estimateLag(head, checkpoint?.position ?? 'start')),
      checkpoint ? checkpoint.updatedAt.toISOString() : 'never',
    ];
  });
  out.write(formatTable(['projector', 'version', 'stored', 'position', 'lag', 'updated'], rows));
  out.write(`head: ${head ? formatPosition(head) : 'empty log'}\n`);
  for (const { projector, failure } of stored) {
    if (!failure) continue;
    const event = failure.event
      ? ` on event ${failure.event.id} (${failure.event.type}, stream ${failure.event.stream}, position ${failure.event.position})`
      : '';
    out.write(`failed: ${projector}${event} at ${failure.failedAt}: ${failure.error}\n`);
    out.write(`  once fixed: npm run cli -- projections restart ${projector}\n`);
  }
}

/**
 * Restarts a projector stopped on an error, from its checkpoint (no rebuild): clears the failure
 * recorded in its checkpoint row, and the process leading it (an API, a worker) resumes it within
 * about a second; with none running, the next one to start does.
 */
export async function restartProjectionCommand(
  context: CliContext,
  name: string,
  out: NodeJS.WritableStream = process.stdout,
): Promise<void> {
  const { db } = context.database;
  if (!context.projectors.some((p) => p.name === name)) {
    const known = context.projectors.map((p) => p.name).join(', ');
    throw new Error(`No projector named ${name} (known: ${known})`);
  }
  await migrateReadModels(db);
  if (!(await clearFailure(db, name))) throw new Error(`Projector ${name} has not stopped on an error`);
  out.write(`Projector ${name}: failure cleared; the process leading it resumes it from its checkpoint\n`);
}

function formatTable(header: string[], rows: string[][]): string {
  const widths = header.map((h, i) => Math.max(h.length, ...rows.map((r) => r[i].length)));
  const line = (cells: string[]) =>
    cells
      .map((c, i) => c.padEnd(widths[i]))
      .join('  ')
      .trimEnd();
  return [line(header), ...rows.map(line)].map((l) => `${l}\n`).join('');
}
