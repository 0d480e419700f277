import { existsSync, mkdirSync, readdirSync, readFileSync, statSync, writeFileSync } from 'node:fs';
import { mkdir, mkdtemp, readFile, rename, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { dirname, join, normalize, resolve, sep } from 'node:path';
import { gunzipSync, gzipSync } from 'node:zlib';

/**
 * Images a new PGlite data directory starts from instead of being made from nothing, both written
 * by `npm run build` beside this module's compiled file and named after the PGlite release they
 * came from (without them, the sources run with `npm start` or another PGlite installed since, a
 * new directory is made as before):
 *
 * - the pristine cluster's (what initdb leaves; scripts/pglite-image.js): initdb costs some 4.5 s
 *   of CPU and 250 MB at its peak;
 * - the ready one's (scripts/pglite-ready-image.js): the cluster as the built API's first start
 *   leaves it, its schema made (tables, indexes, functions, views, migration rows, a checkpoint at
 *   the log's start per projector) and nothing else: a first start makes no events and nothing
 *   per install. Only for the API's own layout, its event store in the same database (openStores).
 */
export function pristineImagePath(folder: string = __dirname): string {
  return join(folder, `pglite-pristine-${installedPgliteVersion()}.tar.gz`);
}

export function readyImagePath(folder: string = __dirname): string {
  return join(folder, `pglite-ready-${installedPgliteVersion()}.tar.gz`);
}

/**
 * Unpacks the image at `path` as the cluster of the data directory `dataDir` when it holds none
 * yet and the image was built; whether it did. Into a folder beside it first, then renamed into
 * place: a start stopped halfway leaves no half a cluster (PG_VERSION and no more) to resume. The
 * files are written here, not by PGlite's `loadDataDir`, which writes each through its WebAssembly
 * file system (1.8-2.6 s for the ready image's 1,300 files and 42 MB, against some 0.4 s here).
 */
export async function unpackImage(given: string, path: string): Promise<boolean> {
  const dataDir = resolve(given); // DATA_DIR may be relative (./data by default)
  if (existsSync(join(dataDir, 'PG_VERSION')) || !existsSync(path)) return false;
  if (existsSync(dataDir) && readdirSync(dataDir).length > 0)
    throw new Error(`${given} holds files but no cluster (no PG_VERSION): move them away or remove it`);
  await mkdir(dirname(dataDir), { recursive: true });
  const staging = await mkdtemp(`${dataDir}.unpacking-`);
  try {
    await unpackTar(gunzipSync(await readFile(path)), staging);
    if (!existsSync(join(staging, 'PG_VERSION'))) throw new Error(`${path} holds no PGlite cluster`);
    await rename(staging, dataDir); // over the empty folder made for it, if any
  } catch (error) {
    await rm(staging, { recursive: true, force: true });
    throw error;
  }
  return true;
}

/** The folders and files of `tar` (PGlite names them from its data directory's root) under `folder`. */
async function unpackTar(tar: Buffer, folder: string): Promise<void> {
  const { extract } = await import('tar-stream');
  const entries = extract();
  entries.end(tar);
  for await (const entry of entries) {
    const { name, type } = entry.header;
    const target = resolve(folder, `.${sep}${normalize(name)}`);
    if (!target.startsWith(folder + sep)) throw new Error(`not a data directory's file: ${name}`);
    if (type !== 'file' && type !== 'directory') throw new Error(`not a file nor a folder: ${name}`);
    const chunks: Buffer[] = [];
    for await (const chunk of entry) chunks.push(chunk as Buffer);
    // Synchronous: a thousand files' open, write and close each a round trip to libuv's threads
    // cost a second, twice the whole unpacking (a start's, before it listens).
    mkdirSync(type === 'file' ? dirname(target) : target, { recursive: true });
    if (type === 'file') writeFileSync(target, Buffer.concat(chunks));
  }
}

/** Makes the image of a pristine cluster with this service's extensions (`npm run build`). */
export async function writePristineImage(path: string = pristineImagePath()): Promise<void> {
  const folder = await mkdtemp(join(tmpdir(), 'pglite-pristine-'));
  try {
    await packDataDir(join(folder, 'pglite'), path); // made by initdb as it is opened
  } finally {
    await rm(folder, { recursive: true, force: true });
  }
}

/** The image of a new in-memory cluster, as initdb leaves it (the tests' own, for `loadDataDir`). */
export async function dumpPristineImage(compression: 'gzip' | 'none'): Promise<Blob> {
  const { openDatabase } = await import('./database');
  const database = await openDatabase({});
  try {
    return await database.pglite!.dumpDataDir(compression);
  } finally {
    await database.close();
  }
}

/** Makes the ready image of `dataDir`, the data directory a first start of the API left. */
export async function writeReadyImage(dataDir: string, path: string = readyImagePath()): Promise<void> {
  await packDataDir(dataDir, path);
}

/**
 * The cluster of `dataDir` opened and closed, so that it is shut down cleanly whatever left it,
 * then its files packed as they are into `path`. (PGlite's dumpDataDir packs a running cluster,
 * which every start from the image then recovers as after a crash: "database system was not
 * properly shut down; automatic recovery in progress".)
 */
async function packDataDir(dataDir: string, path: string): Promise<void> {
  const { openDatabase } = await import('./database');
  await (await openDatabase({ dataDir })).close();
  const { pack } = await import('tar-stream');
  const archive = pack();
  const names = readdirSync(dataDir, { recursive: true, encoding: 'utf8' }).sort();
  for (const name of names) {
    const file = join(dataDir, name);
    if (statSync(file).isDirectory()) archive.entry({ name, type: 'directory' });
    else archive.entry({ name }, readFileSync(file));
  }
  archive.finalize();
  const chunks: Buffer[] = [];
  for await (const chunk of archive) chunks.push(chunk as Buffer);
  await writeFile(path, gzipSync(Buffer.concat(chunks)));
}

function installedPgliteVersion(): string {
  // The package's exports hide its package.json from require: read beside its entry file.
  const manifest = join(dirname(require.resolve('@electric-sql/pglite')), '..', 'package.json');
  return (JSON.parse(readFileSync(manifest, 'utf8')) as { version: string }).version;
}
