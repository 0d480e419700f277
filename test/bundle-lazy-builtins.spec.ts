import { execFileSync } from 'node:child_process';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { Plugin } from 'esbuild';
import { bundleAsBuilt } from './fixtures/bundled-as-built';

// scripts/bundle-lazy-builtins.js: in the bundle, fastify's HTTP/2 and HTTPS servers and
// prom-client's Pushgateway load Node's modules for them when first used (scripts/bundle-dist.js).
// eslint-disable-next-line @typescript-eslint/no-require-imports
const { fastifyServers, promClientExtras } = require('../scripts/bundle-lazy-builtins') as Record<
  string,
  Plugin
>;

describe("the bundle's fastify and prom-client", () => {
  let folder: string;

  beforeAll(() => {
    folder = mkdtempSync(join(tmpdir(), 'lazy-builtins-'));
    writeFileSync(
      join(folder, 'entry.js'),
      "module.exports = { fastify: require('fastify'), promClient: require('prom-client') };\n",
    );
  });

  afterAll(() => rmSync(folder, { recursive: true, force: true }));

  /** What a new process that loads the bundle finds: Node's modules loaded, then what using them gives. */
  async function run(name: string, plugins: Plugin[]): Promise<Record<string, unknown>> {
    const bundle = join(folder, `${name}.js`);
    await bundleAsBuilt(join(folder, 'entry.js'), bundle, plugins);
    const probe = `
      const loaded = () => ['http2', 'https', 'zlib'].filter((name) => process.moduleLoadList.includes('NativeModule ' + name));
      const { fastify, promClient } = require(${JSON.stringify(bundle)});
      const atLoad = loaded();
      (async () => {
        const servers = {};
        for (const options of [{}, { http2: true }]) {
          const app = fastify(options);
          app.get('/', async () => ({ ok: true }));
          await app.listen({ port: 0, host: '127.0.0.1' });
          servers[options.http2 ? 'http2' : 'http1'] = app.server.constructor.name;
          await app.close();
        }
        const extras = [typeof promClient.Pushgateway, typeof promClient.AggregatorRegistry, Object.keys(promClient).includes('Pushgateway')];
        console.log(JSON.stringify({ atLoad, servers, extras, afterUse: loaded() }));
      })();
    `;
    return JSON.parse(execFileSync(process.execPath, ['-e', probe], { encoding: 'utf8' })) as Record<
      string,
      unknown
    >;
  }

  it('load no http2, https or zlib until an HTTP/2 server or a Pushgateway is asked for, and give the same', async () => {
    const original = await run('original', []);
    const lazy = await run('lazy', [fastifyServers, promClientExtras]);
    expect(original.atLoad).toEqual(['http2', 'https', 'zlib']); // what it saves
    expect(lazy.atLoad).toEqual([]);
    expect(lazy.servers).toEqual(original.servers);
    expect(lazy.servers).toEqual({ http1: 'Server', http2: 'Http2Server' });
    expect(lazy.extras).toEqual(['function', 'function', true]);
    expect(lazy.afterUse).toEqual(['http2', 'https', 'zlib']);
  });
});
