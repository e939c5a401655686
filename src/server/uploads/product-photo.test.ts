// Uploads of product photos against hostile files (docs/decisions/0046-product-photos.md,
// docs/decisions/0016-hostile-input.md): what is refused with which message, and what an accepted
// file becomes (new files: upright, no metadata, no passenger bytes, never upscaled).
import { describe, expect, it } from 'vitest';
import sharp from 'sharp';
import { ValidationError } from '@/server/errors';
import { adminCatalogMessages as t } from '@/domain/messages/admin-catalog';
import { PHOTO_MAX_BYTES, PHOTO_MAX_INPUT_PIXELS, PHOTO_MIN_SIDE, PHOTO_WIDTHS } from '@/domain/product-photos';
import { isHeic, photoUploadsInProgress, processPhoto } from './product-photo';
import { PHOTO_UPLOADS_AT_ONCE } from '@/server/memory-bounds';
import { pixelBomb, testJpeg, testPng } from '../../../tests/photos';

async function refusal(bytes: Uint8Array): Promise<string> {
  const error = await processPhoto(bytes).then(
    () => null,
    (e: unknown) => e,
  );
  expect(error).toBeInstanceOf(ValidationError);
  expect((error as ValidationError).fields?.photo).toEqual([(error as ValidationError).message]);
  return (error as ValidationError).message;
}

const contains = (haystack: Uint8Array, needle: string) => Buffer.from(haystack).includes(Buffer.from(needle));

describe('processPhoto: accepted files become new files', () => {
  it('writes AVIF, WebP and JPEG at each width up to the largest, upright, without the upload’s metadata', async () => {
    // 2400 × 1800 stored sideways (EXIF orientation 6: turn 90° clockwise to show it).
    const upload = await testJpeg(2400, 1800, { orientation: 6 });
    expect(contains(upload, 'SecretCam')).toBe(true);
    const photo = await processPhoto(upload);
    expect(photo.widths).toEqual([...PHOTO_WIDTHS]);
    expect({ width: photo.width, height: photo.height }).toEqual({ width: 1600, height: Math.round((1600 * 2400) / 1800) });
    expect(photo.files.map((f) => f.name.slice(33))).toEqual(PHOTO_WIDTHS.flatMap((w) => [`${w}.avif`, `${w}.webp`, `${w}.jpg`]));
    for (const file of photo.files) {
      const meta = await sharp(file.bytes).metadata();
      const [, width, format] = /-(\d+)\.(\w+)$/.exec(file.name)!;
      expect(meta.width, file.name).toBe(Number(width));
      expect(meta.height! > meta.width!, `${file.name} is upright`).toBe(true);
      expect({ exif: meta.exif, orientation: meta.orientation }).toEqual({ exif: undefined, orientation: undefined });
      expect(contains(file.bytes, 'SecretCam'), file.name).toBe(false);
      expect(meta.format).toBe({ avif: 'heif', webp: 'webp', jpg: 'jpeg' }[format!]);
    }
  });

  it('never upscales: a 500 px wide photo is written at 320 and 500', async () => {
    const photo = await processPhoto(await testJpeg(500, 400));
    expect(photo.widths).toEqual([320, 500]);
    expect(photo.width).toBe(500);
  });

  it('names the files by the upload’s content, so the same bytes always give the same names', async () => {
    const bytes = await testJpeg(640, 480);
    const [a, b] = [await processPhoto(bytes), await processPhoto(bytes)];
    expect(a.key).toMatch(/^[0-9a-f]{32}$/);
    expect(b.key).toBe(a.key);
    expect((await processPhoto(await testJpeg(640, 480, { colour: '#aa0000' }))).key).not.toBe(a.key);
  });

  it('accepts PNG and WebP by their bytes whatever the name, and gives a transparent PNG a white JPEG background', async () => {
    const png = await processPhoto(await testPng(600, 600));
    const jpeg = png.files.find((f) => f.name.endsWith('.jpg'))!;
    const { data } = await sharp(jpeg.bytes).raw().toBuffer({ resolveWithObject: true });
    // Half-transparent red on white, not on black.
    expect(data[1]).toBeGreaterThan(100);
    const webp = await sharp({ create: { width: 300, height: 300, channels: 3, background: '#00ff00' } })
      .webp()
      .toBuffer();
    expect((await processPhoto(new Uint8Array(webp))).widths).toEqual([300]);
  });

  it('a polyglot (a JPEG carrying a script and an archive after its end) is stored without its passengers', async () => {
    const jpeg = await testJpeg(800, 600);
    const passenger = Buffer.from('<script>alert(document.cookie)</script>PK\x03\x04evil.php<?php system($_GET[1]); ?>');
    const photo = await processPhoto(new Uint8Array(Buffer.concat([jpeg, passenger])));
    for (const file of photo.files) {
      expect(contains(file.bytes, '<script'), file.name).toBe(false);
      expect(contains(file.bytes, '<?php'), file.name).toBe(false);
    }
  });
});

