import { mkdtemp, readdir, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { buffer } from 'node:stream/consumers';
import { FilesystemPhotoStorage } from './filesystem-photo-storage';

describe('FilesystemPhotoStorage', () => {
  let root: string;
  let storage: FilesystemPhotoStorage;

  beforeEach(async () => {
    root = await mkdtemp(join(tmpdir(), 'photos-'));
    storage = new FilesystemPhotoStorage(join(root, 'photos'));
  });
  afterEach(() => rm(root, { recursive: true, force: true }));

  it('gives back what was put, with its content type and size', async () => {
    await storage.put('p1/v1/display.jpg', Buffer.from('jpeg bytes'), 'image/jpeg');
    const file = await storage.get('p1/v1/display.jpg');
    expect(file).toMatchObject({ contentType: 'image/jpeg', size: 10 });
    expect((await buffer(file!.body)).toString()).toBe('jpeg bytes');
  });

  it('answers undefined for a key it does not hold', async () => {
    expect(await storage.get('p1/v1/display.jpg')).toBeUndefined();
    await storage.put('p1/v1/display.jpg', Buffer.from('x'), 'image/jpeg');
    expect(await storage.get('p1/v1/large.jpg')).toBeUndefined();
    expect(await storage.get('p1/v1')).toBeUndefined();
  });

  it.each([
    '../outside.jpg',
    'p1/../../outside.jpg',
    '/etc/passwd.jpg',
    'p1//x.jpg',
    'p1/.hidden.jpg',
    'p1/x.txt',
  ])('refuses the key %p: nothing outside the root or of unknown type', async (key) => {
    await expect(storage.put(key, Buffer.from('x'), 'image/jpeg')).rejects.toThrow();
    expect(await storage.get(key)).toBeUndefined();
    await expect(storage.delete(key)).resolves.toBeUndefined();
  });

  it('refuses a content type that the key does not carry', async () => {
    await expect(storage.put('p1/v1/display.jpg', Buffer.from('x'), 'image/png')).rejects.toThrow();
  });

  it('deletes a file and the folders it leaves empty, keeping the root and non-empty folders', async () => {
    await storage.put('p1/v1/display.jpg', Buffer.from('a'), 'image/jpeg');
    await storage.put('p1/v2/display.png', Buffer.from('b'), 'image/png');
    await storage.delete('p1/v1/display.jpg');
    expect(await storage.get('p1/v1/display.jpg')).toBeUndefined();
    expect(await readdir(join(root, 'photos', 'p1'))).toEqual(['v2']);
    await storage.delete('p1/v2/display.png');
    expect(await readdir(join(root, 'photos'))).toEqual([]);
    await expect(storage.delete('p1/v2/display.png')).resolves.toBeUndefined();
  });

  it('leaves no temporary file behind', async () => {
    await storage.put('p1/v1/original.webp', Buffer.alloc(1000), 'image/webp');
    expect(await readdir(join(root, 'photos', 'p1', 'v1'))).toEqual(['original.webp']);
  });
});
