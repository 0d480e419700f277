import { ACCOUNT_ID, LATER, NOW, OTHER_ACCOUNT_ID, RECORD_ID } from '../testing/fixtures';
import { scenario, stateAfter } from '../testing/scenario';
import { ItemGalleryCommand } from './commands';
import { decideItemGallery, ItemGalleryContext } from './decide';
import { ItemGalleryEvent } from './events';
import { evolveItemGallery, initialItemGalleryState } from './evolve';
import { itemGalleryAggregate } from './item-gallery';
import { PhotoFiles } from './state';

const folding = { initialState: initialItemGalleryState, evolve: evolveItemGallery };
const gallery = scenario(folding, decideItemGallery);
const ITEM_ID = RECORD_ID;
const photoId = (n: number) => `00000000-0000-4000-8000-00000000000${n}`;
const files = (version: string, format: PhotoFiles['format'] = 'jpeg'): PhotoFiles => ({ version, format });

const context = (over: Partial<ItemGalleryContext> = {}): ItemGalleryContext => ({
  now: LATER,
  accountId: ACCOUNT_ID,
  itemId: ITEM_ID,
  itemArchived: false,
  ...over,
});

const added = (n: number): ItemGalleryEvent => ({
  type: 'ItemPhotoAdded',
  data: {
    account_id: ACCOUNT_ID,
    item_id: ITEM_ID,
    photo_id: photoId(n),
    original: files(`o${n}`),
    square: files(`s${n}`),
    added_at: NOW,
  },
});

const add = (n: number): ItemGalleryCommand => ({
  type: 'AddItemPhoto',
  photo_id: photoId(n),
  original: files(`o${n}`),
  square: files(`s${n}`),
});

const ids = (events: ItemGalleryEvent[]) => stateAfter(folding, events).photos.map((p) => p.id);

