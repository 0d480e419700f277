import { RecordedEvent } from '@app/event-store';
import { ACCOUNT, at, eventLog, projectorOn, uuid } from '../testing/projector-spec';
import { postgresSkipNotice, testDatabases } from '../testing/test-databases';
import { itemPhotosProjector, photoUrl } from './item-photos';

postgresSkipNotice('item_photos projector');

const ITEM = uuid('b1');
const OTHER_ITEM = uuid('b2');
const P = (n: number) => uuid(String(n));
const jpeg = (version: string) => ({ version, format: 'jpeg' });

/** Events of the items' galleries (streams `itemGallery-<item>`). */
const log = (...entries: [item: string, type: string, data: object][]): RecordedEvent[] =>
  eventLog(entries.map(([item, type, data]) => [`itemGallery-${item}`, type, data]));

const added = (item: string, n: number, minute: number): [string, string, object] => [
  item,
  'ItemPhotoAdded',
  {
    account_id: ACCOUNT,
    item_id: item,
    photo_id: P(n),
    original: jpeg(`o${n}`),
    square: jpeg(`s${n}`),
    added_at: at(minute),
  },
];

describe.each(testDatabases())('item_photos projector on $name', (target) => {
  const photos = projectorOn(target, itemPhotosProjector);
  let schemas = 0;

  /** Projects the events one batch each into a fresh schema; its rows in gallery order. */
  async function project(...batches: RecordedEvent[][]) {
    const schema = `photos_${++schemas}`;
    await photos.project(schema, batches);
    return photos.rows(schema, 'item_photos', 'item_id, position');
  }

  const order = (rows: Record<string, unknown>[]) => rows.map((r) => [r.item_id, r.position, r.id]);

  it('appends photos per item in positions from 1, with absolute URLs of each rendition', async () => {
    const rows = await project(log(added(ITEM, 1, 0), added(OTHER_ITEM, 2, 1), added(ITEM, 3, 2)));
    expect(order(rows)).toEqual([
      [ITEM, 1, P(1)],
      [ITEM, 2, P(3)],
      [OTHER_ITEM, 1, P(2)],
    ]);
    expect(rows[0]).toEqual({
      id: P(1),
      account_id: ACCOUNT,
      item_id: ITEM,
      position: 1,
      thumbnail_url: `/api/v3/photos/${P(1)}/s1/thumbnail.jpg`,
      display_url: `/api/v3/photos/${P(1)}/s1/display.jpg`,
      large_url: `/api/v3/photos/${P(1)}/s1/large.jpg`,
      original_url: `/api/v3/photos/${P(1)}/o1/original.jpg`,
      created_at: new Date(at(0)),
      updated_at: new Date(at(0)),
    });
  });

  it('changes every URL on a replace and only the square ones on a crop', async () => {
    const png = { version: 'r1', format: 'png' };
    const rows = await project(
      log(added(ITEM, 1, 0)),
      log(
        [ITEM, 'ItemPhotoReplaced', { photo_id: P(1), original: png, square: png, replaced_at: at(5) }],
        [ITEM, 'ItemPhotoCropped', { photo_id: P(1), square: jpeg('c1'), cropped_at: at(6) }],
      ),
    );
    expect(rows[0]).toMatchObject({
      position: 1,
      thumbnail_url: photoUrl(P(1), jpeg('c1'), 'thumbnail'),
      display_url: photoUrl(P(1), jpeg('c1'), 'display'),
      large_url: photoUrl(P(1), jpeg('c1'), 'large'),
      original_url: `/api/v3/photos/${P(1)}/r1/original.png`,
      created_at: new Date(at(0)),
      updated_at: new Date(at(6)),
    });
  });

  it('renumbers on a reorder, and closes the gap a deletion leaves', async () => {
    const three = [added(ITEM, 1, 0), added(ITEM, 2, 1), added(ITEM, 3, 2), added(OTHER_ITEM, 4, 3)];
    const reordered = await project(
      log(...three, [ITEM, 'ItemPhotosReordered', { photo_ids: [P(3), P(1), P(2)], reordered_at: at(4) }]),
    );
    expect(order(reordered)).toEqual([
      [ITEM, 1, P(3)],
      [ITEM, 2, P(1)],
      [ITEM, 3, P(2)],
      [OTHER_ITEM, 1, P(4)],
    ]);
    const deleted = await project(
      log(...three, [ITEM, 'ItemPhotoDeleted', { photo_id: P(1), deleted_at: at(4) }]),
      log([ITEM, 'ItemPhotoDeleted', { photo_id: P(3), deleted_at: at(5) }]),
    );
    expect(order(deleted)).toEqual([
      [ITEM, 1, P(2)],
      [OTHER_ITEM, 1, P(4)],
    ]);
  });
});
