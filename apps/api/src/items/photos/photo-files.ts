import { randomBytes } from 'node:crypto';
import { GalleryPhoto, PhotoFiles } from '@app/domain';
import { photoKey, PhotoRendition, SQUARE_RENDITIONS } from '@app/read-models/projectors/item-photos';
import { originalRendition, PhotoSource, squareRenditions } from './renditions';

/** A rendition ready to store. */
export interface RenderedFile {
  key: string;
  body: Buffer;
  contentType: string;
}

const CONTENT_TYPES = { jpeg: 'image/jpeg', png: 'image/png', webp: 'image/webp' } as const;

/** A new version token: every upload gets file names (and URLs) no earlier upload had. */
export function newFiles(source: PhotoSource): PhotoFiles {
  return { version: randomBytes(8).toString('hex'), format: source.format };
}

export async function renderOriginal(
  photoId: string,
  files: PhotoFiles,
  source: PhotoSource,
): Promise<RenderedFile[]> {
  return [file(photoId, files, 'original', await originalRendition(source))];
}

export async function renderSquares(
  photoId: string,
  files: PhotoFiles,
  source: PhotoSource,
): Promise<RenderedFile[]> {
  const squares = await squareRenditions(source);
  return SQUARE_RENDITIONS.map((rendition) => file(photoId, files, rendition, squares[rendition]));
}

/** The storage keys of a photo's files: the master's, the squares', or both. */
export function originalKeys(photo: GalleryPhoto): string[] {
  return [photoKey(photo.id, photo.original, 'original')];
}

export function squareKeys(photo: GalleryPhoto): string[] {
  return SQUARE_RENDITIONS.map((rendition) => photoKey(photo.id, photo.square, rendition));
}

function file(photoId: string, files: PhotoFiles, rendition: PhotoRendition, body: Buffer): RenderedFile {
  return { key: photoKey(photoId, files, rendition), body, contentType: CONTENT_TYPES[files.format] };
}
