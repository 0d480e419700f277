import { SourceMap } from 'node:module';
import { mkdtempSync, mkdirSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { buildSync } from 'esbuild';

// The rewrites `npm run build` makes of the bundled API (scripts/bundle-dist.js).
// eslint-disable-next-line @typescript-eslint/no-require-imports
const { asciiOnly, ownMappingsOnly } = require('../scripts/bundle-source-map') as {
  asciiOnly(source: string): { text: string; shiftColumn(line: number, column: number): number };
  ownMappingsOnly(map: object, shiftColumn: (line: number, column: number) => number): { sources: string[] };
};

describe("the bundle's source map", () => {
  let folder: string;

  beforeAll(() => {
    folder = mkdtempSync(join(tmpdir(), 'bundle-source-map-'));
    mkdirSync(join(folder, 'node_modules', 'lib'), { recursive: true });
    writeFileSync(
      join(folder, 'node_modules', 'lib', 'index.js'),
      'exports.twice = function twice(n) {\n  return n * 2;\n};\n',
    );
    writeFileSync(
      join(folder, 'app.js'),
      "const lib = require('lib');\nfunction hello() {\n  return lib.twice(21);\n}\nmodule.exports = { hello };\n",
    );
  });

  afterAll(() => rmSync(folder, { recursive: true, force: true }));

  function bundle(): { code: string; map: SourceMap; sources: string[] } {
    const result = buildSync({
      entryPoints: [join(folder, 'app.js')],
      outfile: join(folder, 'out.js'),
      bundle: true,
      platform: 'node',
      format: 'cjs',
      minifyWhitespace: true,
      sourcemap: 'external',
      write: false,
    });
    const code = result.outputFiles.find((file) => file.path.endsWith('.js'))!.text;
    const raw = JSON.parse(result.outputFiles.find((file) => file.path.endsWith('.map'))!.text) as object;
    const trimmed = ownMappingsOnly(raw, (_line, column) => column);
    return { code, map: new SourceMap(trimmed as never), sources: trimmed.sources };
  }

  function entryAt(code: string, map: SourceMap, text: string) {
    const lines = code.split('\n');
    const line = lines.findIndex((candidate) => candidate.includes(text));
    return map.findEntry(line, lines[line].indexOf(text)) as {
      originalSource?: string;
      originalLine?: number;
    };
  }

  it("maps the project's code to its file and line", () => {
    const { code, map } = bundle();
    const entry = entryAt(code, map, 'lib.twice(21)');
    expect(entry.originalSource).toMatch(/app\.js$/);
    expect(entry.originalLine).toBe(2);
  });

  it("leaves node_modules' code unmapped and out of the sources", () => {
    const { code, map, sources } = bundle();
    expect(entryAt(code, map, 'n*2').originalSource).toBeUndefined();
    expect(sources.some((source) => source.includes('node_modules'))).toBe(false);
  });
});

describe('the bundle in ASCII only', () => {
  it('escapes the letters of a regular expression, which still matches the same words', () => {
    const source = 'exports.re = /^[A-ZÄÖÜß]+$/i; exports.after = "after";';
    const { text } = asciiOnly(source);
    expect([...text].every((char) => char.charCodeAt(0) <= 0x7f)).toBe(true);
    const load = (code: string) => {
      const exports: { re?: RegExp } = {};
      new Function('exports', code)(exports);
      return exports.re!;
    };
    for (const word of ['Straße', 'Äpfel', 'über', 'façade', '']) {
      expect(load(text).test(word)).toBe(load(source).test(word));
    }
  });

  it("moves a column by the escapes before it, so the map's columns can follow", () => {
    const source = 'a=/[é]/;b=1\nc=2';
    const { text, shiftColumn } = asciiOnly(source);
    expect(text.split('\n')[0].indexOf('b=1')).toBe(shiftColumn(0, source.indexOf('b=1')));
    expect(shiftColumn(1, 0)).toBe(0);
  });
});
