import { PhotoFiles } from './state';

/** Appended last to the gallery; the first photo added becomes the primary one. */
export type ItemPhotoAdded = {
  type: 'ItemPhotoAdded';
  data: {
    account_id: string;
    item_id: string;
    photo_id: string;
    original: PhotoFiles;
    square: PhotoFiles;
    added_at: string;
  };
};

/** A new upload in place of the photo: every rendition changes, the id and position stay. */
export type ItemPhotoReplaced = {
  type: 'ItemPhotoReplaced';
  data: { photo_id: string; original: PhotoFiles; square: PhotoFiles; replaced_at: string };
};

/** A new square crop: only the square renditions change. */
export type ItemPhotoCropped = {
  type: 'ItemPhotoCropped';
  data: { photo_id: string; square: PhotoFiles; cropped_at: string };
};

/** Every photo id once, in the new gallery order. */
export type ItemPhotosReordered = {
  type: 'ItemPhotosReordered';
  data: { photo_ids: string[]; reordered_at: string };
};

/** The photos after it move up one place; its files are removed from storage. */
export type ItemPhotoDeleted = { type: 'ItemPhotoDeleted'; data: { photo_id: string; deleted_at: string } };

export type ItemGalleryEvent =
  ItemPhotoAdded | ItemPhotoReplaced | ItemPhotoCropped | ItemPhotosReordered | ItemPhotoDeleted;

export const ITEM_GALLERY_EVENT_TYPES: readonly ItemGalleryEvent['type'][] = [
  'ItemPhotoAdded',
  'ItemPhotoReplaced',
  'ItemPhotoCropped',
  'ItemPhotosReordered',
  'ItemPhotoDeleted',
];
