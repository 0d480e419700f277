import { isRecordId } from '@app/domain';
import { isoTimestampOf } from '@app/runtime';
import { CliContext } from '../cli-context';
import { OptionValues, UsageError } from '../operator/operator-commands';
import { eventsExportCommand } from './events-export';
import { verifyExportCommand } from './events-verify-export';

export const EVENTS_USAGE = `  events export --account <id>          the account's events as NDJSON on stdout, one a line,
         [--since ISO] [--until ISO]    each with a sha256 chained over the line before
                                        (docs/audit-export.md); a progress bar on stderr
  events verify-export <file>           re-read the file's range from the store: OK and the
                                        count (exit 0), or the first line that differs and
                                        what differs, or a broken hash chain (exit 1)
`;

interface Io {
  out: NodeJS.WritableStream;
  err: NodeJS.WritableStream;
}

export type EventsCommand = ((context: CliContext, io: Io) => Promise<number>) & { failureCode?: number };

const EXPORT_OPTIONS = ['account', 'since', 'until'];

/** `events export …` or `events verify-export <file>`, checked before any store opens. */
export function eventsCommandOf(args: string[], options: OptionValues): EventsCommand {
  const [sub, ...rest] = args;
  const given = Object.keys(options).filter((key) => options[key] !== undefined);
  if (sub === 'export' && rest.length === 0) {
    const foreign = given.find((key) => !EXPORT_OPTIONS.includes(key));
    if (foreign) throw new UsageError(`events export does not take --${foreign}`);
    const accountId = options.account;
    if (typeof accountId !== 'string' || !isRecordId(accountId))
      throw new UsageError('events export needs --account <account id> (a UUID)');
    const since = time(options, 'since');
    const until = time(options, 'until');
    if (since && until && until <= since) throw new UsageError('--until must be after --since');
    return (context, io) => eventsExportCommand(context, { range: { accountId, since, until }, ...io });
  }
  if (sub === 'verify-export' && rest.length === 1) {
    if (given.length > 0) throw new UsageError(`events verify-export does not take --${given[0]}`);
    const verify: EventsCommand = (context, io) => verifyExportCommand(context, rest[0], io);
    verify.failureCode = 2;
    return verify;
  }
  throw new UsageError(`Not a command: events ${args.join(' ')}`);
}

function time(options: OptionValues, name: string): Date | undefined {
  const text = options[name];
  if (text === undefined) return undefined;
  const parsed = typeof text === 'string' ? isoTimestampOf(text) : undefined;
  if (!parsed) throw new UsageError(`--${name} takes an ISO 8601 timestamp, e.g. 2026-01-31T00:00:00Z`);
  return parsed;
}