describe('ItemGallery', () => {
  it('streams as itemGallery-<item id>', () => {
    expect(itemGalleryAggregate.streamPrefix).toBe('itemGallery');
  });

  describe('adding a photo', () => {
    it('records the first photo with its account, item and files', () => {
      expect(gallery.given().when(add(1), context())).toEqual([
        {
          type: 'ItemPhotoAdded',
          data: {
            account_id: ACCOUNT_ID,
            item_id: ITEM_ID,
            photo_id: photoId(1),
            original: files('o1'),
            square: files('s1'),
            added_at: LATER,
          },
        },
      ]);
    });

    it('appends it after the photos already there', () => {
      const [event] = gallery.given(added(1), added(2)).when(add(3), context()) as ItemGalleryEvent[];
      expect(ids([added(1), added(2), event])).toEqual([photoId(1), photoId(2), photoId(3)]);
    });

    it('refuses a sixth photo with 409 item_photo_limit_reached', () => {
      const five = [1, 2, 3, 4, 5].map(added);
      expect(gallery.given(...five).when(add(6), context())).toMatchObject({
        status: 409,
        code: 'item_photo_limit_reached',
      });
    });

    it('accepts a fifth photo, and another once one is deleted', () => {
      const four = [1, 2, 3, 4].map(added);
      expect(gallery.given(...four).when(add(5), context())).toHaveLength(1);
      const deleted: ItemGalleryEvent = {
        type: 'ItemPhotoDeleted',
        data: { photo_id: photoId(2), deleted_at: NOW },
      };
      expect(gallery.given(...four, added(5), deleted).when(add(6), context())).toHaveLength(1);
    });
  });

  describe('every change', () => {
    const commands: ItemGalleryCommand[] = [
      add(2),
      { type: 'ReplaceItemPhoto', photo_id: photoId(1), original: files('x'), square: files('y') },
      { type: 'CropItemPhoto', photo_id: photoId(1), square: files('y') },
      { type: 'ReorderItemPhotos', photo_ids: [photoId(1)] },
      { type: 'DeleteItemPhoto', photo_id: photoId(1) },
    ];

    it.each(commands.map((command) => [command.type, command]))(
      '%s is refused with 409 item_archived on an archived item',
      (_type, command) => {
        expect(gallery.given(added(1)).when(command, context({ itemArchived: true }))).toMatchObject({
          status: 409,
          code: 'item_archived',
        });
      },
    );

    it.each(commands.map((command) => [command.type, command]))(
      "%s answers 404 on another account's gallery",
      (_type, command) => {
        expect(gallery.given(added(1)).when(command, context({ accountId: OTHER_ACCOUNT_ID }))).toMatchObject(
          {
            status: 404,
            code: 'resource_missing',
          },
        );
      },
    );
  });

  describe('replacing a photo', () => {
    it('keeps its id and position, with new files throughout', () => {
      const replace: ItemGalleryCommand = {
        type: 'ReplaceItemPhoto',
        photo_id: photoId(2),
        original: files('o9', 'png'),
        square: files('s9', 'png'),
      };
      const events = gallery
        .given(added(1), added(2), added(3))
        .when(replace, context()) as ItemGalleryEvent[];
      expect(events).toEqual([
        {
          type: 'ItemPhotoReplaced',
          data: {
            photo_id: photoId(2),
            original: files('o9', 'png'),
            square: files('s9', 'png'),
            replaced_at: LATER,
          },
        },
      ]);
      const state = stateAfter(folding, [added(1), added(2), added(3), ...events]);
      expect(state.photos[1]).toEqual({
        id: photoId(2),
        original: files('o9', 'png'),
        square: files('s9', 'png'),
        created_at: NOW,
        updated_at: LATER,
      });
      expect(state.photos.map((p) => p.id)).toEqual([photoId(1), photoId(2), photoId(3)]);
    });

    it('answers 404 for a photo the gallery does not hold', () => {
      const replace: ItemGalleryCommand = {
        type: 'ReplaceItemPhoto',
        photo_id: photoId(7),
        original: files('o'),
        square: files('s'),
      };
      expect(gallery.given(added(1)).when(replace, context())).toMatchObject({ status: 404 });
      expect(gallery.given().when(replace, context())).toMatchObject({ status: 404 });
    });
  });

  describe('cropping a photo', () => {
    it('changes only its square renditions', () => {
      const crop: ItemGalleryCommand = {
        type: 'CropItemPhoto',
        photo_id: photoId(1),
        square: files('c1', 'webp'),
      };
      const events = gallery.given(added(1)).when(crop, context()) as ItemGalleryEvent[];
      expect(events).toEqual([
        {
          type: 'ItemPhotoCropped',
          data: { photo_id: photoId(1), square: files('c1', 'webp'), cropped_at: LATER },
        },
      ]);
      const [photo] = stateAfter(folding, [added(1), ...events]).photos;
      expect(photo).toMatchObject({ original: files('o1'), square: files('c1', 'webp'), updated_at: LATER });
    });

    it('answers 404 for a photo the gallery does not hold', () => {
      const crop: ItemGalleryCommand = { type: 'CropItemPhoto', photo_id: photoId(2), square: files('c') };
      expect(gallery.given(added(1)).when(crop, context())).toMatchObject({ status: 404 });
    });
  });

  describe('reordering', () => {
    const three = [added(1), added(2), added(3)];
    const reorder = (photo_ids: unknown): ItemGalleryCommand => ({ type: 'ReorderItemPhotos', photo_ids });

    it('records the new order, whose first photo becomes the primary one', () => {
      const order = [photoId(3), photoId(1), photoId(2)];
      const events = gallery.given(...three).when(reorder(order), context()) as ItemGalleryEvent[];
      expect(events).toEqual([
        { type: 'ItemPhotosReordered', data: { photo_ids: order, reordered_at: LATER } },
      ]);
      expect(ids([...three, ...events])).toEqual(order);
    });

    it('reads upper-case ids as the same ids', () => {
      const order = [photoId(2), photoId(1), photoId(3)];
      const events = gallery.given(...three).when(reorder(order.map((id) => id.toUpperCase())), context());
      expect(events).toMatchObject([{ data: { photo_ids: order } }]);
    });

    it('appends nothing when the order does not change', () => {
      expect(gallery.given(...three).when(reorder([photoId(1), photoId(2), photoId(3)]), context())).toEqual(
        [],
      );
      expect(gallery.given().when(reorder([]), context())).toEqual([]);
    });

    it.each([
      ['an omitted id', [photoId(1), photoId(2)]],
      ['an unknown id', [photoId(1), photoId(2), photoId(3), photoId(4)]],
      ['an unknown id in place of one', [photoId(1), photoId(2), photoId(4)]],
      ['a repeated id', [photoId(1), photoId(2), photoId(2), photoId(3)]],
      ['a repeated id in place of one', [photoId(1), photoId(1), photoId(3)]],
      ['a number', [1, photoId(2), photoId(3)]],
      ['no array', photoId(1)],
      ['nothing', undefined],
    ])('refuses %s with 422 invalid_photo_order', (_case, photoIds) => {
      expect(gallery.given(...three).when(reorder(photoIds), context())).toMatchObject({
        status: 422,
        code: 'invalid_photo_order',
        param: 'photo_ids',
      });
    });
  });

  describe('deleting a photo', () => {
    const deleted = (n: number): ItemGalleryEvent => ({
      type: 'ItemPhotoDeleted',
      data: { photo_id: photoId(n), deleted_at: LATER },
    });

    it('removes it; the next photo becomes the primary one', () => {
      const remove: ItemGalleryCommand = { type: 'DeleteItemPhoto', photo_id: photoId(1) };
      expect(gallery.given(added(1), added(2)).when(remove, context())).toEqual([deleted(1)]);
      expect(ids([added(1), added(2), deleted(1)])).toEqual([photoId(2)]);
    });

    it('leaves an empty gallery after the last photo', () => {
      expect(ids([added(1), deleted(1)])).toEqual([]);
    });

    it('answers 404 for a photo already deleted', () => {
      const remove: ItemGalleryCommand = { type: 'DeleteItemPhoto', photo_id: photoId(1) };
      expect(gallery.given(added(1), deleted(1)).when(remove, context())).toMatchObject({ status: 404 });
    });
  });
});
