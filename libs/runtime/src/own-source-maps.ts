import * as nodeModule from 'node:module';

/**
 * Imported first by each app's main.ts, before the 2,500 modules it loads (issue 31 item 1): source
 * maps, when enabled (`--enable-source-maps`), for this project's
 * files only. Mapping node_modules' files too means reading and parsing some 650 more maps at every
 * start (about a tenth of the start's CPU), for stack frames that are JavaScript already. Node
 * before 22.14 lacks the setting and maps everything as before. The bundled build (dist/api.js,
 * scripts/bundle-dist.js) holds node_modules' code in the project's file: its map leaves that
 * code unmapped instead, and its launcher maps the bundle's frames itself (scripts/bundle-launcher.js).
 */
export function mapOwnSourcesOnly(): void {
  if (nodeModule.getSourceMapsSupport?.().enabled)
    nodeModule.setSourceMapsSupport?.(true, { nodeModules: false, generatedCode: false });
}

mapOwnSourcesOnly();
