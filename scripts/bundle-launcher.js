// dist/api.js and dist/projector.js: scripts/bundle-dist.js copies this file under both names. Each
// runs its bundle, dist/<name>.bundle.js, compiled with the V8 code cache `npm run build` made of it
// (dist/<name>.bundle.cache, scripts/bundle-code-cache.js; issue 31 item 1). Compiling the 6 MB
// bundle (a pre-parse of every function in it) and then each function its start runs was about a
// third of the API's start-up CPU; with the cache V8 reads the compiled functions instead. A cache
// that does not fit (another Node, other V8 flags, a changed bundle) is rejected by V8 and the
// bundle compiles from its source as before.
//
// V8 also checks its options against the compiled code Node carries for its own modules (http,
// crypto, tls, … about a hundred load as the API starts): any option not at its default makes V8
// reject that code, and each of those modules compiles from its source, some 40-60 ms of CPU per
// start. So the options of `start:prod` are set back to V8's defaults here, where that is safe:
// the heap's sizes (V8 read them when it made the heap, before this file ran) for good, and the
// number of threads compiling WebAssembly (PGlite, read when it compiles) until the bundle's top
// level has run. The bundle's own code cache is made (scripts/bundle-code-cache.js) and checked
// under the same defaults.
//
// Node maps stack traces with source maps (`--enable-source-maps`) only for what its own loader
// compiles, so the bundle's frames are mapped here, with Node's SourceMap and the bundle's map read
// at the first stack trace that needs it, the way Node prints them.
'use strict';
const { isAscii } = require('node:buffer');
const { readFileSync } = require('node:fs');
const { SourceMap } = require('node:module');
const { fileURLToPath, pathToFileURL } = require('node:url');
const { debuglog } = require('node:util');
const { setFlagsFromString } = require('node:v8');
const { Script, constants } = require('node:vm');

const debug = debuglog('bundle'); // NODE_DEBUG=bundle: whether V8 took the code cache

/** V8 options read when V8 makes the heap: their value once it has made it changes nothing. */
const HEAP_OPTIONS = { 'max-semi-space-size': '0', 'min-semi-space-size': '0' };
/** V8 options read later, after the bundle's top level (when PGlite's WebAssembly compiles). */
const LATER_OPTIONS = { 'wasm-num-compilation-tasks': '128' };

/**
 * Sets the V8 options of this process's command line (`execArgv`) named above back to V8's
 * defaults (see the head of this file); returns what sets the later ones as they were given.
 */
function deferV8Options(execArgv = process.execArgv) {
  const later = [];
  for (const [name, value] of v8Options(execArgv)) {
    if (name in HEAP_OPTIONS) setFlagsFromString(`--${name}=${HEAP_OPTIONS[name]}`);
    else if (name in LATER_OPTIONS) {
      setFlagsFromString(`--${name}=${LATER_OPTIONS[name]}`);
      later.push(`--${name}=${value}`);
    }
  }
  return () => later.forEach((option) => setFlagsFromString(option));
}

/** `--name=value` and `--name value` options, names with dashes (V8 takes `_` as `-`). */
function* v8Options(execArgv) {
  for (let i = 0; i < execArgv.length; i++) {
    const match = /^--([^=]+)(?:=(.*))?$/.exec(execArgv[i]);
    if (!match) continue;
    const name = match[1].replace(/_/g, '-');
    if (match[2] !== undefined) yield [name, match[2]];
    else if (name in HEAP_OPTIONS || name in LATER_OPTIONS) yield [name, execArgv[++i]];
  }
}

/** The bundle in a CommonJS module's function, on its own first line so its lines keep their numbers. */
const WRAPPER_HEAD = '(function (exports, require, module, __filename, __dirname) {\n';

/**
 * The bundle's text. It is ASCII (scripts/bundle-source-map.js escapes the rest), and read as
 * Latin-1 a plain copy makes the same string: decoding its 6 MB as UTF-8 took about 8 ms more of
 * a start's CPU. Another text is read as UTF-8.
 */
