import { execFileSync, spawnSync } from 'node:child_process';
import { copyFileSync, existsSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { buildSync } from 'esbuild';

// dist/api.js and dist/projector.js (scripts/bundle-launcher.js) run their bundle with the V8 code
// cache `npm run build` makes of it (scripts/bundle-code-cache.js), and map its stack traces.
const SCRIPTS = resolve(__dirname, '..', 'scripts');

describe('the bundle launcher and its code cache', () => {
  let folder: string;
  let launcher: string;
  let bundle: string;

  beforeAll(() => {
    folder = mkdtempSync(join(tmpdir(), 'bundle-launcher-'));
    writeFileSync(
      join(folder, 'app.js'),
      [
        'function fail() {',
        "  throw new Error('boom');",
        '}',
        'async function main() {',
        "  console.log('main ran');",
        '  try {',
        '    fail();',
        '  } catch (error) {',
        '    console.log(error.stack);',
        '  }',
        "  const path = await import('node:path');",
        "  console.log('import() gave', typeof path.join);",
        '}',
        'if (require.main === module) void main();',
        '',
      ].join('\n'),
    );
    bundle = join(folder, 'out', 'app.bundle.js');
    buildSync({
      entryPoints: [join(folder, 'app.js')],
      outfile: bundle,
      bundle: true,
      platform: 'node',
      format: 'cjs',
      minifyWhitespace: true,
      sourcemap: 'linked',
      logLevel: 'silent',
    });
    launcher = join(folder, 'out', 'app.js');
    copyFileSync(join(SCRIPTS, 'bundle-launcher.js'), launcher);
  });

  afterAll(() => rmSync(folder, { recursive: true, force: true }));

  function makeCache(flags: string[] = []): string {
    return execFileSync(process.execPath, [...flags, join(SCRIPTS, 'bundle-code-cache.js'), bundle], {
      encoding: 'utf8',
    });
  }

  function launch(flags: string[] = []) {
    const run = spawnSync(process.execPath, [...flags, launcher], {
      encoding: 'utf8',
      env: { ...process.env, NODE_DEBUG: 'bundle', NODE_OPTIONS: '' },
    });
    expect(run.status).toBe(0);
    return run;
  }

  it('makes the cache by loading the bundle without running its main', () => {
    const output = makeCache();
    expect(output).not.toContain('main ran');
    expect(existsSync(join(folder, 'out', 'app.bundle.cache'))).toBe(true);
  });

  it("runs the bundle's main with the cache V8 accepts, import() included", () => {
    makeCache();
    const { stdout, stderr } = launch();
    expect(stderr).toContain('app.bundle.js: code cache accepted');
    expect(stdout).toContain('main ran');
    expect(stdout).toContain('import() gave function');
  });

  it('runs the bundle from its source when the cache was made under other V8 flags', () => {
    makeCache(['--max-lazy']);
    const { stdout, stderr } = launch();
    expect(stderr).toContain('app.bundle.js: code cache rejected');
    expect(stdout).toContain('main ran');
  });

  it("sets start:prod's V8 options back to V8's defaults: the heap's at once, WebAssembly's after the top level", () => {
    // Any V8 option off its default makes V8 reject the compiled code Node carries for its own
    // modules; cachedDataVersionTag() is the hash V8 checks (its version, its options).
    const app = join(folder, 'options.js');
    writeFileSync(
      app,
      [
        "const v8 = require('node:v8');",
        'const atTopLevel = v8.cachedDataVersionTag();',
        'async function main() {',
        '  await null;',
        '  let kept = [];',
        '  for (let i = 0; i < 300000; i++) kept.push({ i, text: `row ${i}` }), kept.length > 50000 && (kept = []);',
        "  const young = v8.getHeapSpaceStatistics().find((space) => space.space_name === 'new_space');",
        '  console.log(JSON.stringify({ atTopLevel, later: v8.cachedDataVersionTag(), youngMb: young.space_size / 1048576 }));',
        '}',
        'if (require.main === module) void main();',
        '',
      ].join('\n'),
    );
    const optionsBundle = join(folder, 'out', 'options.bundle.js');
    buildSync({
      entryPoints: [app],
      outfile: optionsBundle,
      bundle: true,
      platform: 'node',
      format: 'cjs',
      logLevel: 'silent',
    });
    const optionsLauncher = join(folder, 'out', 'options.js');
    copyFileSync(join(SCRIPTS, 'bundle-launcher.js'), optionsLauncher);
    const startProd = ['--max-semi-space-size=2', '--wasm-num-compilation-tasks=1'];
    execFileSync(process.execPath, [...startProd, join(SCRIPTS, 'bundle-code-cache.js'), optionsBundle]);
    const run = spawnSync(process.execPath, [...startProd, optionsLauncher], {
      encoding: 'utf8',
      env: { ...process.env, NODE_DEBUG: 'bundle', NODE_OPTIONS: '' },
    });
    expect(run.stderr).toContain('options.bundle.js: code cache accepted');
    const seen = JSON.parse(run.stdout) as { atTopLevel: number; later: number; youngMb: number };
    expect(seen.atTopLevel).toBe(versionTag([]));
    expect(seen.later).toBe(versionTag(['--wasm-num-compilation-tasks=1']));
    expect(seen.youngMb).toBeLessThanOrEqual(4); // still 2 MB semi-spaces (V8's default grows to 32)
  });

  it("with --start, caches what the bundle's main() compiles on its way to a healthy /health", () => {
    const app = join(folder, 'server.js');
    writeFileSync(
      app,
      [
        "const http = require('node:http');",
        // compiled only when main() runs: a cache of the top level alone does not hold it
        'function answer(request, response) {',
        '  const lines = [];',
        '  for (let i = 0; i < 100; i++) lines.push(`${request.url} ${i} ${Math.sqrt(i).toFixed(3)}`);',
        "  response.writeHead(request.url === '/health' ? 200 : 404, { 'content-length': 2 });",
        "  response.end(lines.length === 100 ? 'ok' : 'no');",
        '}',
        'function main() {',
        "  console.log('serving on', process.env.DATA_DIR ? 'a data folder' : 'none');",
        "  http.createServer(answer).listen(Number(process.env.PORT), '127.0.0.1');",
        '}',
        'if (require.main === module) main();',
        '',
      ].join('\n'),
    );
    const serverBundle = join(folder, 'out', 'server.bundle.js');
    buildSync({
      entryPoints: [app],
      outfile: serverBundle,
      bundle: true,
      platform: 'node',
      format: 'cjs',
      logLevel: 'silent',
    });
    const cacheOf = (args: string[]) => {
      const output = execFileSync(
        process.execPath,
        [join(SCRIPTS, 'bundle-code-cache.js'), serverBundle, ...args],
        {
          encoding: 'utf8',
        },
      );
      return { output, bytes: readFileSync(serverBundle.replace(/\.js$/, '.cache')).length };
    };
    const topLevel = cacheOf([]);
    const started = cacheOf(['--start']);
    expect(topLevel.output).not.toContain('serving on');
    expect(started.output).toContain('serving on a data folder');
    expect(started.output).toContain('to a start');
    expect(started.bytes).toBeGreaterThan(topLevel.bytes);
  });

  it('keeps in the cache the code that ran once, however many collections the start makes', () => {
    // V8 drops the bytecode of functions idle for some major collections (--bytecode-old-age, 6;
    // here 1), and main() makes some before it listens, as a long embedded start does.
    writeFileSync(
      join(folder, 'setup.js'),
      [
        'exports.settings = function settings() {',
        '  const table = {};',
        '  for (let i = 0; i < 50; i++) table[`key${i}`] = { index: i, label: `label ${i}`.toUpperCase() };',
        '  return table;',
        '};',
        '',
      ].join('\n'),
    );
    const app = join(folder, 'collected.js');
    writeFileSync(
      app,
      [
        "const http = require('node:http');",
        "const settings = require('./setup').settings();",
        'function main() {',
        '  let kept = [];',
        '  for (let i = 0; i < 3e6; i++) kept.push({ i, text: `row ${i}` }), kept.length > 1e6 && (kept = []);',
        '  http',
        '    .createServer((request, response) => response.end(String(Object.keys(settings).length)))',
        "    .listen(Number(process.env.PORT), '127.0.0.1');",
        '}',
        'if (require.main === module) main();',
        '',
      ].join('\n'),
    );
    const collectedBundle = join(folder, 'out', 'collected.bundle.js');
    buildSync({
      entryPoints: [app],
      outfile: collectedBundle,
      bundle: true,
      platform: 'node',
      format: 'cjs',
      logLevel: 'silent',
    });
    const cacheBytes = (flags: string[]) => {
      execFileSync(process.execPath, [
        ...flags,
        join(SCRIPTS, 'bundle-code-cache.js'),
        collectedBundle,
        '--start',
      ]);
      return readFileSync(collectedBundle.replace(/\.js$/, '.cache')).length;
    };
    expect(cacheBytes(['--bytecode-old-age=1'])).toBe(cacheBytes([]));
  });

  it("reads the bundle's text as it is, ASCII (as Latin-1) or not", () => {
    // eslint-disable-next-line @typescript-eslint/no-require-imports
    const { readBundle } = require(join(SCRIPTS, 'bundle-launcher.js')) as {
      readBundle(file: string): string;
    };
    for (const text of ['const a = "plain";\n', 'const a = "caf\u00e9 \u20ac \ud83d\ude00";\n']) {
      const file = join(folder, 'text.js');
      writeFileSync(file, text, 'utf8');
      expect(readBundle(file)).toBe(text);
    }
  });

  it("points the bundle's stack frames at its sources", () => {
    makeCache();
    const { stdout } = launch();
    expect(stdout).toContain('Error: boom');
    expect(stdout).toMatch(new RegExp(`at fail \\(${escape(join(folder, 'app.js'))}:2:\\d+\\)`));
    expect(stdout).toMatch(new RegExp(`at main \\(${escape(join(folder, 'app.js'))}:7:\\d+\\)`));
  });
});

/** V8's cachedDataVersionTag() in a process started with these options. */
function versionTag(options: string[]): number {
  const tag = execFileSync(
    process.execPath,
    [...options, '-p', "require('node:v8').cachedDataVersionTag()"],
    {
      encoding: 'utf8',
      env: { ...process.env, NODE_OPTIONS: '' },
    },
  );
  return Number(tag.trim());
}

function escape(text: string): string {
  return text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
}
