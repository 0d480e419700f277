import { PhotoFiles } from './state';

/**
 * The files are stored before the command is decided (the handler processed the upload): the
 * command names their version tokens and formats, and `photo_id` is a new UUID for an added photo.
 */
export type AddItemPhoto = {
  type: 'AddItemPhoto';
  photo_id: string;
  original: PhotoFiles;
  square: PhotoFiles;
};
export type ReplaceItemPhoto = {
  type: 'ReplaceItemPhoto';
  photo_id: string;
  original: PhotoFiles;
  square: PhotoFiles;
};
export type CropItemPhoto = { type: 'CropItemPhoto'; photo_id: string; square: PhotoFiles };
/** `photo_ids` as the client sent it: the domain checks it. */
export type ReorderItemPhotos = { type: 'ReorderItemPhotos'; photo_ids: unknown };
export type DeleteItemPhoto = { type: 'DeleteItemPhoto'; photo_id: string };

export type ItemGalleryCommand =
  AddItemPhoto | ReplaceItemPhoto | CropItemPhoto | ReorderItemPhotos | DeleteItemPhoto;
