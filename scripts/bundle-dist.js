#!/usr/bin/env node
// After `tsc -p tsconfig.build.json` and scripts/resolve-dist-paths.js: the API and the projector
// worker each bundled into one file, dist/api.js and dist/projector.js, which `npm run start:prod`
// and `npm run start:prod:projector` run (issue 31 item 1). Loading some 2,600 CommonJS files one
// by one (resolving, reading, wrapping each) was about a third of a start's CPU; one file is not.
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
//   bundle), which keeps the map a fraction of its size, read at every start.
'use strict';
const { readFileSync, writeFileSync } = require('node:fs');
const { dirname, join, relative, sep } = require('node:path');
const esbuild = require('esbuild');

const dist = join(__dirname, '..', 'dist');
const ENTRIES = {
  api: join(dist, 'apps/api/src/main.js'),
  projector: join(dist, 'apps/projector/src/main.js'),
};
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
    entryPoints: ENTRIES,
    outdir: dist,
    bundle: true,
    platform: 'node',
    target: 'node22',
    format: 'cjs',
    external: EXTERNAL,
    plugins: [ownDirname],
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
    const { text, shiftColumn } = asciiOnly(readFileSync(path, 'utf8'));
    writeFileSync(path, text);
    const map = JSON.parse(readFileSync(`${path}.map`, 'utf8'));
    writeFileSync(`${path}.map`, JSON.stringify(ownMappingsOnly(map, shiftColumn)));
  }
  const sizes = Object.keys(ENTRIES).map((name) => {
    const bytes =
      result.metafile.outputs[
        relative(join(__dirname, '..'), join(dist, `${name}.js`))
          .split(sep)
          .join('/')
      ].bytes;
    return `dist/${name}.js (${(bytes / 1048576).toFixed(1)} MB)`;
  });
  console.log(`dist: bundled ${sizes.join(', ')}`);
}

/**
 * The source map without node_modules' code, and with one segment per original line: Node decodes
 * the whole map into an array per segment the first time a stack trace is formed (some 15 MB for
 * esbuild's 150,000 segments), and a stack trace needs lines, not columns. Code of node_modules is
 * left unmapped: its frames show the bundle's line and column, and their function names.
 */
function ownMappingsOnly(map, shiftColumn) {
  const newIndex = [];
  const sources = [];
  map.sources.forEach((source, index) => {
    if (!source.split('/').includes('node_modules')) newIndex[index] = sources.push(source) - 1;
  });
  const names = [];
  const nameIndex = new Map();
  // Fields are relative to the previous segment's: decoded ones to the map's, encoded to the kept.
  const read = { source: 0, line: 0, column: 0, name: 0 };
  const written = { source: 0, line: 0, column: 0, name: 0 };
  const lines = map.mappings.split(';').map((group, line) => {
    let generated = 0;
    let writtenGenerated = 0;
    let last; // the last segment written on this line: undefined, 'unmapped' or `${source}:${line}`
    const out = [];
    for (const segment of group ? group.split(',') : []) {
      const fields = decodeVlq(segment);
      generated += fields[0];
      let key = 'unmapped';
      if (fields.length >= 4) {
        read.source += fields[1];
        read.line += fields[2];
        read.column += fields[3];
        if (fields.length === 5) read.name += fields[4];
        if (newIndex[read.source] !== undefined) key = `${newIndex[read.source]}:${read.line}`;
      }
      if (key === last || (key === 'unmapped' && last === undefined)) continue;
      last = key;
      const column = shiftColumn(line, generated);
      const encoded = [column - writtenGenerated];
      writtenGenerated = column;
      if (key !== 'unmapped') {
        const source = newIndex[read.source];
        encoded.push(source - written.source, read.line - written.line, read.column - written.column);
        Object.assign(written, { source, line: read.line, column: read.column });
        if (fields.length === 5) {
          let index = nameIndex.get(read.name);
          if (index === undefined) nameIndex.set(read.name, (index = names.push(map.names[read.name]) - 1));
          encoded.push(index - written.name);
          written.name = index;
        }
      }
      out.push(encodeVlq(encoded));
    }
    return out.join(',');
  });
  return { ...map, sources, names, mappings: lines.join(';') };
}

/**
 * The bundle in ASCII only, and how far each column of its lines moved. esbuild escapes the
 * characters of strings but leaves those of regular expressions (validator's alphabets): one such
 * character makes V8 hold the whole 6 MB source in two bytes a character instead of one. A `\\uXXXX`
 * escape per UTF-16 unit means the same in a regular expression, with or without the u flag.
 */
function asciiOnly(source) {
  const moved = new Map(); // line -> [column where a character was escaped, ...]
  const lines = source.split('\n').map((text, line) => {
    if (!/[^\x00-\x7f]/.test(text)) return text;
    const columns = [];
    let out = '';
    for (let column = 0; column < text.length; column++) {
      const code = text.charCodeAt(column);
      if (code <= 0x7f) {
        out += text[column];
        continue;
      }
      columns.push(column);
      out += `\\u${code.toString(16).padStart(4, '0')}`;
    }
    moved.set(line, columns);
    return out;
  });
  const shiftColumn = (line, column) => {
    const columns = moved.get(line);
    if (!columns) return column;
    let before = 0;
    while (before < columns.length && columns[before] < column) before++;
    return column + 5 * before;
  };
  return { text: lines.join('\n'), shiftColumn };
}

const BASE64 = 'ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789+/';
const DIGIT = new Map([...BASE64].map((char, index) => [char, index]));

function decodeVlq(segment) {
  const values = [];
  let value = 0;
  let shift = 0;
  for (const char of segment) {
    const digit = DIGIT.get(char);
    value += (digit & 31) << shift;
    if (digit & 32) {
      shift += 5;
    } else {
      values.push(value & 1 ? -(value >>> 1) : value >>> 1);
      value = 0;
      shift = 0;
    }
  }
  return values;
}

function encodeVlq(values) {
  let out = '';
  for (const value of values) {
    let rest = value < 0 ? (-value << 1) | 1 : value << 1;
    do {
      let digit = rest & 31;
      rest >>>= 5;
      if (rest) digit |= 32;
      out += BASE64[digit];
    } while (rest);
  }
  return out;
}

main().catch((error) => {
  console.error(error);
  process.exit(1);
});
