// First: its source-map setting applies to every module loaded after it.
import '@app/runtime/own-source-maps';
import pino from 'pino';
import { RunnerLogger } from '@app/read-models';
import { configFromEnv, unsupportedNodeNotice } from '@app/runtime';
import { startProjectorWorker } from './worker';

/**
 * `npm run start:projector`: the projectors without the API, on the stores the environment names,
 * until SIGTERM or SIGINT. Transient faults (the database away) are retried by the projectors
 * themselves; a projector that throws on an event stops alone (logged once, shown by /health and
 * `npm run cli -- projections`) until an operator restarts it, and the others go on.
 */
async function main(): Promise<void> {
  const notice = unsupportedNodeNotice();
  if (notice) console.warn(notice);
  const config = configFromEnv();
  const log = pino({ level: config.logLevel, timestamp: pino.stdTimeFunctions.isoTime });
  const logger: RunnerLogger = {
    info: (message) => log.info(message),
    error: (message, err) => log.error({ err }, message),
  };
  let stopping = false;
  const reported = new Set<string>(); // failures already logged
  const worker = await startProjectorWorker(config, {
    logger,
    heartbeatFile: process.env.PROJECTOR_HEARTBEAT_FILE || undefined,
    onFailure: (failed) => {
      const fresh = failed.filter((f) => !reported.has(f.name));
      reported.clear();
      for (const f of failed) reported.add(f.name);
      if (fresh.length === 0) return;
      log.error(
        { projectors: fresh.map((f) => ({ name: f.name, error: f.error, event: f.failure?.event })) },
        'A projector stopped on an error; the others go on. Once fixed: npm run cli -- projections restart <name>',
      );
    },
  });
  const statuses = [...(await worker.runner.status()), ...(await worker.reactors.status())];
  const leading = statuses.map((s) => `${s.name} (${s.state})`);
  log.info(`Projector worker started: ${leading.join(', ')}`);

  async function shutdown(code: number): Promise<void> {
    if (stopping) return;
    stopping = true;
    log.info('Projector worker stopping: finishing the batches in flight');
    try {
      await worker.stop();
    } catch (error) {
      log.error({ err: error }, 'Projector worker: stopping failed');
      code = 1;
    }
    process.exit(code);
  }
  for (const signal of ['SIGTERM', 'SIGINT'] as const) {
    process.on(signal, () => {
      if (stopping) process.exit(1); // a second signal: do not wait any longer
      void shutdown(0);
    });
  }
}

// Run as the program (`npm start`, dist/*.js), not when only loaded: `npm run build` loads the bundle
// to make its code cache (scripts/bundle-code-cache.js).
if (require.main === module) {
  main().catch((error: unknown) => {
    console.error(error);
    process.exit(1);
  });
}
