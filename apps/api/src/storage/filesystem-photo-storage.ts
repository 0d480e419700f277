import { randomBytes } from 'node:crypto';
import { FileHandle, mkdir, open, rename, rm, rmdir, writeFile } from 'node:fs/promises';
import { dirname, extname, join, resolve, sep } from 'node:path';
import { PhotoStorage, StoredFile } from './photo-storage';

/** The file system keeps no metadata: a key's extension names its content type. */
const CONTENT_TYPES: Record<string, string> = {
  '.jpg': 'image/jpeg',
  '.png': 'image/png',
  '.webp': 'image/webp',
};

const SEGMENT = /^[A-Za-z0-9][A-Za-z0-9._-]{0,127}$/;

/**
 * Photos as files under one root folder (`DATA_DIR/photos` by default), the key being the path.
 * A file is written under a temporary name and renamed into place, so a reader sees all of it or
 * nothing; deleting the last file of a folder removes the emptied folders up to the root.
 */
export class FilesystemPhotoStorage implements PhotoStorage {
  private readonly root: string;

  constructor(root: string) {
    this.root = resolve(root);
  }

  async put(key: string, body: Buffer, contentType: string): Promise<void> {
    const path = this.pathOf(key);
    if (!path || contentTypeOf(key) !== contentType)
      throw new Error(`Cannot store ${JSON.stringify(key)} as ${contentType}`);
    await mkdir(dirname(path), { recursive: true });
    const temporary = `${path}.${randomBytes(6).toString('hex')}.tmp`;
    try {
      await writeFile(temporary, body);
      await rename(temporary, path);
    } catch (error) {
      await rm(temporary, { force: true });
      throw error;
    }
  }

  async get(key: string): Promise<StoredFile | undefined> {
    const path = this.pathOf(key);
    const contentType = contentTypeOf(key);
    if (!path || !contentType) return undefined;
    let handle: FileHandle;
    try {
      handle = await open(path, 'r');
    } catch (error) {
      if (isMissing(error)) return undefined;
      throw error;
    }
    const stats = await handle.stat().catch(async (error: unknown) => {
      await handle.close();
      throw error;
    });
    if (!stats.isFile()) {
      await handle.close();
      return undefined;
    }
    return { body: handle.createReadStream(), contentType, size: stats.size };
  }

  async delete(key: string): Promise<void> {
    const path = this.pathOf(key);
    if (!path) return;
    await rm(path, { force: true });
    await this.removeEmptyFolders(dirname(path));
  }

  /** The file's path, or undefined for a key that could leave the root or name no plain file. */
  private pathOf(key: string): string | undefined {
    const segments = key.split('/');
    if (!segments.every((segment) => SEGMENT.test(segment) && !segment.includes('..'))) return undefined;
    return join(this.root, ...segments);
  }

  private async removeEmptyFolders(folder: string): Promise<void> {
    for (let current = folder; current.startsWith(this.root + sep); current = dirname(current)) {
      try {
        await rmdir(current);
      } catch {
        return; // not empty (or gone already): the folders above are not empty either
      }
    }
  }
}

function contentTypeOf(key: string): string | undefined {
  return CONTENT_TYPES[extname(key).toLowerCase()];
}

function isMissing(error: unknown): boolean {
  const code = (error as NodeJS.ErrnoException).code;
  return code === 'ENOENT' || code === 'ENOTDIR' || code === 'EISDIR';
}
