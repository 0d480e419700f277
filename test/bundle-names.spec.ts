import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { buildSync } from 'esbuild';

// scripts/bundle-names.js: esbuild's `keepNames` helper in the bundle, made to leave alone the
// functions that have their name already (scripts/bundle-dist.js).
// eslint-disable-next-line @typescript-eslint/no-require-imports
const { cheapNames, ESBUILD_NAME, CHEAP_NAME } = require('../scripts/bundle-names') as {
  cheapNames(source: string): string;
  ESBUILD_NAME: string;
  CHEAP_NAME: string;
};

interface Loaded {
  First: { name: string };
  Second: { name: string };
  plain: { name: string };
}

describe("the bundle's cheaper __name helper", () => {
  let folder: string;
  let bundled: string;

  beforeAll(() => {
    folder = mkdtempSync(join(tmpdir(), 'bundle-names-'));
    // Two modules with a class of the same name: esbuild renames one and names it back.
    writeFileSync(join(folder, 'first.js'), 'export class Widget {}\n');
    writeFileSync(join(folder, 'second.js'), 'export class Widget {}\n');
    writeFileSync(
      join(folder, 'entry.js'),
      [
        "import { Widget as First } from './first';",
        "import { Widget as Second } from './second';",
        'function plain() {}',
        'export { First, Second, plain };',
        '',
      ].join('\n'),
    );
    // As scripts/bundle-dist.js builds.
    const { outputFiles } = buildSync({
      entryPoints: [join(folder, 'entry.js')],
      bundle: true,
      write: false,
      platform: 'node',
      format: 'cjs',
      keepNames: true,
      minifyWhitespace: true,
      minifySyntax: true,
      logLevel: 'silent',
    });
    bundled = outputFiles[0].text;
  });

  afterAll(() => rmSync(folder, { recursive: true, force: true }));

  /** The bundle's exports, and how many functions it gave a `name` of their own as it loaded. */
  function load(source: string): { exports: Loaded; named: number } {
    const define = Object.defineProperty;
    let named = 0;
    Object.defineProperty = ((target: object, key: PropertyKey, descriptor: PropertyDescriptor) => {
      if (key === 'name') named++;
      return define(target, key, descriptor);
    }) as typeof Object.defineProperty;
    try {
      const module = { exports: {} as Loaded };
      new Function('module', 'exports', 'require', source)(module, module.exports, require);
      return { exports: module.exports, named };
    } finally {
      Object.defineProperty = define;
    }
  }

  it("replaces esbuild's helper with one as long", () => {
    expect(bundled).toContain(ESBUILD_NAME);
    expect(CHEAP_NAME).toHaveLength(ESBUILD_NAME.length); // no column of the source map moves
    const cheap = cheapNames(bundled);
    expect(cheap).toContain(CHEAP_NAME);
    expect(cheap).toHaveLength(bundled.length);
  });

  it('keeps every name, and redefines only those esbuild changed', () => {
    const before = load(bundled);
    const after = load(cheapNames(bundled));
    for (const { exports } of [before, after]) {
      expect(exports.First.name).toBe('Widget');
      expect(exports.Second.name).toBe('Widget');
      expect(exports.plain.name).toBe('plain');
    }
    expect(before.named).toBeGreaterThan(1);
    expect(after.named).toBe(1); // the Widget esbuild renamed Widget2
  });

  it('refuses a bundle without the helper, or with it twice', () => {
    expect(() => cheapNames('var x = 1;')).toThrow(/not in the bundle once/);
    expect(() => cheapNames(`${ESBUILD_NAME}${ESBUILD_NAME}`)).toThrow(/not in the bundle once/);
  });
});
