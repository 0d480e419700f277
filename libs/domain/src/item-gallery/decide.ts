import { Clock, Decision } from '../shared/decision';
import { conflict, DomainError, notFound, validation } from '../shared/domain-error';
import { itemArchived } from '../item/rules';
import { ItemGalleryCommand } from './commands';
import { ItemGalleryEvent } from './events';
import { ItemGalleryState, MAX_ITEM_PHOTOS } from './state';

/**
 * What the handler found out before deciding: the item is one the caller may see (else it answered
 * 404 already), in this account, and whether it is archived.
 */
export interface ItemGalleryContext extends Clock {
  accountId: string;
  itemId: string;
  /** An archived item is read-only: its photos cannot change either. */
  itemArchived: boolean;
}

export function decideItemGallery(
  command: ItemGalleryCommand,
  state: ItemGalleryState,
  context: ItemGalleryContext,
): Decision<ItemGalleryEvent> {
  const refusal = writable(state, context);
  if (refusal) return refusal;
  const { now } = context;
  switch (command.type) {
    case 'AddItemPhoto': {
      if (state.photos.length >= MAX_ITEM_PHOTOS) return photoLimitReached();
      const { photo_id, original, square } = command;
      const data = { account_id: context.accountId, item_id: context.itemId, photo_id, original, square };
      return [{ type: 'ItemPhotoAdded', data: { ...data, added_at: now } }];
    }
    case 'ReplaceItemPhoto': {
      if (!has(state, command.photo_id)) return notFound();
      const { photo_id, original, square } = command;
      return [{ type: 'ItemPhotoReplaced', data: { photo_id, original, square, replaced_at: now } }];
    }
    case 'CropItemPhoto': {
      if (!has(state, command.photo_id)) return notFound();
      const { photo_id, square } = command;
      return [{ type: 'ItemPhotoCropped', data: { photo_id, square, cropped_at: now } }];
    }
    case 'ReorderItemPhotos': {
      const order = photoOrder(state, command.photo_ids);
      if (order instanceof DomainError) return order;
      const unchanged = order.every((id, i) => state.photos[i].id === id);
      return unchanged
        ? []
        : [{ type: 'ItemPhotosReordered', data: { photo_ids: order, reordered_at: now } }];
    }
    case 'DeleteItemPhoto':
      if (!has(state, command.photo_id)) return notFound();
      return [{ type: 'ItemPhotoDeleted', data: { photo_id: command.photo_id, deleted_at: now } }];
  }
}

/** Another account's gallery is no gallery; an archived item's is read-only. */
function writable(state: ItemGalleryState, context: ItemGalleryContext): DomainError | undefined {
  if (state.account_id !== null && state.account_id !== context.accountId) return notFound();
  return context.itemArchived ? itemArchived() : undefined;
}

function has(state: ItemGalleryState, photoId: string): boolean {
  return state.photos.some((photo) => photo.id === photoId);
}

function photoLimitReached(): DomainError {
  return conflict(
    'item_photo_limit_reached',
    `An item has at most ${MAX_ITEM_PHOTOS} photos; delete or replace one to add another.`,
  );
}

/** Every current photo id exactly once: anything else is 422 `invalid_photo_order`. */
function photoOrder(state: ItemGalleryState, value: unknown): string[] | DomainError {
  const refuse = (message: string) => validation('invalid_photo_order', 'photo_ids', message);
  if (!Array.isArray(value)) return refuse("photo_ids must be an array of the item's photo ids.");
  const current = new Set(state.photos.map((photo) => photo.id));
  const order: string[] = [];
  for (const [i, id] of value.entries()) {
    const photoId = typeof id === 'string' ? id.toLowerCase() : undefined;
    if (photoId === undefined || !current.has(photoId))
      return refuse(`photo_ids.${i} is not the id of a photo of this item.`);
    if (order.includes(photoId)) return refuse(`photo_ids.${i} repeats a photo id.`);
    order.push(photoId);
  }
  if (order.length !== current.size) return refuse('photo_ids must name every photo of the item, each once.');
  return order;
}
