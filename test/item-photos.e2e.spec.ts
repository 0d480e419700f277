import { randomUUID } from 'node:crypto';
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { EventStore } from '@app/event-store';
import { postgresSkipNotice, testDatabases } from '@app/read-models/testing/test-databases';
import sharp from 'sharp';
import { EVENT_STORE } from '../apps/api/src/store/tokens';
import {
  bulk,
  corruptJpeg,
  describeImage,
  gif,
  image,
  ImageFormat,
  jpeg,
  png,
  webp,
} from './fixtures/images';
import { createCategory, createLocation } from './support/catalog';
import { Caller, createCaller } from './support/operator';
import { startTestApp, TestApp } from './support/test-app';

postgresSkipNotice('Item photos e2e');

type Json = Record<string, any>; // eslint-disable-line @typescript-eslint/no-explicit-any

/** One part of a multipart body: a file unless `text` is set. */
interface Part {
  name: string;
  body: Buffer | string;
  filename?: string;
  contentType?: string;
}

const BOUNDARY = '----photo-test-boundary';

function multipart(parts: Part[]): Buffer {
  const chunks = parts.flatMap(({ name, body, filename, contentType }) => {
    const disposition =
      filename === undefined
        ? `form-data; name="${name}"`
        : `form-data; name="${name}"; filename="${filename}"`;
    const type = contentType ? `Content-Type: ${contentType}\r\n` : '';
    return [
      Buffer.from(`--${BOUNDARY}\r\nContent-Disposition: ${disposition}\r\n${type}\r\n`),
      Buffer.isBuffer(body) ? body : Buffer.from(body),
      Buffer.from('\r\n'),
    ];
  });
  return Buffer.concat([...chunks, Buffer.from(`--${BOUNDARY}--\r\n`)]);
}

/** A file part; the client's name and type are deliberately unhelpful (content decides). */
const file = (name: string, body: Buffer): Part => ({
  name,
  body,
  filename: 'upload.bin',
  contentType: 'application/octet-stream',
});

const PHOTO_FIELDS = ['id', 'position', 'thumbnail_url', 'display_url', 'large_url', 'original_url'];

