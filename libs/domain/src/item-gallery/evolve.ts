import { evolver } from '../shared/evolver';
import { ItemGalleryEvent } from './events';
import { GalleryPhoto, ItemGalleryState } from './state';

export const initialItemGalleryState: ItemGalleryState = { account_id: null, item_id: null, photos: [] };

export const evolveItemGallery = evolver<ItemGalleryState, ItemGalleryEvent>({
  ItemPhotoAdded: (state, { account_id, item_id, photo_id, original, square, added_at }) => {
    const photo: GalleryPhoto = {
      id: photo_id,
      original,
      square,
      created_at: added_at,
      updated_at: added_at,
    };
    return { account_id, item_id, photos: [...state.photos, photo] };
  },
  ItemPhotoReplaced: (state, { photo_id, original, square, replaced_at }) =>
    changePhoto(state, photo_id, { original, square, updated_at: replaced_at }),
  ItemPhotoCropped: (state, { photo_id, square, cropped_at }) =>
    changePhoto(state, photo_id, { square, updated_at: cropped_at }),
  ItemPhotosReordered: (state, { photo_ids }) => {
    const byId = new Map(state.photos.map((photo) => [photo.id, photo]));
    return { ...state, photos: photo_ids.flatMap((id) => byId.get(id) ?? []) };
  },
  ItemPhotoDeleted: (state, { photo_id }) => ({
    ...state,
    photos: state.photos.filter((photo) => photo.id !== photo_id),
  }),
});

function changePhoto(state: ItemGalleryState, id: string, change: Partial<GalleryPhoto>): ItemGalleryState {
  return {
    ...state,
    photos: state.photos.map((photo) => (photo.id === id ? { ...photo, ...change } : photo)),
  };
}
