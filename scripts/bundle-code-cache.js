#!/usr/bin/env node
// `node [the start's V8 options] scripts/bundle-code-cache.js dist/<name>.bundle.js [--start]`
// (scripts/bundle-dist.js): writes the V8 code cache of the bundle to dist/<name>.bundle.cache.
//
// Without --start it loads the bundle as dist/<name>.js does, without running its main(): the
// cache holds the bundle's top level and every module's code that runs as it loads, and functions
// the start runs later (Nest's set-up, the routes) are compiled from the source at each start.
//
// With --start (the API) it runs the bundle's main() as well, on a new embedded database in a
// folder of its own (PGlite: no server at build time), until `GET /health` answers 200: the cache
// then also holds what a start compiles on its way there (issue 31: about 40-90 ms of CPU less
// per start, on PostgreSQL too: only the stores' own code differs). It writes nothing of the run.
//
// V8 drops the bytecode of a function that has not run for some garbage collections (6); the
// cache holds only what still has its bytecode when it is made. The embedded start makes enough
// collections on a loaded machine that the top level's functions, which ran once, were dropped
// (2.7-2.9 MB instead of 6.3: about 250 ms more CPU at every start of that build). So nothing
// is dropped while the cache is made; the option is set back before V8 writes it, which it checks.
'use strict';
const { mkdtempSync, rmSync, writeFileSync } = require('node:fs');
const { createRequire } = require('node:module');
const { tmpdir } = require('node:os');
const { dirname, join, relative, resolve } = require('node:path');
const { setFlagsFromString } = require('node:v8');
const { compileBundle, deferV8Options } = require('./bundle-launcher');

const START_TIMEOUT_MS = 120_000;

async function main() {
  deferV8Options(); // as the launcher does before it compiles the bundle: V8 checks the cache against them
  setFlagsFromString('--no-flush-bytecode'); // until the cache is made (see the head of this file)
  const bundle = resolve(process.argv[2]);
  const start = process.argv.includes('--start');
  const { script, run } = compileBundle(bundle);
  let folder;
  if (start) {
    folder = mkdtempSync(join(tmpdir(), 'code-cache-start-'));
    Object.assign(process.env, {
      DATA_DIR: folder,
      DATABASE_URL: '',
      EVENTSTORE_CONNECTION_STRING: '',
      REDIS_URL: '',
      SQL_PORT: '',
      SMTP_URL: '',
      HOST: '127.0.0.1',
      PORT: String(await freePort()),
      LOG_LEVEL: 'silent',
    });
  }
  try {
    // As require.main with --start (the bundle's main() runs), else a module of its own.
    const loaded = start ? module : { exports: {} };
    run(loaded.exports, start ? require : createRequire(bundle), loaded, bundle, dirname(bundle));
    if (start) await healthy(Number(process.env.PORT));
    setFlagsFromString('--flush-bytecode'); // V8's default, as at a start: the cache carries the options' hash
    const cache = script.createCachedData();
    const file = bundle.replace(/\.js$/, '.cache');
    writeFileSync(file, cache);
    console.log(
      `dist: ${relative(process.cwd(), file)} (${(cache.length / 1048576).toFixed(1)} MB of V8 code cache${start ? ', to a start' : ''})`,
    );
  } finally {
    if (folder) rmSync(folder, { recursive: true, force: true });
  }
}

/** A port free now on 127.0.0.1. */
function freePort() {
  const server = require('node:net').createServer();
  return new Promise((done, fail) => {
    server.once('error', fail);
    server.listen(0, '127.0.0.1', () => {
      const { port } = server.address();
      server.close(() => done(port));
    });
  });
}

/** Resolves once GET /health on `port` answers 200. */
async function healthy(port) {
  const began = Date.now();
  for (;;) {
    const status = await fetch(`http://127.0.0.1:${port}/health`).then(
      (response) => response.status,
      () => 0,
    );
    if (status === 200) return;
    if (Date.now() - began > START_TIMEOUT_MS) throw new Error(`no healthy start in ${START_TIMEOUT_MS} ms`);
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
}

// Whatever the bundle started (its server, stores, timers) ends here.
main().then(
  () => process.exit(0),
  (error) => {
    console.error(error);
    process.exit(1);
  },
);