describe.each(testDatabases())('item photos on $name', (target) => {
  let t: TestApp;
  let dataDir: string;
  let owner: Caller;
  let categoryId: string;

  beforeAll(async () => {
    dataDir = await mkdtemp(join(tmpdir(), 'item-photos-'));
    t = await startTestApp(target, { config: { dataDir } });
    owner = await createCaller(t.app);
    categoryId = (await createCategory(t.app, owner)).id;
  });
  afterAll(async () => {
    await t?.close();
    await rm(dataDir, { recursive: true, force: true });
  });

  async function createItem(as: Caller = owner, body: Json = {}, category = categoryId): Promise<string> {
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/v3/items',
      headers: as.headers,
      payload: {
        name: `Item ${randomUUID().slice(0, 8)}`,
        inventory_type: 'quantity',
        category_id: category,
        ...body,
      },
    });
    if (res.statusCode !== 201) throw new Error(`POST /api/v3/items answered ${res.statusCode}: ${res.body}`);
    return res.json().id;
  }

  interface SendOptions {
    as?: Caller;
    key?: string;
  }

  function send(
    method: 'POST' | 'PUT' | 'DELETE',
    url: string,
    parts?: Part[],
    { as = owner, key }: SendOptions = {},
  ) {
    const headers: Record<string, string> = { ...as.headers };
    if (key) headers['idempotency-key'] = key;
    if (!parts) return t.app.inject({ method, url, headers });
    headers['content-type'] = `multipart/form-data; boundary=${BOUNDARY}`;
    return t.app.inject({ method, url, headers, payload: multipart(parts) });
  }

  const photosOf = (itemId: string) => `/api/v3/items/${itemId}/photos`;
  const upload = (itemId: string, parts: Part[], options?: SendOptions) =>
    send('POST', photosOf(itemId), parts, options);
  const reorder = (itemId: string, payload: unknown, as = owner) =>
    t.app.inject({
      method: 'PUT',
      url: `${photosOf(itemId)}/order`,
      headers: as.headers,
      payload: payload as Json,
    });

  /** Uploads `photo` and answers the new photo (the last of the gallery). */
  async function added(itemId: string, photo: Buffer, extra: Part[] = []): Promise<Json> {
    const res = await upload(itemId, [file('photo', photo), ...extra]);
    expect({ status: res.statusCode, body: res.json() }).toMatchObject({ status: 201 });
    const photos = res.json().photos as Json[];
    return photos[photos.length - 1];
  }

  const get = (url: string, headers: Record<string, string> = {}) =>
    t.app.inject({ method: 'GET', url, headers });

  async function served(url: string) {
    const res = await get(url);
    expect(res.statusCode).toBe(200);
    return { res, image: await describeImage(res.rawPayload) };
  }

  const galleryEvents = async (itemId: string) => {
    const events = t.app.get<EventStore>(EVENT_STORE);
    try {
      return (await events.readStream(`itemGallery-${itemId}`)).map((e) => e.type);
    } catch {
      return [];
    }
  };

  function expectError(res: { statusCode: number; json(): Json }, status: number, error: Json) {
    expect({ status: res.statusCode, error: res.json().error }).toEqual({
      status,
      error: expect.objectContaining(error),
    });
  }

  describe('upload', () => {
    it.each<[ImageFormat, string, string]>([
      ['jpeg', 'image/jpeg', 'jpg'],
      ['png', 'image/png', 'png'],
      ['webp', 'image/webp', 'webp'],
    ])(
      'takes a %s, answers 201 with the item and its renditions in that format',
      async (format, contentType, extension) => {
        const itemId = await createItem();
        const res = await upload(itemId, [file('photo', await image(format, 640, 480))]);
        expect(res.statusCode).toBe(201);
        const body = res.json();
        expect(body).toMatchObject({ id: itemId, object: 'item', photo_count: 1 });
        const [photo] = body.photos;
        expect(Object.keys(photo)).toEqual(PHOTO_FIELDS);
        expect(photo.position).toBe(1);
        expect(body.primary_photo).toEqual({ id: photo.id, thumbnail_url: photo.thumbnail_url });
        for (const name of ['thumbnail_url', 'display_url', 'large_url', 'original_url']) {
          expect(photo[name]).toMatch(
            new RegExp(`^/api/v3/photos/${photo.id}/[0-9a-f]{16}/\\w+\\.${extension}$`),
          );
        }
        const sizes: [string, number, number][] = [
          ['thumbnail_url', 200, 200],
          ['display_url', 500, 500],
          ['large_url', 1000, 1000],
          ['original_url', 640, 480],
        ];
        for (const [name, width, height] of sizes) {
          const { res: got, image: seen } = await served(photo[name]);
          expect(got.headers['content-type']).toBe(contentType);
          expect(seen).toMatchObject({ format, width, height });
        }
      },
    );

    it('turns an EXIF-rotated photo upright: its width and height swap', async () => {
      const itemId = await createItem();
      const photo = await added(itemId, await jpeg(300, 200, { orientation: 6 }));
      expect((await served(photo.original_url)).image).toEqual({
        format: 'jpeg',
        width: 200,
        height: 300,
        orientation: undefined,
      });
    });

    it('caps the original at 2400 pixels on its longest edge', async () => {
      const itemId = await createItem();
      const photo = await added(itemId, await jpeg(3000, 2000));
      expect((await served(photo.original_url)).image).toMatchObject({ width: 2400, height: 1600 });
    });

    it('makes the square renditions exactly from square_photo when given, the original from photo', async () => {
      const itemId = await createItem();
      const square = await png(400, 400, { colour: { r: 0, g: 0, b: 255 } });
      const photo = await added(itemId, await jpeg(800, 400), [file('square_photo', square)]);
      expect(photo.thumbnail_url).toMatch(/thumbnail\.png$/);
      expect(photo.original_url).toMatch(/original\.jpg$/);
      const thumbnail = await get(photo.thumbnail_url);
      const { data } = await sharp(thumbnail.rawPayload).raw().toBuffer({ resolveWithObject: true });
      expect([data[0], data[1], data[2]]).toEqual([0, 0, 255]); // the square's blue corner
      expect((await served(photo.original_url)).image).toMatchObject({
        format: 'jpeg',
        width: 800,
        height: 400,
      });
    });

    it('appends photos; the first stays the primary photo', async () => {
      const itemId = await createItem();
      const first = await added(itemId, await jpeg());
      const res = await upload(itemId, [file('photo', await png())]);
      const body = res.json();
      expect(body.photos.map((p: Json) => [p.position, p.id === first.id])).toEqual([
        [1, true],
        [2, false],
      ]);
      expect(body).toMatchObject({ photo_count: 2, primary_photo: { id: first.id } });
    });

    it('refuses a sixth photo with 409 item_photo_limit_reached and stores nothing', async () => {
      const itemId = await createItem();
      const small = await jpeg(64, 48);
      for (let n = 0; n < 5; n++) await added(itemId, small);
      const res = await upload(itemId, [file('photo', small)]);
      expectError(res, 409, { type: 'conflict_error', code: 'item_photo_limit_reached' });
      expect(await galleryEvents(itemId)).toHaveLength(5);
    });

    it.each([
      ['a GIF', () => gif(), 'photo'],
      ['a text file', async () => Buffer.from('not an image at all'), 'photo'],
      ['a damaged JPEG', async () => corruptJpeg(), 'photo'],
    ])('answers %s with 422 invalid_photo', async (_case, bytes, param) => {
      const itemId = await createItem();
      const res = await upload(itemId, [{ ...file('photo', await bytes()), contentType: 'image/jpeg' }]);
      expectError(res, 422, { type: 'invalid_request_error', code: 'invalid_photo', param });
      expect(await galleryEvents(itemId)).toEqual([]);
    });

    it('names square_photo when it is the file that is no image', async () => {
      const itemId = await createItem();
      const res = await upload(itemId, [file('photo', await jpeg()), file('square_photo', await gif())]);
      expectError(res, 422, { code: 'invalid_photo', param: 'square_photo' });
    });

    it('refuses a file over 15 MB with 413 payload_too_large', async () => {
      const itemId = await createItem();
      const res = await upload(itemId, [file('photo', bulk(15 * 1024 * 1024 + 1))]);
      expectError(res, 413, { type: 'invalid_request_error', code: 'payload_too_large', param: 'photo' });
      expect(await galleryEvents(itemId)).toEqual([]);
    });

    it('refuses uploads without photo, with other fields, or not multipart', async () => {
      const itemId = await createItem();
      const photo = await jpeg(64, 48);
      expectError(await upload(itemId, []), 422, { code: 'validation_failed', param: 'photo' });
      expectError(await upload(itemId, [file('square_photo', photo)]), 422, {
        code: 'validation_failed',
        param: 'photo',
      });
      expectError(await upload(itemId, [file('photo', photo), file('banner', photo)]), 422, {
        code: 'unsupported_field',
        param: 'banner',
      });
      expectError(await upload(itemId, [{ name: 'photo', body: 'text' }]), 422, {
        code: 'validation_failed',
        param: 'photo',
      });
      expectError(await upload(itemId, [file('photo', photo), file('photo', photo)]), 422, {
        code: 'validation_failed',
        param: 'photo',
      });
      const json = await t.app.inject({
        method: 'POST',
        url: photosOf(itemId),
        headers: owner.headers,
        payload: { photo: 'x' },
      });
      expectError(json, 415, { code: 'unsupported_media_type' });
      expect(await galleryEvents(itemId)).toEqual([]);
    });

    it('keeps multipart bodies away from every other route: 415', async () => {
      const res = await t.app.inject({
        method: 'POST',
        url: '/api/v3/customers',
        headers: { ...owner.headers, 'content-type': `multipart/form-data; boundary=${BOUNDARY}` },
        payload: multipart([{ name: 'name', body: 'Acme' }]),
      });
      expectError(res, 415, { code: 'unsupported_media_type' });
    });
  });

  describe('Idempotency-Key', () => {
    it('replays an upload without adding the photo twice; another file under the key is refused', async () => {
      const itemId = await createItem();
      const key = randomUUID();
      const photo = await jpeg(120, 90);
      const first = await upload(itemId, [file('photo', photo)], { key });
      expect(first.statusCode).toBe(201);
      const again = await upload(itemId, [file('photo', photo)], { key });
      expect(again.statusCode).toBe(201);
      expect(again.headers['idempotent-replayed']).toBe('true');
      expect(again.body).toBe(first.body);
      expect(await galleryEvents(itemId)).toEqual(['ItemPhotoAdded']);
      const other = await upload(itemId, [file('photo', await jpeg(121, 90))], { key });
      expectError(other, 409, { code: 'idempotency_key_reused' });
      expect(await galleryEvents(itemId)).toEqual(['ItemPhotoAdded']);
    });

    it('replays a replace and a crop without doing them twice', async () => {
      const itemId = await createItem();
      const photo = await added(itemId, await jpeg(120, 90));
      const replacement = [file('photo', await png(90, 120))];
      const key = randomUUID();
      const replaced = await send('POST', `${photosOf(itemId)}/${photo.id}`, replacement, { key });
      const replay = await send('POST', `${photosOf(itemId)}/${photo.id}`, replacement, { key });
      expect([replaced.statusCode, replay.statusCode, replay.headers['idempotent-replayed']]).toEqual([
        200,
        200,
        'true',
      ]);
      expect(replay.body).toBe(replaced.body);
      const crop = [file('photo', await jpeg(50, 50))];
      const cropKey = randomUUID();
      const cropped = await send('POST', `${photosOf(itemId)}/${photo.id}/crop`, crop, { key: cropKey });
      const cropReplay = await send('POST', `${photosOf(itemId)}/${photo.id}/crop`, crop, { key: cropKey });
      expect(cropReplay.body).toBe(cropped.body);
      expect(await galleryEvents(itemId)).toEqual([
        'ItemPhotoAdded',
        'ItemPhotoReplaced',
        'ItemPhotoCropped',
      ]);
    });
  });

  describe('order', () => {
    it('puts the photos in the order given; the first becomes the primary photo', async () => {
      const itemId = await createItem();
      const small = await jpeg(64, 48);
      const [a, b, c] = [await added(itemId, small), await added(itemId, small), await added(itemId, small)];
      const res = await reorder(itemId, { photo_ids: [c.id, a.id, b.id] });
      expect(res.statusCode).toBe(200);
      const body = res.json();
      expect(body.photos.map((p: Json) => [p.id, p.position])).toEqual([
        [c.id, 1],
        [a.id, 2],
        [b.id, 3],
      ]);
      expect(body.primary_photo).toEqual({ id: c.id, thumbnail_url: c.thumbnail_url });
      expect(body.photos[0]).toEqual({ ...c, position: 1 });
      // The answer is the item as a retrieve shows it, with its ETag.
      const retrieved = await get(`/api/v3/items/${itemId}`, owner.headers);
      expect(retrieved.json()).toEqual(body);
      expect(res.headers.etag).toBe(retrieved.headers.etag);
    });

    it('refuses an omitted, unknown or repeated id with 422 invalid_photo_order', async () => {
      const itemId = await createItem();
      const small = await jpeg(64, 48);
      const [a, b] = [await added(itemId, small), await added(itemId, small)];
      for (const photo_ids of [
        [a.id],
        [a.id, b.id, randomUUID()],
        [a.id, a.id, b.id],
        [a.id, a.id],
        'x',
        null,
      ]) {
        expectError(await reorder(itemId, { photo_ids }), 422, {
          code: 'invalid_photo_order',
          param: 'photo_ids',
        });
      }
      expectError(await reorder(itemId, {}), 422, { code: 'invalid_photo_order' });
      expectError(await reorder(itemId, { photo_ids: [a.id, b.id], extra: 1 }), 422, {
        code: 'unsupported_field',
        param: 'extra',
      });
      expect(await galleryEvents(itemId)).toEqual(['ItemPhotoAdded', 'ItemPhotoAdded']);
    });
  });

  describe('replace', () => {
    it('keeps the id and position with new renditions; the old files are gone', async () => {
      const itemId = await createItem();
      const first = await added(itemId, await jpeg(64, 48));
      const second = await added(itemId, await jpeg(64, 48));
      const res = await send('POST', `${photosOf(itemId)}/${second.id}`, [
        file('photo', await webp(300, 600)),
      ]);
      expect(res.statusCode).toBe(200);
      const [, replaced] = res.json().photos;
      expect(replaced).toMatchObject({ id: second.id, position: 2 });
      for (const name of ['thumbnail_url', 'display_url', 'large_url', 'original_url']) {
        expect(replaced[name]).not.toBe(second[name]);
        expect((await get(second[name])).statusCode).toBe(404);
      }
      expect((await served(replaced.original_url)).image).toMatchObject({
        format: 'webp',
        width: 300,
        height: 600,
      });
      expect(res.json().primary_photo.id).toBe(first.id);
    });
  });

  describe('crop', () => {
    it('replaces only the square renditions, from the square given', async () => {
      const itemId = await createItem();
      const photo = await added(itemId, await jpeg(640, 480));
      const square = await jpeg(300, 300, { colour: { r: 0, g: 255, b: 0 } });
      const res = await send('POST', `${photosOf(itemId)}/${photo.id}/crop`, [file('photo', square)]);
      expect(res.statusCode).toBe(200);
      const [cropped] = res.json().photos;
      expect(cropped).toMatchObject({ id: photo.id, position: 1, original_url: photo.original_url });
      for (const name of ['thumbnail_url', 'display_url', 'large_url']) {
        expect(cropped[name]).not.toBe(photo[name]);
        expect((await get(photo[name])).statusCode).toBe(404);
      }
      expect((await served(cropped.large_url)).image).toMatchObject({ width: 1000, height: 1000 });
      expect((await get(photo.original_url)).statusCode).toBe(200);
      expect(res.json().primary_photo).toEqual({ id: photo.id, thumbnail_url: cropped.thumbnail_url });
    });
  });

  describe('delete', () => {
    it('moves the next photo up, and leaves an empty gallery after the last', async () => {
      const itemId = await createItem();
      const small = await jpeg(64, 48);
      const [a, b] = [await added(itemId, small), await added(itemId, small)];
      const first = await send('DELETE', `${photosOf(itemId)}/${a.id}`);
      expect(first.statusCode).toBe(200);
      expect(first.json()).toMatchObject({ photo_count: 1, primary_photo: { id: b.id } });
      expect(first.json().photos).toEqual([{ ...b, position: 1 }]);
      expect((await get(a.original_url)).statusCode).toBe(404);
      const last = await send('DELETE', `${photosOf(itemId)}/${b.id}`);
      expect(last.json()).toMatchObject({ primary_photo: null, photo_count: 0, photos: [] });
      expect((await get(b.thumbnail_url)).statusCode).toBe(404);
      expectError(await send('DELETE', `${photosOf(itemId)}/${b.id}`), 404, { code: 'resource_missing' });
    });
  });

  describe('boundaries', () => {
    it("answers 404 for another account's item or photo, and for ids that are no UUID", async () => {
      const itemId = await createItem();
      const photo = await added(itemId, await jpeg(64, 48));
      const stranger = await createCaller(t.app);
      const theirs = await createItem(stranger, {}, (await createCategory(t.app, stranger)).id);
      const small = [file('photo', await jpeg(64, 48))];
      const attempts = [
        () => upload(itemId, small, { as: stranger }),
        () => send('POST', `${photosOf(itemId)}/${photo.id}`, small, { as: stranger }),
        () => send('DELETE', `${photosOf(itemId)}/${photo.id}`, undefined, { as: stranger }),
        () => reorder(itemId, { photo_ids: [photo.id] }, stranger),
        // My photo through another item: the photo is not in that gallery.
        () => send('POST', `${photosOf(theirs)}/${photo.id}/crop`, small, { as: stranger }),
        () => send('DELETE', `${photosOf(theirs)}/${photo.id}`, undefined, { as: stranger }),
        () => upload(randomUUID(), small),
        () => upload('not-a-uuid', small),
        () => send('POST', `${photosOf(itemId)}/not-a-uuid`, small),
        () => send('DELETE', `${photosOf(itemId)}/${randomUUID()}`),
      ];
      for (const attempt of attempts) expectError(await attempt(), 404, { code: 'resource_missing' });
      expect(await galleryEvents(itemId)).toEqual(['ItemPhotoAdded']);
    });

    it('needs items:write and inventory.modify', async () => {
      const itemId = await createItem();
      const reader = await createCaller(t.app, { accountId: owner.accountId, scopes: ['items:read'] });
      const small = [file('photo', await jpeg(64, 48))];
      expectError(await upload(itemId, small, { as: reader }), 403, { code: 'insufficient_scope' });
      const viewer = await createCaller(t.app, { accountId: owner.accountId, permissions: {} });
      expectError(await upload(itemId, small, { as: viewer }), 403, { code: 'permission_denied' });
      const anonymous = await t.app.inject({
        method: 'POST',
        url: photosOf(itemId),
        headers: { 'content-type': `multipart/form-data; boundary=${BOUNDARY}` },
        payload: multipart(small),
      });
      expect(anonymous.statusCode).toBe(401);
    });

    it('keeps a user restricted to one location away from items at another', async () => {
      const here = await createLocation(t.app, owner);
      const there = await createLocation(t.app, owner);
      const itemThere = await createItem(owner, { location_id: there.id });
      const local = await createCaller(t.app, { accountId: owner.accountId, location_id: here.id });
      const small = [file('photo', await jpeg(64, 48))];
      expectError(await upload(itemThere, small, { as: local }), 404, { code: 'resource_missing' });
      const itemHere = await createItem(owner, { location_id: here.id });
      expect((await upload(itemHere, small, { as: local })).statusCode).toBe(201);
    });

    it('treats an archived item as read-only: 409 item_archived', async () => {
      const itemId = await createItem();
      const photo = await added(itemId, await jpeg(64, 48));
      const archived = await t.app.inject({
        method: 'POST',
        url: `/api/v3/items/${itemId}/archive`,
        headers: owner.headers,
      });
      expect(archived.statusCode).toBe(200);
      const small = [file('photo', await jpeg(64, 48))];
      for (const res of [
        await upload(itemId, small),
        await send('POST', `${photosOf(itemId)}/${photo.id}`, small),
        await send('POST', `${photosOf(itemId)}/${photo.id}/crop`, small),
        await reorder(itemId, { photo_ids: [photo.id] }),
        await send('DELETE', `${photosOf(itemId)}/${photo.id}`),
      ]) {
        expectError(res, 409, { type: 'conflict_error', code: 'item_archived' });
      }
      expect((await get(photo.original_url)).statusCode).toBe(200);
    });
  });

  describe('serving', () => {
    it('sends each rendition with its type, a year of immutable caching and an ETag', async () => {
      const itemId = await createItem();
      const photo = await added(itemId, await png(64, 48));
      const res = await get(photo.display_url);
      expect(res.headers).toMatchObject({
        'content-type': 'image/png',
        'cache-control': 'public, max-age=31536000, immutable',
        etag: expect.stringMatching(/^"[0-9a-f]{16}-display\.png"$/),
        'content-length': String(res.rawPayload.length),
        'x-content-type-options': 'nosniff',
      });
      const again = await get(photo.display_url, { 'if-none-match': res.headers.etag as string });
      expect(again.statusCode).toBe(304);
      expect(again.rawPayload.length).toBe(0);
      expect(again.headers.etag).toBe(res.headers.etag);
    });

    it('answers 404 in the envelope for any URL that names no stored file', async () => {
      const itemId = await createItem();
      const photo = await added(itemId, await jpeg(64, 48));
      const [, , , , photoId, version] = (photo.original_url as string).split('/');
      for (const url of [
        `/api/v3/photos/${photoId}/${version}/original.png`,
        `/api/v3/photos/${photoId}/${'0'.repeat(16)}/original.jpg`,
        `/api/v3/photos/${randomUUID()}/${version}/original.jpg`,
        `/api/v3/photos/${photoId}/${version}/..%2F..%2Fpglite`,
        `/api/v3/photos/not-a-uuid/${version}/original.jpg`,
      ]) {
        expectError(await get(url), 404, { code: 'resource_missing' });
      }
    });
  });
});