describe('processPhoto: hostile and wrong files are refused with the field’s message', () => {
  it('a truncated JPEG', async () => {
    const jpeg = await testJpeg(1200, 900);
    expect(await refusal(jpeg.subarray(0, Math.floor(jpeg.length / 2)))).toBe(t.photoUnreadable);
  });

  it('a "pixel bomb": a small PNG announcing 30,000 × 30,000 pixels is refused from its header, before decoding', async () => {
    const bomb = pixelBomb(30_000, 30_000);
    expect(bomb.length).toBeLessThan(40_000);
    const started = performance.now();
    expect(await refusal(bomb)).toBe(t.photoPixels(PHOTO_MAX_INPUT_PIXELS / 1_000_000));
    // Decoding 900 million pixels would take seconds and gigabytes; reading the header takes milliseconds.
    expect(performance.now() - started).toBeLessThan(2_000);
  });

  it('a file lying about its type: text named photo.jpg, and JPEG’s first bytes before a PNG', async () => {
    expect(await refusal(new TextEncoder().encode('this is not a photo at all, just text named photo.jpg'))).toBe(t.photoType);
    const png = await testPng(400, 400);
    expect(await refusal(new Uint8Array([0xff, 0xd8, 0xff, ...png]))).toBe(t.photoUnreadable);
  });

  it('SVG (it can carry scripts), even with an XML declaration or a BOM', async () => {
    const svg =
      '<svg xmlns="http://www.w3.org/2000/svg" width="400" height="400"><script>alert(1)</script><rect width="400" height="400"/></svg>';
    for (const text of [svg, `<?xml version="1.0"?>${svg}`, `\ufeff${svg}`])
      expect(await refusal(new TextEncoder().encode(text))).toBe(t.photoType);
  });

  it('HEIC from a phone gets its own message: the prebuilt libvips of sharp decodes AVIF but not HEVC', async () => {
    // The first bytes of an iPhone photo: an ISO box 'ftyp' with the brand 'heic'.
    const heic = new Uint8Array([
      0,
      0,
      0,
      24,
      ...new TextEncoder().encode('ftypheic'),
      0,
      0,
      0,
      0,
      ...new TextEncoder().encode('mif1heic'),
    ]);
    expect(isHeic(heic)).toBe(true);
    expect(await refusal(heic)).toBe(t.photoHeic);
    // Should a later sharp read HEIC, this fails and the decision record is due another look.
    expect(sharp.format.heif.input.fileSuffix).not.toContain('.heic');
  });

  it('a file over the byte limit, an empty file and a picture too small to be a product photo', async () => {
    const large = new Uint8Array(PHOTO_MAX_BYTES + 1);
    large.set([0xff, 0xd8, 0xff]);
    expect(await refusal(large)).toBe(t.photoTooLarge(PHOTO_MAX_BYTES / (1024 * 1024)));
    expect(await refusal(new Uint8Array(0))).toBe(t.photoRequired);
    expect(await refusal(await testJpeg(PHOTO_MIN_SIDE - 1, 600))).toBe(t.photoTooSmall(PHOTO_MIN_SIDE));
  });
});

describe('processPhoto: uploads at once', () => {
  it('processes PHOTO_UPLOADS_AT_ONCE at a time; the others wait their turn, and a refused one frees its place', async () => {
    const jpeg = await testJpeg(900, 600);
    const seen: number[] = [];
    const sample = setInterval(() => seen.push(photoUploadsInProgress().running), 5);
    const results = await Promise.allSettled([
      processPhoto(jpeg),
      processPhoto(new Uint8Array(jpeg.subarray(0, 500))),
      processPhoto(jpeg),
      processPhoto(jpeg),
    ]);
    clearInterval(sample);
    expect(results.map((r) => r.status)).toEqual(['fulfilled', 'rejected', 'fulfilled', 'fulfilled']);
    expect(Math.max(...seen)).toBe(PHOTO_UPLOADS_AT_ONCE);
    expect(photoUploadsInProgress()).toEqual({ running: 0, waiting: 0 });
  });
});
