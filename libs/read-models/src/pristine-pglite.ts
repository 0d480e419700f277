import { existsSync, readFileSync } from 'node:fs';
import { readFile, writeFile } from 'node:fs/promises';
import { dirname, join } from 'node:path';

/**
 * A new PGlite data directory starts from the image of a pristine cluster (what initdb leaves)
 * rather than running initdb, which costs some 4.5 s of CPU and 250 MB at its peak. `npm run build`
 * makes the image (scripts/pglite-image.js) beside this module's compiled file, named after the
 * PGlite release it came from; without it (the sources run with `npm start`, another PGlite
 * installed since) initdb runs as before.
 */
export function pristineImagePath(folder: string = __dirname): string {
  return join(folder, `pglite-pristine-${installedPgliteVersion()}.tar.gz`);
}

/** The image for the data directory `dataDir`, if it holds no cluster yet and an image was built. */
export async function pristineImageFor(
  dataDir: string | undefined,
  folder: string = __dirname,
): Promise<Blob | undefined> {
  if (!dataDir || existsSync(join(dataDir, 'PG_VERSION'))) return undefined;
  const path = pristineImagePath(folder);
  return existsSync(path) ? new Blob([await readFile(path)]) : undefined;
}

/** Makes the image of a pristine cluster with this service's extensions (`npm run build`). */
export async function writePristineImage(path: string = pristineImagePath()): Promise<void> {
  const image = await dumpPristineImage('gzip');
  await writeFile(path, Buffer.from(await image.arrayBuffer()));
}

/** The image of a new in-memory cluster, as initdb leaves it (the build's, and the tests' own). */
export async function dumpPristineImage(compression: 'gzip' | 'none'): Promise<Blob> {
  const { openDatabase } = await import('./database');
  const database = await openDatabase({});
  try {
    return await database.pglite!.dumpDataDir(compression);
  } finally {
    await database.close();
  }
}

function installedPgliteVersion(): string {
  // The package's exports hide its package.json from require: read beside its entry file.
  const manifest = join(dirname(require.resolve('@electric-sql/pglite')), '..', 'package.json');
  return (JSON.parse(readFileSync(manifest, 'utf8')) as { version: string }).version;
}
