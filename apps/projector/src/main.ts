import pino from 'pino';
import { RunnerLogger } from '@app/read-models';
import { configFromEnv } from '../../api/src/config';
import { startProjectorWorker } from './worker';

/**
 * `npm run start:projector`: the projectors without the API, on the stores the environment names,
 * until SIGTERM or SIGINT. Exits with 1 when a projector it leads stops on an error, so that its
 * supervisor restarts it and, meanwhile, a standby worker takes the projector over.
 */
async function main(): Promise<void> {
  const config = configFromEnv();
  const log = pino({ level: config.logLevel, timestamp: pino.stdTimeFunctions.isoTime });
  const logger: RunnerLogger = {
    info: (message) => log.info(message),
    error: (message, err) => log.error({ err }, message),
  };
  let stopping = false;
  const worker = await startProjectorWorker(config, {
    logger,
    heartbeatFile: process.env.PROJECTOR_HEARTBEAT_FILE || undefined,
    onFailure: (failed) => {
      log.error({ projectors: failed.map((f) => f.name) }, 'A projector stopped on an error: exiting');
      void shutdown(1);
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

main().catch((error: unknown) => {
  console.error(error);
  process.exit(1);
});
