import { spawn } from 'node:child_process';
import { once } from 'node:events';
import { freePort } from '../../test/support/free-port';

/** A statement as the bare service runs it. */
export interface BareStatement {
  text: string;
  values: unknown[];
}

/**
 * bare-page-server.ts in its own process, on `databaseUrl`: `GET /N` answers with the rows of
 * `statements[N]`, the way the barest Node HTTP service would. Beside the API it tells what of a
 * list's time any HTTP answer costs on this machine (the process hop, node:http on both ends, JSON).
 */
export async function startBarePageServer(databaseUrl: string, statements: BareStatement[]) {
  const port = await freePort();
  const child = spawn(process.execPath, ['-r', '@swc-node/register', 'bench/support/bare-page-server.ts'], {
    env: {
      ...process.env,
      BARE_DATABASE_URL: databaseUrl,
      BARE_STATEMENTS: JSON.stringify(statements),
      BARE_PORT: String(port),
    },
    stdio: ['ignore', 'pipe', 'inherit'],
  });
  await once(child.stdout!, 'data');
  return {
    url: `http://127.0.0.1:${port}`,
    async stop() {
      child.kill('SIGTERM');
      if (child.exitCode === null) await once(child, 'exit');
    },
  };
}
