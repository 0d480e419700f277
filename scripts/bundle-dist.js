#!/usr/bin/env node
// After `tsc -p tsconfig.build.json` and scripts/resolve-dist-paths.js: the API and the projector
// worker each bundled into one file, dist/api.bundle.js and dist/projector.bundle.js, each with a V8
// code cache (dist/*.bundle.cache, scripts/bundle-code-cache.js), run by dist/api.js and
// dist/projector.js (scripts/bundle-launcher.js), which `npm run start:prod` and `npm run
// start:prod:projector` run (issue 31 item 1). Loading some 2,600 CommonJS files one by one
// (resolving, reading, wrapping each) was about a third of a start's CPU; one file is not.
//
// - It bundles tsc's output, not the TypeScript sources: esbuild does not emit the decorator
//   metadata (`design:paramtypes`) that Nest's injection and the OpenAPI document read.
// - Packages that are native or WebAssembly (sharp, PGlite and its extensions, pglite-socket), or
//   that the code loads only when configured (ioredis, nodemailer, the KurrentDB client), stay in
//   node_modules and are required from there when used; so do the optional packages Nest tries to
//   require and does without (@nestjs/microservices, @nestjs/websockets, @fastify/view, …).
// - Each bundled module keeps its own `__dirname`: the audit page's assets, the pristine PGlite
//   image, swagger-ui-dist's files and pino's worker are found where the files lie in dist/ and
//   node_modules/, relative to the bundle (the Docker image keeps the same layout).
// - The bundle's source map chains tsc's maps, so stack traces point at the project's .ts files;
//   the mappings of node_modules' code are dropped from it (as own-source-maps.ts does without the
//   bundle), which keeps the map a fraction of its size (the launcher reads it at the first stack trace).
// - A few packages' files are rewritten as they are bundled, each to skip work a start does and
//   need not (scripts/bundle-rewrites.js: find-my-way's matchers, Nest's date format, fastify's
//   HTTP/2 server, prom-client's Pushgateway, http-errors' deprecation notice); the build fails
//   when a rewritten text is no longer in its package.
'use strict';
const { execFileSync } = require('node:child_process');
const { copyFileSync, readFileSync, writeFileSync } = require('node:fs');
const { dirname, join, relative, sep } = require('node:path');
const esbuild = require('esbuild');
const { cheapNames } = require('./bundle-names');
const { fastifyServers, promClientExtras } = require('./bundle-lazy-builtins');
const { lazyDateFormat } = require('./bundle-lazy-date-format');
const { lazyHttpErrorsDeprecation } = require('./bundle-lazy-deprecation');
const { routerMatchers } = require('./bundle-router-matchers');
const { asciiOnly, ownMappingsOnly } = require('./bundle-source-map');

const dist = join(__dirname, '..', 'dist');
const ENTRIES = {
  api: join(dist, 'apps/api/src/main.js'),
  projector: join(dist, 'apps/projector/src/main.js'),
};
/** esbuild's entry names: dist/api.bundle.js and dist/projector.bundle.js. */
const BUNDLES = Object.fromEntries(Object.entries(ENTRIES).map(([name, entry]) => [`${name}.bundle`, entry]));
const EXTERNAL = [
  // native or WebAssembly, or loaded only when configured (see the `import()`s in apps and libs)
  'sharp',
  '@electric-sql/pglite',
  '@electric-sql/pglite/*',
  '@electric-sql/pglite-socket',
  'kysely-pglite-dialect',
  'ioredis',
  'nodemailer',
  '@kurrent/kurrentdb-client',
  // optional packages Nest and its mapped types try to require, not installed
  '@nestjs/microservices',
  '@nestjs/microservices/*',
  '@nestjs/websockets',
  '@nestjs/websockets/*',
  '@nestjs/platform-express',
  '@fastify/view',
  'class-transformer/storage',
];

