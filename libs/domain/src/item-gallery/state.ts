/** The encodings a photo is stored in: the upload's own (JPEG, PNG or WebP), detected from its bytes. */
export type PhotoFormat = 'jpeg' | 'png' | 'webp';

export const PHOTO_FORMATS: readonly PhotoFormat[] = ['jpeg', 'png', 'webp'];

/**
 * One set of stored renditions: `version` is an opaque token drawn for each upload, so a replaced or
 * re-cropped photo gets new file names (and new URLs that caches may keep forever).
 */
export type PhotoFiles = { version: string; format: PhotoFormat };

export type GalleryPhoto = {
  id: string;
  /** The orientation-normalised master, at most 2400 pixels on its longest edge. */
  original: PhotoFiles;
  /** The square renditions (200, 500 and 1000 pixels), cut from `photo` or from an exact `square_photo`. */
  square: PhotoFiles;
  created_at: string;
  updated_at: string;
};

/** An item's photos in gallery order: the first is the primary photo. Plain JSON, for snapshots. */
export type ItemGalleryState = {
  /** Set by the first photo: the account and item the gallery belongs to. */
  account_id: string | null;
  item_id: string | null;
  photos: GalleryPhoto[];
};

/** inventory-api.md §8: photos per item. */
export const MAX_ITEM_PHOTOS = 5;
