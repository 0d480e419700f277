#!/usr/bin/env node
// After `tsc -p tsconfig.build.json`: the compiled files still require the '@app/…' path aliases
// of tsconfig.json, which Node cannot resolve. This rewrites each into a relative path to the
// compiled library in dist/, so that `node dist/apps/api/src/main.js` runs with production
// dependencies only (no register hook, no path-mapping package).
'use strict';
const { readdirSync, readFileSync, writeFileSync, statSync } = require('node:fs');
const { dirname, join, relative, sep } = require('node:path');

const dist = join(__dirname, '..', 'dist');
const LIBS = {
  domain: 'libs/domain/src',
  'event-store': 'libs/event-store/src',
  'read-models': 'libs/read-models/src',
  processes: 'libs/processes/src',
  runtime: 'libs/runtime/src',
};
const ALIAS = /require\((["'])@app\/(domain|event-store|read-models|processes|runtime)(\/[^"']*)?\1\)/g;

function* jsFiles(dir) {
  for (const name of readdirSync(dir)) {
    const path = join(dir, name);
    if (statSync(path).isDirectory()) yield* jsFiles(path);
    else if (name.endsWith('.js')) yield path;
  }
}

let rewritten = 0;
for (const file of jsFiles(dist)) {
  const text = readFileSync(file, 'utf8');
  const next = text.replace(ALIAS, (_, quote, lib, rest = '') => {
    let target = relative(dirname(file), join(dist, LIBS[lib]) + rest)
      .split(sep)
      .join('/');
    if (!target.startsWith('.')) target = `./${target}`;
    return `require("${target}")`;
  });
  if (next !== text) {
    writeFileSync(file, next);
    rewritten++;
  }
}
if (!statSync(join(dist, 'apps/api/src/main.js'), { throwIfNoEntry: false })) {
  console.error('dist/apps/api/src/main.js is missing: did tsc -p tsconfig.build.json run?');
  process.exit(1);
}
console.log(`dist: @app/* aliases resolved in ${rewritten} files`);