const USE_STRICT = /^(?:\s|\/\/[^\n]*\n|\/\*[\s\S]*?\*\/)*(['"])use strict\1;?/;

/** `__dirname` in a bundled module: the folder its file lies in, relative to the bundle's. */
const ownDirname = {
  name: 'own-dirname',
  setup(build) {
    build.onLoad({ filter: /\.[cm]?js$/ }, (args) => {
      const text = readFileSync(args.path, 'utf8');
      if (!/\b__dirname\b/.test(text) || /\b(?:const|let|var)\s+__dirname\b/.test(text)) return undefined;
      const folder = relative(dist, dirname(args.path)).split(sep).join('/');
      // A name as long as `__dirname`, declared on the first line (after a "use strict"): the
      // columns of every other line, and so the source maps, stay as they are.
      const declared = `;var __dirnam$=require("node:path").join(__dirname,${JSON.stringify(folder)});`;
      const prologue = USE_STRICT.exec(text)?.[0] ?? '';
      return {
        contents: prologue + declared + text.slice(prologue.length).replace(/\b__dirname\b/g, '__dirnam$'),
        loader: 'js',
        resolveDir: dirname(args.path),
      };
    });
  },
};

async function main() {
  const result = await esbuild.build({
    entryPoints: BUNDLES,
    outdir: dist,
    bundle: true,
    platform: 'node',
    target: 'node22',
    format: 'cjs',
    external: EXTERNAL,
    plugins: [
      routerMatchers,
      lazyDateFormat,
      fastifyServers,
      promClientExtras,
      lazyHttpErrorsDeprecation,
      ownDirname,
    ],
    // Class and function names stay: Nest's tokens and logs, the OpenAPI schemas' names.
    keepNames: true,
    minifyWhitespace: true,
    minifySyntax: true,
    sourcemap: 'linked',
    sourcesContent: false,
    legalComments: 'none',
    logLevel: 'warning',
    metafile: true,
  });
  for (const output of Object.keys(result.metafile.outputs).filter((path) => path.endsWith('.js'))) {
    const path = join(__dirname, '..', output);
    const { text, shiftColumn } = asciiOnly(cheapNames(readFileSync(path, 'utf8')));
    writeFileSync(path, text);
    const map = JSON.parse(readFileSync(`${path}.map`, 'utf8'));
    writeFileSync(`${path}.map`, JSON.stringify(ownMappingsOnly(map, shiftColumn)));
  }
  const sizes = Object.keys(ENTRIES).map((name) => {
    const bytes =
      result.metafile.outputs[
        relative(join(__dirname, '..'), join(dist, `${name}.bundle.js`))
          .split(sep)
          .join('/')
      ].bytes;
    return `dist/${name}.bundle.js (${(bytes / 1048576).toFixed(1)} MB)`;
  });
  console.log(`dist: bundled ${sizes.join(', ')}`);
  for (const name of Object.keys(ENTRIES)) {
    copyFileSync(join(__dirname, 'bundle-launcher.js'), join(dist, `${name}.js`));
    // With the V8 flags it will run with: V8 rejects a cache made under other flags.
    const flags = name === 'api' ? startProdFlags('start:prod') : startProdFlags('start:prod:projector');
    execFileSync(
      process.execPath,
      [
        ...flags,
        join(__dirname, 'bundle-code-cache.js'),
        join(dist, `${name}.bundle.js`),
        // the API's cache to its first healthy answer (the projector worker's: its top level)
        ...(name === 'api' ? ['--start'] : []),
      ],
      {
        stdio: 'inherit',
      },
    );
  }
}

/** The Node options of an npm script `[NAME=value …] node [option …] file.js` in package.json. */
function startProdFlags(script) {
  const command = require('../package.json').scripts[script];
  const words = command.split(/\s+/).filter((word) => word && !/^[A-Z_][A-Z0-9_]*=/.test(word));
  if (words[0] !== 'node')
    throw new Error(`npm run ${script} is not "[NAME=value …] node [option …] file.js"`);
  return words.slice(1, -1);
}

main().catch((error) => {
  console.error(error);
  process.exit(1);
});
