import { runCli } from './cli';
import { openCliContext } from './cli-context';

runCli(process.argv.slice(2), {
  openContext: () => openCliContext(),
  out: process.stdout,
  err: process.stderr,
}).then(
  (code) => {
    process.exitCode = code;
  },
  (error: unknown) => {
    console.error(error);
    process.exitCode = 1;
  },
);
