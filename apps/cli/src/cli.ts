import { parseArgs } from 'node:util';
import { DEFAULT_STEP_GRACE_MS } from '@app/processes';
import { toErrorResponse } from '@app/runtime';
import { CliContext } from './cli-context';
import { projectionsCommand, restartProjectionCommand } from './commands/projections';
import { rebuildCommand } from './commands/rebuild';
import { verifyCommand } from './commands/verify';
import { EVENTS_USAGE, eventsCommandOf } from './events/events-commands';
import {
  OPERATOR_GROUPS,
  OPERATOR_USAGE,
  OptionValues,
  prepareOperatorCommand,
  UsageError,
} from './operator/operator-commands';
import { openOperatorSession } from './operator/operator-session';

export const USAGE = `Usage: npm run cli -- <command>

Read models:
  rebuild <projector> [--batch-size N]  rebuild a read model from position zero into fresh
                                        tables, swapped in at the end; reads keep working
  projections                           each projector's version, position and lag, those
                                        stopped on an error (event, error), then each reactor's
  projections restart <projector>       resume one stopped on an error, once fixed, from its
                                        checkpoint (no rebuild)
  verify [projector…] [--json]          compare read models with a replay of the log up to where
         [--step-grace-s N]             they stand, beside a running service, and list the
                                        cross-record steps decided more than N s ago (default
                                        ${DEFAULT_STEP_GRACE_MS / 1000}) and not carried out; exit 0 equal, 1 different
                                        (tables and rows named, or steps), 2 not verified

An account's log for auditors:
${EVENTS_USAGE}
Accounts, users and API keys (as the operator API /admin/v1; JSON on stdout):
${OPERATOR_USAGE}
Exit codes: 0 done; 1 refused (the error envelope on stderr) or failed; 2 not a valid command line
(verify: 0 equal, 1 different, 2 not verified or could not run; events verify-export: 0 OK,
1 a line differs, 2 could not run).

Stores as the service: DATABASE_URL, else PGlite in DATA_DIR/pglite (default ./data; PGlite admits one
process, so stop the API first); EVENTSTORE_CONNECTION_STRING for EventStoreDB.
`;

export interface CliIo {
  openContext(): Promise<CliContext>;
  out: NodeJS.WritableStream;
  err: NodeJS.WritableStream;
}

/** Resolves to its exit code (0 without one); throws when it fails. */
type Command = ((context: CliContext, io: CliIo) => Promise<number | void>) & {
  /** The exit code when it cannot run (verify: 2, as when not verified). Default 1. */
  failureCode?: number;
};

const text = { type: 'string' } as const;
const OPTIONS = {
  help: { type: 'boolean', short: 'h' },
  json: { type: 'boolean' },
  'batch-size': text,
  'step-grace-s': text,
  name: text,
  timezone: text,
  settings: text,
  email: text,
  permissions: text,
  'location-id': text,
  active: text,
  scopes: text,
  'expires-at': text,
  page: text,
  limit: text,
  account: text,
  since: text,
  until: text,
} as const;

/** Runs one command; resolves to the process exit code. */
export async function runCli(argv: string[], io: CliIo): Promise<number> {
  let command: Command;
  try {
    const { positionals, values } = parseArgs({ args: argv, allowPositionals: true, options: OPTIONS });
    if (values.help) {
      io.out.write(USAGE);
      return 0;
    }
    command = commandOf(positionals, values as OptionValues);
  } catch (error) {
    io.err.write(`${(error as Error).message}\n\n${USAGE}`);
    return 2;
  }
  const failureCode = command.failureCode ?? 1;
  let context: CliContext;
  try {
    context = await io.openContext();
  } catch (error) {
    io.err.write(failureText(error));
    return failureCode;
  }
  try {
    return (await command(context, io)) ?? 0;
  } catch (error) {
    io.err.write(failureText(error));
    return failureCode;
  } finally {
    await context.close();
  }
}

/** The command a line names, checked before any store opens; throws when it names none. */
function commandOf(positionals: string[], options: OptionValues): Command {
  const [name, ...rest] = positionals;
  if (name === 'events') return eventsCommandOf(rest, options);
  if (OPERATOR_GROUPS.has(name)) {
    const prepared = prepareOperatorCommand(positionals, options);
    return async (context, io) => {
      const session = openOperatorSession(context, (line) => io.err.write(`${line}\n`));
      try {
        io.out.write(`${JSON.stringify(await prepared.run(session), null, 2)}\n`);
      } finally {
        await session.close();
      }
    };
  }
  const { 'batch-size': batch, json, 'step-grace-s': grace, ...others } = options;
  const foreign = Object.keys(others).find((key) => others[key] !== undefined);
  const batchSize = batch === undefined ? undefined : Number(batch);
  const validBatch = batchSize === undefined || (Number.isInteger(batchSize) && batchSize > 0);
  const graceS = grace === undefined ? undefined : Number(grace);
  const validGrace = graceS === undefined || (Number.isInteger(graceS) && graceS >= 0);
  if (!foreign && validBatch && validGrace && name === 'verify') {
    const stepGraceMs = graceS === undefined ? undefined : graceS * 1000;
    const verify: Command = (context, io) =>
      verifyCommand(context, rest, { json: Boolean(json), batchSize, stepGraceMs, out: io.out, err: io.err });
    verify.failureCode = 2;
    return verify;
  }
  if (json !== undefined || grace !== undefined)
    throw new UsageError('--json and --step-grace-s are options of verify only');
  if (!foreign && validBatch && name === 'rebuild' && rest.length === 1) {
    return (context, io) => rebuildCommand(context, rest[0], { batchSize, out: io.out });
  }
  if (!foreign && batch === undefined && name === 'projections' && rest.length === 0) {
    return (context, io) => projectionsCommand(context, io.out);
  }
  if (
    !foreign &&
    batch === undefined &&
    name === 'projections' &&
    rest[0] === 'restart' &&
    rest.length === 2
  ) {
    return (context, io) => restartProjectionCommand(context, rest[1], io.out);
  }
  throw new UsageError(`Not a command: ${positionals.join(' ') || '(none)'}`);
}

/** A refusal the operator API would answer is its error envelope; anything else, its message. */
function failureText(error: unknown): string {
  const response = toErrorResponse(error);
  if (!response.unexpected) return `${JSON.stringify(response.body, null, 2)}\n`;
  return `${error instanceof Error ? error.message : String(error)}\n`;
}
