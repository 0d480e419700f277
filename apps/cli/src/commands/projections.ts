import { formatPosition } from '@app/event-store';
import { estimateLag, listCheckpoints, migrateReadModels } from '@app/read-models';
import { CliContext } from '../cli-context';

/**
 * Prints each projector's code and stored version, checkpoint and lag behind the log's head; then
 * each reactor's checkpoint and lag (docs/reactors.md).
 */
export async function projectionsCommand(
  context: CliContext,
  out: NodeJS.WritableStream = process.stdout,
): Promise<void> {
  const { db } = context.database;
  await migrateReadModels(db);
  const [stored, head] = await Promise.all([listCheckpoints(db), context.store.headPosition()]);
  const byName = new Map(stored.map((c) => [c.projector, c]));
  const reactorNames = (context.reactors ?? []).map((r) => r.name);
  const names = [...new Set([...context.projectors.map((p) => p.name), ...byName.keys()])].filter(
    (name) => !reactorNames.includes(name),
  );
  const where = (name: string) => {
    const checkpoint = byName.get(name);
    return [
      !checkpoint || checkpoint.position === 'start' ? 'start' : formatPosition(checkpoint.position),
      String(estimateLag(head, checkpoint?.position ?? 'start')),
      checkpoint ? checkpoint.updatedAt.toISOString() : 'never',
    ];
  };
  const rows = names.map((name) => {
    const checkpoint = byName.get(name);
    const code = context.projectors.find((p) => p.name === name);
    return [
      name,
      code ? String(code.version) : '-',
      checkpoint ? String(checkpoint.version) : '-',
      ...where(name),
    ];
  });
  out.write(formatTable(['projector', 'version', 'stored', 'position', 'lag', 'updated'], rows));
  if (reactorNames.length > 0)
    out.write(
      formatTable(
        ['reactor', 'position', 'lag', 'updated'],
        reactorNames.map((name) => [name, ...where(name)]),
      ),
    );
  out.write(`head: ${head ? formatPosition(head) : 'empty log'}\n`);
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
