import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import 'reflect-metadata';
import { Plugin } from 'esbuild';
import { bundleAsBuilt } from './fixtures/bundled-as-built';

// scripts/bundle-lazy-date-format.js: in the bundle, Nest's loggers make their date format at its
// first use, not as they load (scripts/bundle-dist.js).
// eslint-disable-next-line @typescript-eslint/no-require-imports
const { lazyDateFormat } = require('../scripts/bundle-lazy-date-format') as { lazyDateFormat: Plugin };

interface Loggers {
  ConsoleLogger: new () => { getTimestamp(): string };
  Logger: { getTimestamp(): string };
}

describe("the bundle's Nest loggers", () => {
  let folder: string;
  let entry: string;

  beforeAll(() => {
    folder = mkdtempSync(join(tmpdir(), 'lazy-date-format-'));
    entry = join(folder, 'entry.js');
    const services = (file: string) => JSON.stringify(require.resolve(`@nestjs/common/services/${file}`));
    writeFileSync(
      entry,
      [
        `const { ConsoleLogger } = require(${services('console-logger.service.js')});`,
        `const { Logger } = require(${services('logger.service.js')});`,
        'module.exports = { ConsoleLogger, Logger };',
        '',
      ].join('\n'),
    );
  });

  afterAll(() => rmSync(folder, { recursive: true, force: true }));

  afterEach(() => jest.restoreAllMocks());

  /** The two loggers bundled as scripts/bundle-dist.js bundles, and how many date formats loading them made. */
  async function load(name: string, plugins: Plugin[]): Promise<{ loggers: Loggers; formats: number }> {
    const file = join(folder, `${name}.js`);
    await bundleAsBuilt(entry, file, plugins);
    const made = jest.spyOn(Intl, 'DateTimeFormat');
    // eslint-disable-next-line @typescript-eslint/no-require-imports
    const loggers = require(file) as Loggers;
    const formats = made.mock.calls.length;
    made.mockRestore();
    return { loggers, formats };
  }

  it('make no date format as they load, and the same timestamps as Nest makes', async () => {
    const nest = await load('nest', []);
    const lazy = await load('lazy', [lazyDateFormat]);
    expect(nest.formats).toBe(2); // what it saves
    expect(lazy.formats).toBe(0);
    jest.spyOn(Date, 'now').mockReturnValue(Date.UTC(2026, 11, 7, 6, 5, 4));
    const expected = new nest.loggers.ConsoleLogger().getTimestamp();
    expect(expected).toContain('2026');
    expect(new lazy.loggers.ConsoleLogger().getTimestamp()).toBe(expected);
    expect(lazy.loggers.Logger.getTimestamp()).toBe(nest.loggers.Logger.getTimestamp());
  });
});
