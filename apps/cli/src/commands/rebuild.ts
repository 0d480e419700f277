import { formatPosition } from '@app/event-store';
import { analyticsViews, estimateLag, loadCheckpoint, ProjectionRunner } from '@app/read-models';
import { Presets, SingleBar } from 'cli-progress';
import { CliContext } from '../cli-context';

export interface RebuildCommandOptions {
  batchSize?: number;
  /** Where the bar and the result go; default stdout. */
  out?: NodeJS.WritableStream;
}

/**
 * Rebuilds one projector from position zero into fresh tables and swaps them in; the API goes on
 * answering from the old tables meanwhile (a running runner picks the new ones up by itself).
 */
export async function rebuildCommand(
  context: CliContext,
  name: string,
  options: RebuildCommandOptions = {},
): Promise<void> {
  const out = options.out ?? process.stdout;
  if (!context.projectors.some((p) => p.name === name)) {
    const known = context.projectors.map((p) => p.name).join(', ') || 'none';
    throw new Error(`No projector named ${name} (known: ${known})`);
  }
  const runner = new ProjectionRunner({
    db: context.database.db,
    store: context.store,
    projectors: context.projectors,
    batchSize: options.batchSize,
    pipeline: context.database.pipeline, // a write-only projector's batches in one round trip each
    copyBatch: context.database.copyBatch, // their insertRows rows loaded by COPY
    views: analyticsViews,
    logger: {
      info: (line) => out.write(`${line}\n`),
      error: (line, error) => out.write(`${line}: ${String(error)}\n`),
    },
  });
  const bar = new SingleBar(
    {
      format: `${name} [{bar}] {percentage}% | {value}/{total} events | {eta_formatted} left`,
      stream: out,
      noTTYOutput: true, // piped output still shows progress, a line every few seconds
      hideCursor: true,
      etaBuffer: 50,
    },
    Presets.shades_classic,
  );
  bar.start(estimateLag(await context.store.headPosition(), 'start'), 0);
  try {
    await runner.rebuild(name, {
      onProgress: ({ done, total }) => {
        bar.setTotal(total);
        bar.update(done);
      },
    });
  } finally {
    bar.stop();
  }
  const checkpoint = await loadCheckpoint(context.database.db, name);
  const at = !checkpoint || checkpoint.position === 'start' ? 'start' : formatPosition(checkpoint.position);
  out.write(`Rebuilt ${name} (version ${checkpoint?.version}), swapped in at position ${at}\n`);
}
