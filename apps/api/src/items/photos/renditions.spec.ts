import sharp from 'sharp';
import {
  bulk,
  corruptJpeg,
  describeImage,
  gif,
  image,
  ImageFormat,
  jpeg,
  png,
} from '../../../../../test/fixtures/images';
import { originalRendition, photoSource, squareRenditions } from './renditions';

describe('photo renditions', () => {
  describe('the upload', () => {
    it.each<ImageFormat>(['jpeg', 'png', 'webp'])('is read as %s from its bytes', async (format) => {
      const source = await photoSource(await image(format, 40, 30), 'photo');
      expect(source.format).toBe(format);
    });

    it.each([
      ['a GIF', () => gif()],
      ['text', async () => Buffer.from('hello, this is not an image')],
      ['an empty file', async () => Buffer.alloc(0)],
      ['a JPEG signature over garbage', async () => corruptJpeg()],
      ['a PNG cut in half', async () => (await png(200, 200)).subarray(0, 60)],
    ])('refuses %s with 422 invalid_photo naming the field', async (_case, bytes) => {
      await expect(photoSource(await bytes(), 'square_photo')).rejects.toMatchObject({
        status: 422,
        code: 'invalid_photo',
        param: 'square_photo',
      });
    });

    it('refuses a JPEG whose pixel data is cut short when rendering it', async () => {
      const whole = await jpeg(800, 600);
      const source = await photoSource(whole.subarray(0, Math.floor(whole.length / 2)), 'photo');
      await expect(originalRendition(source)).rejects.toMatchObject({ status: 422, code: 'invalid_photo' });
    });

    it('never passes the signature check with bulk bytes alone', async () => {
      await expect(photoSource(bulk(5000), 'photo')).rejects.toMatchObject({ code: 'invalid_photo' });
    });
  });

  describe('the original', () => {
    it('caps the longest edge at 2400 pixels, keeping the aspect ratio and the format', async () => {
      const original = await originalRendition(await photoSource(await png(3000, 1500), 'photo'));
      expect(await describeImage(original)).toMatchObject({ format: 'png', width: 2400, height: 1200 });
    });

    it('keeps a smaller photo at its size', async () => {
      const original = await originalRendition(await photoSource(await jpeg(640, 480), 'photo'));
      expect(await describeImage(original)).toMatchObject({ format: 'jpeg', width: 640, height: 480 });
    });

    it('turns the pixels upright as the EXIF orientation says, and drops the orientation tag', async () => {
      const original = await originalRendition(
        await photoSource(await jpeg(300, 200, { orientation: 6 }), 'photo'),
      );
      expect(await describeImage(original)).toEqual({
        format: 'jpeg',
        width: 200,
        height: 300,
        orientation: undefined,
      });
      // The coloured left half of the sideways image is now its top half.
      const { data } = await sharp(original).raw().toBuffer({ resolveWithObject: true });
      const top = data[(10 * 200 + 100) * 3];
      const bottom = data[(290 * 200 + 100) * 3];
      expect([top < 230, bottom > 240]).toEqual([true, true]);
    });
  });

  describe('the squares', () => {
    it('are 200, 500 and 1000 pixels square, cut from the centre, in the upload format', async () => {
      const squares = await squareRenditions(await photoSource(await image('webp', 1200, 800), 'photo'));
      expect(await describeImage(squares.thumbnail)).toMatchObject({
        format: 'webp',
        width: 200,
        height: 200,
      });
      expect(await describeImage(squares.display)).toMatchObject({ width: 500, height: 500 });
      expect(await describeImage(squares.large)).toMatchObject({ width: 1000, height: 1000 });
    });

    it('are cut from the upright photo', async () => {
      // Stored 600 × 300 with its left half coloured, seen turned: upright it is 300 × 600 with its top
      // half coloured, so the centre square is coloured above and white below (not left and right).
      const squares = await squareRenditions(
        await photoSource(await jpeg(600, 300, { orientation: 6 }), 'photo'),
      );
      const { data } = await sharp(squares.thumbnail).raw().toBuffer({ resolveWithObject: true });
      const green = (x: number, y: number) => data[(y * 200 + x) * 3 + 1]; // 60 coloured, 255 white
      expect(green(100, 20)).toBeLessThan(128);
      expect(green(100, 180)).toBeGreaterThan(200);
      expect(Math.abs(green(20, 50) - green(180, 50))).toBeLessThan(10);
    });
  });
});
