/*
 * Writes the OpenAPI document the API serves, generated from the code, to a file (default
 * .openapi/openapi.json): the app is created on an in-memory PGlite and asked for
 * GET /api/v3/openapi.json, as a client would. `npm run lint:openapi` lints it.
 *
 *   node -r @swc-node/register scripts/openapi-document.ts [out-file]
 */
import 'reflect-metadata';
import { mkdirSync, writeFileSync } from 'node:fs';
import { dirname } from 'node:path';
import { openDatabase } from '@app/read-models';
import { configFromEnv } from '@app/runtime';
import { createApp } from '../apps/api/src/create-app';
import { OPENAPI_JSON_PATH } from '../apps/api/src/openapi/openapi';

/** The document as the app serves it, from an app on a throw-away in-memory database. */
export async function servedOpenApiDocument(): Promise<Record<string, unknown>> {
  const database = await openDatabase({}); // PGlite in memory: nothing on disk, no server
  try {
    // An operator token so that the operator API (/admin/v1) is there, as in production.
    const config = configFromEnv({ LOG_LEVEL: 'silent', ADMIN_TOKEN: 'openapi-document' });
    const app = await createApp(config, { database });
    try {
      const response = await app.inject({ method: 'GET', url: `/${OPENAPI_JSON_PATH}` });
      if (response.statusCode !== 200)
        throw new Error(`GET /${OPENAPI_JSON_PATH} answered ${response.statusCode}`);
      return response.json();
    } finally {
      await app.close();
    }
  } finally {
    await database.close();
  }
}

async function main(): Promise<void> {
  const out = process.argv[2] ?? '.openapi/openapi.json';
  const document = await servedOpenApiDocument();
  mkdirSync(dirname(out), { recursive: true });
  writeFileSync(out, `${JSON.stringify(document, null, 2)}\n`);
}

if (require.main === module) {
  main().catch((error: unknown) => {
    console.error(error);
    process.exit(1);
  });
}
