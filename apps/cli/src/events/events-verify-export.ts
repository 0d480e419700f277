import { createReadStream } from 'node:fs';
import { createInterface } from 'node:readline';
import { parsePosition, RecordedEvent } from '@app/event-store';
import { isoTimestampOf } from '@app/runtime';
import { CliContext } from '../cli-context';
import { scanAccount } from './account-scan';
import {
  chainedHash,
  EXPORT_FORMAT,
  EXPORT_VERSION,
  ExportHeader,
  exportHeader,
  exportLine,
} from './export-format';
import { firstDifference } from './first-difference';

export interface VerifyExportOptions {
  /** The verdict: OK with the count, or the first line that differs. */
  out: NodeJS.WritableStream;
  /** The progress bar. */
  err: NodeJS.WritableStream;
}

/** A line of the file that is not what it should be: its number (1 is the header) and why. */
class LineRejected extends Error {
  constructor(
    readonly line: number,
    reason: string,
  ) {
    super(`line ${line}: ${reason}`);
  }
}

/**
 * Checks an export (events-export.ts) line by line: its header's seed, each line's hash chain, and
 * each line against the store's event in the same place of the same range, re-read now. Resolves
 * to 0 when every line holds (OK and the count), 1 at the first line that does not (its number,
 * what differs); throws when it cannot run (no such file, the store away).
 */
export async function verifyExportCommand(
  context: CliContext,
  file: string,
  options: VerifyExportOptions,
): Promise<number> {
  const lines = createInterface({ input: createReadStream(file, 'utf8'), crlfDelay: Infinity })[
    Symbol.asyncIterator
  ]();
  try {
    const first = await lines.next();
    if (first.done) throw new LineRejected(1, 'the file is empty: no header');
    const header = headerOf(first.value);
    const range = {
      accountId: header.account_id,
      since: header.since === null ? undefined : new Date(header.since),
      until: header.until === null ? undefined : new Date(header.until),
    };
    const through = header.through === null ? undefined : parsePosition(header.through);
    const events = scanAccount(context.store, range, through, options.err);
    const count = await compareEvents(lines, events, header).finally(() => events.return(undefined));
    options.out.write(
      `OK: ${count} events of account ${header.account_id} match the store, hash chain intact\n`,
    );
    return 0;
  } catch (error) {
    if (!(error instanceof LineRejected)) throw error;
    options.out.write(`${error.message}\n`);
    return 1;
  } finally {
    await lines.return?.();
  }
}

/** Every line after the header against the store's events in order; resolves to the count. */
async function compareEvents(
  lines: AsyncIterator<string>,
  events: AsyncGenerator<RecordedEvent>,
  header: ExportHeader,
): Promise<number> {
  let previous = header.sha256;
  for (let number = 2; ; number++) {
    const [line, event] = await Promise.all([lines.next(), events.next()]);
    if (line.done && event.done) return number - 2;
    if (line.done) {
      const { id, type, streamId } = event.value as RecordedEvent;
      throw new LineRejected(number, `missing: the store has event ${id} (${type}, stream ${streamId}) here`);
    }
    const found = parsed(number, line.value);
    if (event.done)
      throw new LineRejected(number, 'not in the store: the store has no more events in the range');
    const expected = exportLine(event.value, previous);
    const chained = found.sha256 === chainedHash(previous, found);
    const { sha256: _found, ...content } = found;
    const { sha256: _expected, ...stored } = expected;
    const difference = firstDifference(content, stored);
    const broken = chained ? '' : '; its sha256 does not chain from the line before';
    if (difference)
      throw new LineRejected(
        number,
        `${difference.path} differs: export ${show(difference.left)}, store ${show(difference.right)}${broken}`,
      );
    if (!chained)
      throw new LineRejected(
        number,
        'its sha256 does not chain from the line before (edited, or a line removed)',
      );
    previous = found.sha256 as string;
  }
}

/** The header line, its seed checked against its fields. */
function headerOf(text: string): ExportHeader {
  const header = parsed(1, text) as Partial<ExportHeader>;
  if (header.format !== EXPORT_FORMAT || header.version !== EXPORT_VERSION)
    throw new LineRejected(1, `not an export header (format ${EXPORT_FORMAT}, version ${EXPORT_VERSION})`);
  const times = [header.since, header.until].every(
    (t) => t === null || (typeof t === 'string' && isoTimestampOf(t)),
  );
  const through =
    header.through === null || (typeof header.through === 'string' && /^\d+\/\d+$/.test(header.through));
  if (typeof header.account_id !== 'string' || !times || !through)
    throw new LineRejected(1, 'the header needs account_id, since, until and through');
  const { account_id, since, until } = header as ExportHeader;
  const seed = exportHeader({ account_id, since, until, through: header.through ?? null }).sha256;
  if (header.sha256 !== seed) throw new LineRejected(1, 'its sha256 is not the seed of its fields (edited)');
  return header as ExportHeader;
}

function parsed(number: number, text: string): Record<string, unknown> {
  try {
    const value: unknown = JSON.parse(text);
    if (typeof value === 'object' && value !== null && !Array.isArray(value))
      return value as Record<string, unknown>;
  } catch {
    // reported below
  }
  throw new LineRejected(number, 'not a JSON object');
}

function show(value: unknown): string {
  return value === undefined ? '(absent)' : JSON.stringify(value);
}
