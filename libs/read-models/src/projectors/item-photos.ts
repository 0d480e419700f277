import { RecordedEvent } from '@app/event-store';
import { Kysely, sql, Transaction } from 'kysely';
import { Projector } from '../projector';
import { oneAtATime } from './one-at-a-time';
import { domainEvent } from './domain-events';
import { recordKeyColumns } from './column-groups';

/* eslint-disable @typescript-eslint/no-explicit-any */

/** The files a photo is served from: square renditions (200, 500, 1000 pixels) and the master. */
export const PHOTO_RENDITIONS = ['thumbnail', 'display', 'large', 'original'] as const;
export type PhotoRendition = (typeof PHOTO_RENDITIONS)[number];
export const SQUARE_RENDITIONS = ['thumbnail', 'display', 'large'] as const;

/** One stored set of renditions, as the gallery's events name it. */
export interface PhotoFilesRef {
  version: string;
  format: string;
}

/** Where the API serves photos (its photo controller reads the same scheme). */
export const PHOTO_URL_ROOT = '/api/v3/photos';

const EXTENSIONS: Record<string, string> = { jpeg: 'jpg', png: 'png', webp: 'webp' };

/** `display.jpg`: a rendition's file name in its format. */
export function photoFileName(rendition: PhotoRendition, format: string): string {
  return `${rendition}.${EXTENSIONS[format] ?? format}`;
}

/**
 * `<photo id>/<version>/<file>`: the rendition's storage key, and its URL below PHOTO_URL_ROOT. The
 * version changes with every upload, so a URL names one content forever and may be cached so.
 */
export function photoKey(photoId: string, files: PhotoFilesRef, rendition: PhotoRendition): string {
  return `${photoId}/${files.version}/${photoFileName(rendition, files.format)}`;
}

export function photoUrl(photoId: string, files: PhotoFilesRef, rendition: PhotoRendition): string {
  return `${PHOTO_URL_ROOT}/${photoKey(photoId, files, rendition)}`;
}

/**
 * Item photos (streams `itemGallery-<item id>`) as rows in gallery order: `position` is one-based
 * and the first photo is the item's primary photo; the URLs are absolute paths from the API root.
 * Photo work is rare next to item writes: one statement per event.
 */
export const itemPhotosProjector: Projector = {
  name: 'item_photos',
  version: 1,
  tables: ['item_photos'],
  writesOnly: true,
  handles: [
    'ItemPhotoAdded',
    'ItemPhotoReplaced',
    'ItemPhotoCropped',
    'ItemPhotosReordered',
    'ItemPhotoDeleted',
  ],
  setup: createTable,
  apply: oneAtATime(applyOne),
};

async function createTable(db: Kysely<any>, schema: string): Promise<void> {
  await db.schema
    .withSchema(schema)
    .createTable('item_photos')
    .$call(recordKeyColumns)
    .addColumn('item_id', 'uuid', (c) => c.notNull())
    .addColumn('position', 'integer', (c) => c.notNull())
    .addColumn('thumbnail_url', 'text', (c) => c.notNull())
    .addColumn('display_url', 'text', (c) => c.notNull())
    .addColumn('large_url', 'text', (c) => c.notNull())
    .addColumn('original_url', 'text', (c) => c.notNull())
    .addColumn('created_at', 'timestamptz', (c) => c.notNull())
    .addColumn('updated_at', 'timestamptz', (c) => c.notNull())
    .execute();
  // An item's gallery in order; also the primary photo and photo count of a page of items.
  await db.schema
    .withSchema(schema)
    .createIndex('item_photos_item_idx')
    .on('item_photos')
    .columns(['item_id', 'position'])
    .execute();
}

function squareUrls(photoId: string, square: PhotoFilesRef) {
  return {
    thumbnail_url: photoUrl(photoId, square, 'thumbnail'),
    display_url: photoUrl(photoId, square, 'display'),
    large_url: photoUrl(photoId, square, 'large'),
  };
}

async function applyOne(trx: Transaction<any>, event: RecordedEvent, schema: string): Promise<void> {
  const { type, data: d } = domainEvent(event);
  const table = sql.table(`${schema}.item_photos`);
  const photos = trx.withSchema(schema);
  switch (type) {
    case 'ItemPhotoAdded': {
      const urls = {
        ...squareUrls(d.photo_id, d.square),
        original_url: photoUrl(d.photo_id, d.original, 'original'),
      };
      await sql`insert into ${table}
          (id, account_id, item_id, position, thumbnail_url, display_url, large_url, original_url,
           created_at, updated_at)
        select ${d.photo_id}::uuid, ${d.account_id}::uuid, ${d.item_id}::uuid,
          coalesce((select max(position) from ${table} where item_id = ${d.item_id}::uuid), 0) + 1,
          ${urls.thumbnail_url}::text, ${urls.display_url}::text, ${urls.large_url}::text,
          ${urls.original_url}::text, ${d.added_at}::timestamptz, ${d.added_at}::timestamptz`.execute(trx);
      return;
    }
    case 'ItemPhotoReplaced':
      await photos
        .updateTable('item_photos')
        .set({
          ...squareUrls(d.photo_id, d.square),
          original_url: photoUrl(d.photo_id, d.original, 'original'),
          updated_at: d.replaced_at,
        })
        .where('id', '=', d.photo_id)
        .execute();
      return;
    case 'ItemPhotoCropped':
      await photos
        .updateTable('item_photos')
        .set({ ...squareUrls(d.photo_id, d.square), updated_at: d.cropped_at })
        .where('id', '=', d.photo_id)
        .execute();
      return;
    case 'ItemPhotosReordered':
      await sql`update ${table} as t set position = o.position
        from jsonb_array_elements_text(${JSON.stringify(d.photo_ids)}::jsonb)
          with ordinality as o(id, position)
        where t.id = o.id::uuid`.execute(trx);
      return;
    case 'ItemPhotoDeleted':
      // The photos after it move up one place.
      await sql`with gone as (delete from ${table} where id = ${d.photo_id}::uuid returning item_id, position)
        update ${table} as t set position = t.position - 1 from gone
        where t.item_id = gone.item_id and t.position > gone.position`.execute(trx);
      return;
  }
}
