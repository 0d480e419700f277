import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { Plugin } from 'esbuild';
import { bundleAsBuilt } from './fixtures/bundled-as-built';

// scripts/bundle-lazy-deprecation.js: in the bundle, http-errors sets up its deprecation notice at
// its first use, not as it loads (scripts/bundle-dist.js).
// eslint-disable-next-line @typescript-eslint/no-require-imports
const { lazyHttpErrorsDeprecation } = require('../scripts/bundle-lazy-deprecation') as Record<string, Plugin>;

type CreateError = (status: number, message: string) => Error & { status: number };

describe("the bundle's http-errors", () => {
  let folder: string;

  beforeAll(() => {
    folder = mkdtempSync(join(tmpdir(), 'lazy-deprecation-'));
    writeFileSync(join(folder, 'entry.js'), "module.exports = require('http-errors');\n");
  });

  afterAll(() => rmSync(folder, { recursive: true, force: true }));

  afterEach(() => jest.restoreAllMocks());

  /** http-errors bundled as scripts/bundle-dist.js bundles, and how many stack traces loading it took. */
  async function load(
    name: string,
    plugins: Plugin[],
  ): Promise<{ createError: CreateError; traces: number }> {
    const file = join(folder, `${name}.js`);
    await bundleAsBuilt(join(folder, 'entry.js'), file, plugins);
    const traces = jest.spyOn(Error, 'captureStackTrace');
    // eslint-disable-next-line @typescript-eslint/no-require-imports
    const createError = require(file) as CreateError;
    const count = traces.mock.calls.length;
    traces.mockRestore();
    return { createError, traces: count };
  }

  /** The deprecation notices `run` gave. */
  function notices(run: () => void): string[] {
    const given: string[] = [];
    const listener = (error: Error & { namespace: string }) =>
      given.push(`${error.namespace}: ${error.message}`);
    process.on('deprecation', listener);
    try {
      run();
    } finally {
      process.off('deprecation', listener);
    }
    return given;
  }

  it('reads no stack as it loads, and gives its deprecation notice as before', async () => {
    const original = await load('original', []);
    const lazy = await load('lazy', [lazyHttpErrorsDeprecation]);
    expect(original.traces).toBeGreaterThan(0); // what it saves
    expect(lazy.traces).toBe(0);
    const notice = ['http-errors: non-error status code; use only 4xx or 5xx status codes'];
    for (const { createError } of [original, lazy]) {
      expect(notices(() => createError(404, 'gone'))).toEqual([]);
      expect(notices(() => createError(302, 'moved'))).toEqual(notice);
    }
  });
});
