import { PhotoFormat } from '@app/domain';
import type { Sharp, SharpOptions } from 'sharp';
import { ApiError } from '@app/runtime';

/** The master's longest edge (inventory-api.md §8); smaller uploads keep their size. */
export const ORIGINAL_MAX_EDGE = 2400;

/** The square renditions' edges, in pixels. */
export const SQUARE_EDGES = { thumbnail: 200, display: 500, large: 1000 } as const;
export type SquareRendition = keyof typeof SQUARE_EDGES;

/**
 * Far above any camera's photo yet far below what a crafted 15 MB file could make the decoder
 * allocate (libvips' own default is 268 megapixels).
 */
const MAX_INPUT_PIXELS = 100_000_000;

/** Any decoder error fails the upload, truncated data included, rather than serving a grey half. */
const DECODING: SharpOptions = { failOn: 'error', limitInputPixels: MAX_INPUT_PIXELS };

type SharpFactory = typeof import('sharp').default;
let loadingSharp: Promise<SharpFactory> | undefined;

/** sharp (libvips, some 15 MB) is loaded on the first photo rather than at start: most starts see none. */
function sharpFactory(): Promise<SharpFactory> {
  return (loadingSharp ??= import('sharp').then((loaded) => loaded.default));
}

/** An upload known to be a JPEG, PNG or WebP image, and the form field it came in. */
export interface PhotoSource {
  bytes: Buffer;
  format: PhotoFormat;
  param: string;
}

/**
 * The upload's format, from its content only (the client's content type and file name are not
 * trusted): its signature must be one of the three accepted, and the decoder must read its header
 * as the same format. Anything else is 422 `invalid_photo` naming the field.
 */
export async function photoSource(bytes: Buffer, param: string): Promise<PhotoSource> {
  const format = signatureFormat(bytes);
  if (!format) throw invalidPhoto(param, `${param} must be a JPEG, PNG or WebP image.`);
  const sharp = await sharpFactory();
  const metadata = await sharp(bytes, DECODING)
    .metadata()
    .catch(() => undefined);
  if (metadata?.format !== format || !metadata.width || !metadata.height)
    throw invalidPhoto(param, `${param} is not a readable ${format.toUpperCase()} image.`);
  if (metadata.width * metadata.height > MAX_INPUT_PIXELS)
    throw invalidPhoto(param, `${param} has more than ${MAX_INPUT_PIXELS / 1_000_000} megapixels.`);
  return { bytes, format, param };
}

/** The master: turned upright as its EXIF orientation says, then fitted within 2400 pixels. */
export async function originalRendition(source: PhotoSource): Promise<Buffer> {
  const resized = (await upright(source)).resize(ORIGINAL_MAX_EDGE, ORIGINAL_MAX_EDGE, {
    fit: 'inside',
    withoutEnlargement: true,
  });
  return encoded(resized, source);
}

/**
 * The square renditions at their exact sizes: the centre of the source, cut to a square (a square
 * crop given by the client is only scaled), enlarged when the source is smaller.
 */
export async function squareRenditions(source: PhotoSource): Promise<Record<SquareRendition, Buffer>> {
  const names = Object.keys(SQUARE_EDGES) as SquareRendition[];
  const bodies = await Promise.all(
    names.map((name) =>
      upright(source).then((pipeline) =>
        encoded(pipeline.resize(SQUARE_EDGES[name], SQUARE_EDGES[name], { fit: 'cover' }), source),
      ),
    ),
  );
  return Object.fromEntries(names.map((name, i) => [name, bodies[i]])) as Record<SquareRendition, Buffer>;
}

/** EXIF orientation applied to the pixels; metadata (EXIF, GPS) is not copied to the output. */
async function upright(source: PhotoSource): Promise<Sharp> {
  const sharp = await sharpFactory();
  return sharp(source.bytes, DECODING).rotate();
}

/** In the upload's own format; pixel data the decoder cannot read is the client's 422. */
async function encoded(pipeline: Sharp, source: PhotoSource): Promise<Buffer> {
  const output =
    source.format === 'jpeg'
      ? pipeline.jpeg({ quality: 85, progressive: true })
      : source.format === 'png'
        ? pipeline.png()
        : pipeline.webp({ quality: 82 });
  try {
    return await output.toBuffer();
  } catch {
    throw invalidPhoto(source.param, `${source.param} is a damaged ${source.format.toUpperCase()} image.`);
  }
}

function signatureFormat(bytes: Buffer): PhotoFormat | undefined {
  if (bytes.length >= 3 && bytes[0] === 0xff && bytes[1] === 0xd8 && bytes[2] === 0xff) return 'jpeg';
  if (bytes.subarray(0, 8).equals(PNG_SIGNATURE)) return 'png';
  if (bytes.toString('latin1', 0, 4) === 'RIFF' && bytes.toString('latin1', 8, 12) === 'WEBP') return 'webp';
  return undefined;
}

const PNG_SIGNATURE = Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]);

export function invalidPhoto(param: string, message: string): ApiError {
  return new ApiError(422, 'invalid_photo', message, { param });
}