function readBundle(file) {
  const bytes = readFileSync(file);
  return bytes.toString(isAscii(bytes) ? 'latin1' : 'utf8');
}

/** The bundle at `file` compiled (with `cachedData` when given): its script and module function. */
function compileBundle(file, cachedData) {
  const script = new Script(`${WRAPPER_HEAD}${readBundle(file)}\n})`, {
    filename: file,
    lineOffset: -1,
    cachedData,
    // its `import()`s (an ES module package loaded on demand) as in a module Node loaded
    importModuleDynamically: constants.USE_MAIN_CONTEXT_DEFAULT_LOADER,
  });
  return { script, run: script.runInThisContext() };
}

/** The code cache beside the bundle, or undefined when there is none. */
function readCache(file) {
  try {
    return readFileSync(file);
  } catch (error) {
    if (error.code === 'ENOENT') return undefined;
    throw error;
  }
}

/** Error.prepareStackTrace mapping the bundle's frames to the project's sources (see above), `previous` for other stacks. */
function mapBundleFrames(bundle, previous) {
  let map; // undefined: not read yet; null: none
  const sourceMap = () => {
    if (map === undefined) {
      try {
        const data = JSON.parse(readFileSync(`${bundle}.map`, 'utf8'));
        // its sources as absolute file URLs, as Node reads a map
        const base = pathToFileURL(`${bundle}.map`);
        data.sources = data.sources.map((source) => new URL((data.sourceRoot || '') + source, base).href);
        data.sourceRoot = '';
        map = new SourceMap(data);
      } catch {
        map = null;
      }
    }
    return map;
  };
  return (error, callSites) => {
    // Node's own (Node 22 defines one) for stacks that do not pass through the bundle
    if (previous && !callSites.some((site) => site.getFileName() === bundle))
      return previous(error, callSites);
    const head = isNodeError(error)
      ? `${error.name} [${error.code}]: ${error.message}`
      : Error.prototype.toString.call(error);
    const frames = callSites.map(
      (site) => `\n    at ${site.getFileName() === bundle ? mapped(sourceMap(), site) : site}`,
    );
    return head + frames.join('');
  };
}

/** Node's own errors, whose first line Node prints with their code. */
function isNodeError(error) {
  for (let object = error; object; object = Object.getPrototypeOf(object)) {
    if (Object.getOwnPropertySymbols(object).some((symbol) => symbol.description === 'kIsNodeError'))
      return true;
  }
  return false;
}

/** A frame of the bundle as Node's `--enable-source-maps` prints it: the original file and line. */
function mapped(map, site) {
  const entry = map?.findEntry(site.getLineNumber() - 1, site.getColumnNumber() - 1);
  if (entry?.originalSource === undefined) return `${site}`;
  const source = entry.originalSource.startsWith('file://')
    ? fileURLToPath(entry.originalSource)
    : entry.originalSource;
  const prefix = site.isAsync() ? 'async ' : site.isConstructor() ? 'new ' : '';
  const typeName = site.getTypeName();
  const owner = typeName !== null && typeName !== 'global' ? `${typeName}.` : '';
  const name = site.getFunctionName() ?? site.getMethodName() ?? '<anonymous>';
  return `${prefix}${owner}${name} (${source}:${entry.originalLine + 1}:${entry.originalColumn + 1})`;
}

/** Runs the bundle as this process's main module (its main() runs when it is require.main's). */
function launch() {
  const restoreLaterOptions = deferV8Options();
  const bundle = __filename.replace(/\.js$/, '.bundle.js');
  const cache = readCache(bundle.replace(/\.js$/, '.cache'));
  const { script, run } = compileBundle(bundle, cache);
  debug(
    '%s: code cache %s',
    bundle,
    !cache ? 'missing' : script.cachedDataRejected ? 'rejected' : 'accepted',
  );
  Error.prepareStackTrace = mapBundleFrames(bundle, Error.prepareStackTrace);
  run(module.exports, require, module, bundle, __dirname);
  restoreLaterOptions(); // main() has begun and waits: the stores open after this
}

module.exports = { compileBundle, deferV8Options, readBundle };

if (require.main === module) launch();
