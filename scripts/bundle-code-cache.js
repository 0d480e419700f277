#!/usr/bin/env node
// `node [the start's V8 options] scripts/bundle-code-cache.js dist/<name>.bundle.js` (scripts/bundle-dist.js):
// loads the bundle as dist/<name>.js does, without running its main(), and writes the V8 code cache
// of what that compiled to dist/<name>.bundle.cache: the bundle's top level and every module's code
// that runs as it loads. Functions the start runs later (Nest's set-up, the routes) stay lazy, as
// does everything else: V8 compiles those when first called, from the source.
'use strict';
const { writeFileSync } = require('node:fs');
const { createRequire } = require('node:module');
const { dirname, relative, resolve } = require('node:path');
const { compileBundle, deferV8Options } = require('./bundle-launcher');

deferV8Options(); // as the launcher does before it compiles the bundle: V8 checks the cache against them
const bundle = resolve(process.argv[2]);
const { script, run } = compileBundle(bundle);
const loaded = { exports: {} }; // not require.main: the bundle's main() does not run
run(loaded.exports, createRequire(bundle), loaded, bundle, dirname(bundle));
const cache = script.createCachedData();
const file = bundle.replace(/\.js$/, '.cache');
writeFileSync(file, cache);
console.log(
  `dist: ${relative(process.cwd(), file)} (${(cache.length / 1048576).toFixed(1)} MB of V8 code cache)`,
);
// Whatever the modules started as they loaded (timers, handles) ends here.
process.exit(0);
