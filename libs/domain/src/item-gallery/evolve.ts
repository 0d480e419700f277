import { ItemGalleryEvent } from './events';
import { GalleryPhoto, ItemGalleryState } from './state';

export const initialItemGalleryState: ItemGalleryState = { account_id: null, item_id: null, photos: [] };

export function evolveItemGallery(state: ItemGalleryState, event: ItemGalleryEvent): ItemGalleryState {
  switch (event.type) {
    case 'ItemPhotoAdded': {
      const { account_id, item_id, photo_id, original, square, added_at } = event.data;
      const photo: GalleryPhoto = {
        id: photo_id,
        original,
        square,
        created_at: added_at,
        updated_at: added_at,
      };
      return { account_id, item_id, photos: [...state.photos, photo] };
    }
    case 'ItemPhotoReplaced': {
      const { original, square, replaced_at } = event.data;
      return changePhoto(state, event.data.photo_id, { original, square, updated_at: replaced_at });
    }
    case 'ItemPhotoCropped':
      return changePhoto(state, event.data.photo_id, {
        square: event.data.square,
        updated_at: event.data.cropped_at,
      });
    case 'ItemPhotosReordered': {
      const byId = new Map(state.photos.map((photo) => [photo.id, photo]));
      const photos = event.data.photo_ids.flatMap((id) => byId.get(id) ?? []);
      return { ...state, photos };
    }
    case 'ItemPhotoDeleted':
      return { ...state, photos: state.photos.filter((photo) => photo.id !== event.data.photo_id) };
    default:
      return state;
  }
}

function changePhoto(state: ItemGalleryState, id: string, change: Partial<GalleryPhoto>): ItemGalleryState {
  return {
    ...state,
    photos: state.photos.map((photo) => (photo.id === id ? { ...photo, ...change } : photo)),
  };
}
