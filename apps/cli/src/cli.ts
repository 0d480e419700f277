import { parseArgs } from 'node:util';
import { CliContext } from './cli-context';
import { projectionsCommand } from './commands/projections';
import { rebuildCommand } from './commands/rebuild';

export const USAGE = `Usage: npm run cli -- <command>

Commands:
  rebuild <projector> [--batch-size N]  rebuild a read model from position zero into fresh
                                        tables, swapped in at the end; reads keep working
  projections                           each projector's version, position and lag

Stores as the service: DATABASE_URL, else PGlite in DATA_DIR/pglite (default ./data; PGlite admits one
process, so stop the API first); EVENTSTORE_CONNECTION_STRING for EventStoreDB.
`;

export interface CliIo {
  openContext(): Promise<CliContext>;
  out: NodeJS.WritableStream;
  err: NodeJS.WritableStream;
}

/** Runs one command; resolves to the process exit code. */
export async function runCli(argv: string[], io: CliIo): Promise<number> {
  let parsed;
  try {
    parsed = parseArgs({
      args: argv,
      allowPositionals: true,
      options: { 'batch-size': { type: 'string' }, help: { type: 'boolean', short: 'h' } },
    });
  } catch (error) {
    io.err.write(`${(error as Error).message}\n\n${USAGE}`);
    return 2;
  }
  const { positionals, values } = parsed;
  const [command, ...rest] = positionals;
  const batchSize = values['batch-size'] === undefined ? undefined : Number(values['batch-size']);
  const valid =
    !values.help &&
    ((command === 'rebuild' && rest.length === 1) || (command === 'projections' && rest.length === 0)) &&
    (batchSize === undefined || (Number.isInteger(batchSize) && batchSize > 0));
  if (!valid) {
    if (!values.help) io.err.write(`Not a command: ${argv.join(' ') || '(none)'}\n\n`);
    (values.help ? io.out : io.err).write(USAGE);
    return values.help ? 0 : 2;
  }
  const context = await io.openContext();
  try {
    if (command === 'rebuild') await rebuildCommand(context, rest[0], { batchSize, out: io.out });
    else await projectionsCommand(context, io.out);
    return 0;
  } catch (error) {
    io.err.write(`${(error as Error).message}\n`);
    return 1;
  } finally {
    await context.close();
  }
}
