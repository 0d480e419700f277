// First: its source-map setting applies to every module loaded after it.
import '@app/runtime/own-source-maps';
import 'reflect-metadata';
import { Logger } from 'nestjs-pino';
import { configFromEnv, unsupportedNodeNotice } from '@app/runtime';
import { createApp } from './create-app';

/** `npm start`: the API with its projectors, on the stores the environment names (spec/EXTENSIONS.md §1). */
async function main(): Promise<void> {
  const notice = unsupportedNodeNotice();
  if (notice) console.warn(notice);
  const config = configFromEnv();
  const app = await createApp(config);
  app.enableShutdownHooks();
  await app.listen({ host: config.host, port: config.port });
  app.get(Logger).log(`Listening on ${await app.getUrl()}`, 'Main');
}

// Run as the program (`npm start`, dist/*.js), not when only loaded: `npm run build` loads the bundle
// to make its code cache (scripts/bundle-code-cache.js).
if (require.main === module) {
  main().catch((error: unknown) => {
    console.error(error);
    process.exit(1);
  });
}
