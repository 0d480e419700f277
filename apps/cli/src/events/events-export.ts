import { AccountLogRange } from '@app/runtime';
import { CliContext } from '../cli-context';
import { scanAccount } from './account-scan';
import { exportHeader, exportLine, positionText } from './export-format';

export interface EventsExportOptions {
  range: AccountLogRange;
  /** The NDJSON lines. */
  out: NodeJS.WritableStream;
  /** The progress bar and the summary. */
  err: NodeJS.WritableStream;
}

/**
 * Writes the account's events in the range to `out` as the chained NDJSON of export-format.ts,
 * through the log's head as it stood when the export began (later events wait for the next one).
 */
export async function eventsExportCommand(
  context: CliContext,
  options: EventsExportOptions,
): Promise<number> {
  const head = await context.store.headPosition();
  const header = exportHeader({
    account_id: options.range.accountId,
    since: options.range.since?.toISOString() ?? null,
    until: options.range.until?.toISOString() ?? null,
    through: positionText(head),
  });
  await write(options.out, `${JSON.stringify(header)}\n`);
  let previous = header.sha256;
  let count = 0;
  for await (const event of scanAccount(context.store, options.range, head, options.err)) {
    const line = exportLine(event, previous);
    await write(options.out, `${JSON.stringify(line)}\n`);
    previous = line.sha256;
    count++;
  }
  options.err.write(
    `Exported ${count} events of account ${options.range.accountId} through ${header.through ?? 'an empty log'}\n`,
  );
  return 0;
}

/** Waits when `out` is full (a pipe to a slow disk), so a large export holds little in memory. */
function write(out: NodeJS.WritableStream, text: string): Promise<void> {
  return new Promise((resolve) => {
    if (out.write(text)) resolve();
    else out.once('drain', () => resolve());
  });
}
