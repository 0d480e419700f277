import { Readable } from 'node:stream';

/** A stored file as a reader gets it. */
export interface StoredFile {
  body: Readable;
  contentType: string;
  /** In bytes. */
  size: number;
}

/**
 * Where photo renditions live: a key-value store of immutable files, as an S3-compatible bucket is.
 * Keys are relative paths of safe segments (`<photo>/<version>/display.jpg`); a key is written once
 * and never changed, only deleted. The filesystem adapter is the default; an S3 adapter can replace
 * it behind the same token.
 */
export interface PhotoStorage {
  /** Stores the file under `key`, replacing nothing a reader could see half-written. */
  put(key: string, body: Buffer, contentType: string): Promise<void>;
  /** The file, or undefined when the key holds none. */
  get(key: string): Promise<StoredFile | undefined>;
  /** Removes the file; a missing one is no error. */
  delete(key: string): Promise<void>;
}

export const PHOTO_STORAGE = Symbol('PhotoStorage');
