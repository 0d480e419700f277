import { existsSync } from 'node:fs';
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { sql } from 'kysely';
import { openDatabase } from './database';
import { pristineImageFor, pristineImagePath, writePristineImage } from './pristine-pglite';
import { openEmptyPglite } from './testing/test-databases';

describe('a new PGlite data directory from the pristine image', () => {
  let folder: string;
  beforeAll(async () => {
    folder = await mkdtemp(join(tmpdir(), 'pristine-pglite-'));
  });
  afterAll(() => rm(folder, { recursive: true, force: true }));

  it('has no image where none was built: initdb runs as before', async () => {
    expect(await pristineImageFor(join(folder, 'data-a'), folder)).toBeUndefined();
  });

  it('starts a new data directory from the built image, and an existing one from its own files', async () => {
    await writePristineImage(pristineImagePath(folder));
    const dataDir = join(folder, 'data-b');
    const image = await pristineImageFor(dataDir, folder);
    expect(image?.size).toBeGreaterThan(0);

    const first = await openDatabase({ dataDir, pgliteImage: image });
    await sql`create table kept (id integer)`.execute(first.db);
    await sql`insert into kept values (7)`.execute(first.db);
    await first.close();
    expect(existsSync(join(dataDir, 'PG_VERSION'))).toBe(true);

    expect(await pristineImageFor(dataDir, folder)).toBeUndefined(); // a cluster is there now
    const again = await openDatabase({ dataDir });
    const { rows } = await sql<{ id: number }>`select id from kept`.execute(again.db);
    await again.close();
    expect(rows).toEqual([{ id: 7 }]);
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
