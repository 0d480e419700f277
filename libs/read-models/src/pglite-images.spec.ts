import { existsSync } from 'node:fs';
import { mkdir, mkdtemp, readdir, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join, relative } from 'node:path';
import { sql } from 'kysely';
import { gzipSync } from 'node:zlib';
import { openDatabase } from './database';
import {
  pristineImagePath,
  readyImagePath,
  unpackImage,
  writePristineImage,
  writeReadyImage,
} from './pglite-images';
import { tarOf } from './testing/tar-of';
import { openEmptyPglite } from './testing/test-databases';

describe('a new PGlite data directory from an image the build made', () => {
  let folder: string;
  beforeAll(async () => {
    folder = await mkdtemp(join(tmpdir(), 'pglite-images-'));
  });
  afterAll(() => rm(folder, { recursive: true, force: true }));

  it('has no image where none was built: nothing is unpacked (initdb runs as before)', async () => {
    const dataDir = join(folder, 'data-a');
    expect(await unpackImage(dataDir, pristineImagePath(folder))).toBe(false);
    expect(existsSync(dataDir)).toBe(false);
  });

  it('unpacks a new data directory from the pristine image, and opens an existing one from its own files', async () => {
    await writePristineImage(pristineImagePath(folder));
    const dataDir = join(folder, 'data-b');
    expect(await unpackImage(dataDir, pristineImagePath(folder))).toBe(true);
    expect(existsSync(join(dataDir, 'PG_VERSION'))).toBe(true);

    const first = await openDatabase({ dataDir });
    await sql`create table kept (id integer)`.execute(first.db);
    await sql`insert into kept values (7)`.execute(first.db);
    await first.close();

    expect(await unpackImage(dataDir, pristineImagePath(folder))).toBe(false); // a cluster is there now
    const again = await openDatabase({ dataDir });
    const { rows } = await sql<{ id: number }>`select id from kept`.execute(again.db);
    await again.close();
    expect(rows).toEqual([{ id: 7 }]);
  });

  it('given a relative data directory (DATA_DIR is ./data by default), when new, then it is unpacked there', async () => {
    const dataDir = relative(process.cwd(), join(folder, 'relative', 'pglite'));
    expect(dataDir.startsWith('..') || !dataDir.startsWith('/')).toBe(true);
    expect(await unpackImage(dataDir, pristineImagePath(folder))).toBe(true);
    expect(existsSync(join(folder, 'relative', 'pglite', 'PG_VERSION'))).toBe(true);
  });

  it('given a data directory holding files but no cluster, when opened, then it says so and leaves them', async () => {
    const dataDir = join(folder, 'stray', 'pglite');
    await mkdir(join(dataDir, 'base'), { recursive: true });
    await expect(unpackImage(dataDir, pristineImagePath(folder))).rejects.toThrow(
      'holds files but no cluster (no PG_VERSION)',
    );
    expect(await readdir(dataDir)).toEqual(['base']);
    expect(await readdir(join(folder, 'stray'))).toEqual(['pglite']);
  });

  it('given a data directory a first start left, when dumped as the ready image, then a new directory unpacked from it holds what that start made', async () => {
    const started = join(folder, 'data-started');
    await unpackImage(started, pristineImagePath(folder));
    const first = await openDatabase({ dataDir: started });
    await sql`create table schema_made (name text primary key)`.execute(first.db);
    await sql`insert into schema_made values ('0001_events')`.execute(first.db);
    await first.close();
    await writeReadyImage(started, readyImagePath(folder));

    const dataDir = join(folder, 'data-c');
    expect(await unpackImage(dataDir, readyImagePath(folder))).toBe(true);
    const database = await openDatabase({ dataDir });
    const { rows } = await sql<{ name: string }>`select name from schema_made`.execute(database.db);
    await database.close();
    expect(rows).toEqual([{ name: '0001_events' }]);
  });

  it('given an image that cannot be unpacked, when a new directory is made from it, then it fails and leaves no cluster nor staging folder', async () => {
    const broken = join(folder, 'broken.tar.gz');
    await writeFile(broken, Buffer.from('not a tar archive at all'.repeat(100)));
    const empty = join(folder, 'notes.tar.gz');
    await writeFile(empty, gzipSync(await tarOf({ '/notes.txt': 'no cluster here' })));
    const escaping = join(folder, 'escaping.tar.gz');
    await writeFile(escaping, gzipSync(await tarOf({ '/PG_VERSION': '17\n', '../../outside': 'x' })));
    const parent = join(folder, 'parent');
    const dataDir = join(parent, 'pglite');
    await mkdir(dataDir, { recursive: true });

    await expect(unpackImage(dataDir, broken)).rejects.toThrow('incorrect header check');
    await expect(unpackImage(dataDir, empty)).rejects.toThrow('holds no PGlite cluster');
    await expect(unpackImage(dataDir, escaping)).rejects.toThrow("not a data directory's file");
    expect(existsSync(join(folder, 'outside'))).toBe(false);
    expect(existsSync(join(dataDir, 'PG_VERSION'))).toBe(false);
    expect(await readdir(parent)).toEqual(['pglite']);
  });
});

describe('closing PGlite', () => {
  it('given a database opened and closed without a query, then its instance is closed (its cluster shut down cleanly)', async () => {
    const database = await openEmptyPglite();
    await database.close();
    expect(database.pglite!.closed).toBe(true);
  });
});

describe('PGlite settings', () => {
  it('keeps shared_buffers small (PGlite’s own default is 160 MB, all touched at start)', async () => {
    const database = await openEmptyPglite();
    try {
      const { rows } = await sql<{ shared_buffers: string }>`show shared_buffers`.execute(database.db);
      expect(rows[0].shared_buffers).toBe('16MB');
    } finally {
      await database.close();
    }
  });
});
