import { parseArgs } from 'node:util';
import { toErrorResponse } from '../../api/src/http/error-response';
import { CliContext } from './cli-context';
import { projectionsCommand, restartProjectionCommand } from './commands/projections';
import { rebuildCommand } from './commands/rebuild';
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
  projections                           each projector's version, position and lag, and
                                        those stopped on an error (event, error)
  projections restart <projector>       resume one stopped on an error, once fixed, from its
                                        checkpoint (no rebuild)

Accounts, users and API keys (as the operator API /admin/v1; JSON on stdout):
${OPERATOR_USAGE}
Exit codes: 0 done; 1 refused (the error envelope on stderr) or failed; 2 not a valid command line.

Stores as the service: DATABASE_URL, else PGlite in DATA_DIR/pglite (default ./data; PGlite admits one
process, so stop the API first); EVENTSTORE_CONNECTION_STRING for EventStoreDB.
`;

export interface CliIo {
  openContext(): Promise<CliContext>;
  out: NodeJS.WritableStream;
  err: NodeJS.WritableStream;
}

type Command = (context: CliContext, io: CliIo) => Promise<void>;

const text = { type: 'string' } as const;
const OPTIONS = {
  help: { type: 'boolean', short: 'h' },
  'batch-size': text,
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
  const context = await io.openContext();
  try {
    await command(context, io);
    return 0;
  } catch (error) {
    io.err.write(failureText(error));
    return 1;
  } finally {
    await context.close();
  }
}

/** The command a line names, checked before any store opens; throws when it names none. */
function commandOf(positionals: string[], options: OptionValues): Command {
  const [name, ...rest] = positionals;
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
  const { 'batch-size': batch, ...others } = options;
  const foreign = Object.keys(others).find((key) => others[key] !== undefined);
  const batchSize = batch === undefined ? undefined : Number(batch);
  const validBatch = batchSize === undefined || (Number.isInteger(batchSize) && batchSize > 0);
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
