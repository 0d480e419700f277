import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { Plugin } from 'esbuild';
import { bundleAsBuilt } from './fixtures/bundled-as-built';

// scripts/bundle-router-matchers.js: in the bundle, find-my-way's compiled matchers are closures
// (scripts/bundle-dist.js).
// eslint-disable-next-line @typescript-eslint/no-require-imports
const { routerMatchers } = require('../scripts/bundle-router-matchers') as { routerMatchers: Plugin };

interface Found {
  store: { tag: string };
  params: Record<string, string | undefined>;
}
interface Router {
  on(method: string, path: string, opts: object, handler: () => void, store: object): void;
  find(method: string, path: string, constraints?: Record<string, string>): Found | null;
}
type MakeRouter = () => Router;

/** The routes an API like ours registers: shared prefixes, params, a regex, a wildcard, constraints. */
const ROUTES: [string, string, object?][] = [
  ['GET', '/api/v3/items'],
  ['POST', '/api/v3/items'],
  ['GET', '/api/v3/items/:id'],
  ['PATCH', '/api/v3/items/:id'],
  ['GET', '/api/v3/items/:id/photos/:photoId'],
  ['GET', '/api/v3/item-categories'],
  ['GET', '/api/v3/item-categories/:id/items'],
  ['GET', '/api/v3/invoices/:id.pdf'],
  ['GET', '/api/v3/numbers/:n(^\\d+$)'],
  ['GET', '/api/v3/docs/*'],
  ['GET', '/health'],
  ['GET', '/h'],
  ['GET', '/versioned', { constraints: { version: '1.2.0' } }],
  ['GET', '/versioned', { constraints: { version: '2.0.0' } }],
  ['GET', '/versioned'],
  ['GET', '/hosted', { constraints: { host: 'a.example' } }],
  ['GET', '/hosted'],
];

const LOOKUPS: [string, string, Record<string, string>?][] = [
  ['GET', '/api/v3/items'],
  ['POST', '/api/v3/items'],
  ['DELETE', '/api/v3/items'],
  ['GET', '/api/v3/items/it_1'],
  ['PATCH', '/api/v3/items/it_1'],
  ['GET', '/api/v3/items/it_1/photos/ph_2'],
  ['GET', '/api/v3/items/it_1/photo'],
  ['GET', '/api/v3/item-categories'],
  ['GET', '/api/v3/item-categorie'],
  ['GET', '/api/v3/item-categoriesX'],
  ['GET', '/api/v3/item-categories/c_1/items'],
  ['GET', '/api/v3/invoices/in_3.pdf'],
  ['GET', '/api/v3/numbers/42'],
  ['GET', '/api/v3/numbers/x42'],
  ['GET', '/api/v3/docs/swagger-ui.css'],
  ['GET', '/health'],
  ['GET', '/healt'],
  ['GET', '/h'],
  ['GET', '/hx'],
  ['GET', '/api/v4/items'],
  ['GET', '/versioned'],
  ['GET', '/versioned', { version: '1.x' }],
  ['GET', '/versioned', { version: '2' }],
  ['GET', '/versioned', { version: '3' }],
  ['GET', '/hosted'],
  ['GET', '/hosted', { host: 'a.example' }],
  ['GET', '/hosted', { host: 'b.example' }],
  ['GET', '/health', { version: '1.x' }],
];

describe("the bundle's find-my-way matchers", () => {
  let folder: string;
  let original: MakeRouter;
  let closures: MakeRouter;

  beforeAll(async () => {
    folder = mkdtempSync(join(tmpdir(), 'router-matchers-'));
    const entry = join(folder, 'entry.js');
    writeFileSync(entry, `module.exports = require(${JSON.stringify(require.resolve('find-my-way'))});\n`);
    /** find-my-way bundled as scripts/bundle-dist.js bundles, with or without the plugin. */
    const bundled = async (name: string, plugins: Plugin[]): Promise<MakeRouter> => {
      const file = join(folder, `${name}.js`);
      await bundleAsBuilt(entry, file, plugins);
      // eslint-disable-next-line @typescript-eslint/no-require-imports
      return require(file) as MakeRouter;
    };
    original = await bundled('original', []);
    closures = await bundled('closures', [routerMatchers]);
  });

  afterAll(() => rmSync(folder, { recursive: true, force: true }));

  function routed(make: MakeRouter, routes = ROUTES): Router {
    const router = make();
    for (const [method, path, opts] of routes)
      router.on(method, path, opts ?? {}, () => {}, {
        tag: `${method} ${path} ${JSON.stringify(opts ?? {})}`,
      });
    return router;
  }

  /** How many functions `run` compiled from source with `new Function`. */
  function compiledFunctions(run: () => void): number {
    const Compile = globalThis.Function;
    let compiled = 0;
    function counting(...args: string[]) {
      compiled++;
      return Compile(...args);
    }
    counting.prototype = Compile.prototype;
    globalThis.Function = counting as unknown as FunctionConstructor;
    try {
      run();
    } finally {
      globalThis.Function = Compile;
    }
    return compiled;
  }

  it('compiles no function from source as routes are added', () => {
    // (a router with constrained routes compiles one function of its own to read the constraints)
    const unconstrained = ROUTES.filter(([, , opts]) => !opts);
    expect(compiledFunctions(() => routed(closures, unconstrained))).toBe(0);
    expect(compiledFunctions(() => routed(original, unconstrained))).toBeGreaterThan(20); // what it replaces
  });

  it("finds the same route and params as find-my-way's own", () => {
    const [before, after] = [routed(original), routed(closures)];
    const found = (router: Router) =>
      LOOKUPS.map(([method, path, constraints]) => {
        const match = router.find(method, path, constraints);
        return match && { route: match.store.tag, params: { ...match.params } };
      });
    const expected = found(before);
    expect(expected.filter(Boolean).length).toBeGreaterThan(15);
    expect(found(after)).toEqual(expected);
  });
});
