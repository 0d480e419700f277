import { existsSync } from 'node:fs';
import { mkdir, mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { gzipSync } from 'node:zlib';
import { tarOf } from '@app/read-models/testing/tar-of';
import { unpackReadyImage } from './open-stores';

describe('a new embedded database from the ready image (the built API’s first start)', () => {
  let folder: string;
  let image: string;
  beforeAll(async () => {
    folder = await mkdtemp(join(tmpdir(), 'open-stores-'));
    image = join(folder, 'ready.tar.gz');
    await writeFile(image, gzipSync(await tarOf({ '/PG_VERSION': '17\n' })));
  });
  afterAll(() => rm(folder, { recursive: true, force: true }));

  it('given the events in the same database, when a new DATA_DIR opens, then it is unpacked from the image', async () => {
    const dataDir = join(folder, 'same', 'pglite');
    expect(await unpackReadyImage({}, dataDir, image)).toBe(true);
    expect(existsSync(join(dataDir, 'PG_VERSION'))).toBe(true);
  });

  it('given the events in EventStoreDB, when a new DATA_DIR opens, then it is not: the image holds the event store’s tables', async () => {
    const dataDir = join(folder, 'apart', 'pglite');
    const config = { eventStoreConnectionString: 'esdb://127.0.0.1:2113?tls=false' };
    expect(await unpackReadyImage(config, dataDir, image)).toBe(false);
    expect(existsSync(dataDir)).toBe(false);
  });

  it('given a DATA_DIR with its cluster, when it opens again, then it is left as it is', async () => {
    const dataDir = join(folder, 'again', 'pglite');
    await mkdir(dataDir, { recursive: true });
    await writeFile(join(dataDir, 'PG_VERSION'), 'kept\n');
    expect(await unpackReadyImage({}, dataDir, image)).toBe(false);
  });
});
