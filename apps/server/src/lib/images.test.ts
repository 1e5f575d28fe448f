import sharp from 'sharp';
import { describe, expect, it } from 'vitest';
import { jpegWithExif as photo, pngDeclaring } from '../test/hostile-files.ts';
import { ImageRejectedError, reencodeImage, squareAvatar } from './images.ts';

const limits = { maxPixels: 50_000_000 };

describe('reencodeImage', () => {
  it('refuses a PNG declaring 20000×20000 before decoding it', async () => {
    const started = Date.now();
    await expect(reencodeImage(pngDeclaring(20_000, 20_000), limits)).rejects.toMatchObject({
      reason: 'too_many_pixels',
    });
    expect(Date.now() - started).toBeLessThan(2000);
    await expect(reencodeImage(pngDeclaring(100, 100), { maxPixels: 9_999 })).rejects.toBeInstanceOf(
      ImageRejectedError,
    );
  });

  it('drops EXIF and trailing bytes and keeps the format and size', async () => {
    const original = Buffer.concat([await photo(40, 30), Buffer.from('<html><script>alert(1)</script>')]);
    expect((await sharp(original).metadata()).exif).toBeDefined();
    const out = await reencodeImage(original, limits);
    expect(out).toMatchObject({ mimeType: 'image/jpeg', width: 40, height: 30 });
    const meta = await sharp(out.data).metadata();
    expect(meta.exif).toBeUndefined();
    expect(out.data.includes('Secret Name')).toBe(false);
    expect(out.data.includes('<script')).toBe(false);
  });

  it('refuses what is not a decodable image', async () => {
    const fakeJpeg = Buffer.concat([Buffer.from([0xff, 0xd8, 0xff, 0xe0]), Buffer.from('<html>hi</html>')]);
    await expect(reencodeImage(fakeJpeg, limits)).rejects.toMatchObject({ reason: 'unreadable' });
    const truncated = (await photo(64, 64)).subarray(0, 200);
    await expect(reencodeImage(truncated, limits)).rejects.toMatchObject({ reason: 'unreadable' });
  });
});

describe('squareAvatar', () => {
  it('centre-crops to a square of at most 512 px, as WebP without metadata', async () => {
    const out = await squareAvatar(await photo(1200, 800), limits);
    expect(out).toMatchObject({ mimeType: 'image/webp', width: 512, height: 512 });
    expect((await sharp(out.data).metadata()).exif).toBeUndefined();
    // Small pictures are cropped, not enlarged.
    expect(await squareAvatar(await photo(90, 60), limits, 256)).toMatchObject({ width: 60, height: 60 });
  });
});
