#!/usr/bin/env node
// After scripts/bundle-dist.js: the ready PGlite image a new DATA_DIR starts from (the cluster with
// the API's schema made; libs/read-models/src/pglite-images.ts), beside the compiled module. The
// built API (dist/api.js) starts once on a new DATA_DIR, on the embedded database with its default
// settings, until GET /health answers 200 (every projector and reactor running: their tables and
// checkpoints made), and is stopped; its data directory is then dumped. The image is what any
// first start of this build makes, by the same code.
'use strict';
const { spawn } = require('node:child_process');
const { once } = require('node:events');
const { mkdtempSync, rmSync } = require('node:fs');
const { get } = require('node:http');
const { createServer } = require('node:net');
const { tmpdir } = require('node:os');
const { join } = require('node:path');

const root = join(__dirname, '..');
const { writeReadyImage, readyImagePath } = require(
  join(root, 'dist', 'libs', 'read-models', 'src', 'pglite-images.js'),
);

const HEALTHY_TIMEOUT_MS = 120_000;

async function main() {
  const dataDir = mkdtempSync(join(tmpdir(), 'pglite-ready-'));
  try {
    await firstStart(dataDir);
    await writeReadyImage(join(dataDir, 'pglite'));
  } finally {
    rmSync(dataDir, { recursive: true, force: true });
  }
  console.log(`dist: ${readyImagePath().replace(root + '/', '')}`);
}

/** dist/api.js on `dataDir` until healthy, then stopped (SIGTERM: it closes its database). */
async function firstStart(dataDir) {
  const port = await freePort();
  // The embedded defaults: no server, no EventStoreDB, nothing an operator's environment sets.
  const env = {
    PATH: process.env.PATH,
    DATA_DIR: dataDir,
    HOST: '127.0.0.1',
    PORT: String(port),
    LOG_LEVEL: 'warn',
  };
  const api = spawn(process.execPath, [join(root, 'dist', 'api.js')], {
    env,
    stdio: ['ignore', 'inherit', 'inherit'],
  });
  const exited = once(api, 'exit');
  try {
    await healthy(port, api);
  } finally {
    if (api.exitCode === null) api.kill('SIGTERM');
  }
  const [code, signal] = await exited;
  if (code !== 0 && signal !== 'SIGTERM') throw new Error(`dist/api.js stopped with ${code ?? signal}`);
}

async function healthy(port, api) {
  const deadline = Date.now() + HEALTHY_TIMEOUT_MS;
  while (Date.now() < deadline) {
    if (api.exitCode !== null)
      throw new Error(`dist/api.js exited with ${api.exitCode} before it was healthy`);
    if ((await status(port)) === 200) return;
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
  throw new Error(`dist/api.js was not healthy within ${HEALTHY_TIMEOUT_MS} ms`);
}

function status(port) {
  return new Promise((resolve) => {
    const request = get({ host: '127.0.0.1', port, path: '/health' }, (response) => {
      response.resume();
      resolve(response.statusCode);
    });
    request.on('error', () => resolve(0));
  });
}

async function freePort() {
  const server = createServer().listen(0, '127.0.0.1');
  await once(server, 'listening');
  const { port } = server.address();
  server.close();
  return port;
}

main().catch((error) => {
  console.error(error);
  process.exit(1);
});
