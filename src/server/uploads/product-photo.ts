// A product photo's upload checked and turned into the shop's files (docs/decisions/0046-product-photos.md):
// recognised by its bytes as the avatars are (docs/decisions/0016-hostile-input.md), its size in
// bytes and pixels bounded before it is decoded, decoded once, turned upright, and written again as
// AVIF, WebP and JPEG at the widths of PHOTO_WIDTHS that are not wider than it. What is stored are
// new files: no metadata (EXIF, GPS, a camera's serial), nothing that rode along with the picture.
import { createHash } from 'node:crypto';
import sharp, { type Metadata, type Sharp, type SharpOptions } from 'sharp';
import { detectImageType, type ImageType } from '@/server/uploads/avatar';
import { ValidationError } from '@/server/errors';
import { PHOTO_UPLOADS_AT_ONCE } from '@/server/memory-bounds';
import {
  PHOTO_CONTENT_TYPES,
  PHOTO_FORMATS,
  PHOTO_MAX_BYTES,
  PHOTO_MAX_INPUT_PIXELS,
  PHOTO_MIN_SIDE,
  PHOTO_WIDTHS,
  photoFileName,
  photoWidthsFor,
  type PhotoFormat,
  type StoredPhoto,
} from '@/domain/product-photos';
import { adminCatalogMessages as t } from '@/domain/messages/admin-catalog';

const SHARP_FORMATS: Record<ImageType, string> = { jpg: 'jpeg', png: 'png', webp: 'webp' };
/** JPEG has no transparency: a PNG's transparent background becomes the shop's white. */
const JPEG_BACKGROUND = '#ffffff';

export interface PhotoFile {
  name: string;
  bytes: Uint8Array;
  contentType: string;
}

export interface ProcessedPhoto extends StoredPhoto {
  files: PhotoFile[];
}

const refuse = (message: string): never => {
  throw new ValidationError(message, { photo: [message] });
};

/** HEIF/HEIC from a phone: an ISO box `ftyp` with a HEIF brand. Sharp's prebuilt libvips decodes AVIF only (no HEVC). */
export function isHeic(bytes: Uint8Array): boolean {
  if (bytes.length < 12) return false;
  const ascii = (from: number, to: number) => String.fromCharCode(...bytes.subarray(from, to));
  return ascii(4, 8) === 'ftyp' && ['heic', 'heix', 'hevc', 'hevx', 'heim', 'heis', 'mif1', 'msf1'].includes(ascii(8, 12));
}

/** The name every variant shares: a hash of the upload, so a name never changes its bytes (immutable caching). */
export function photoKeyOf(bytes: Uint8Array): string {
  return createHash('sha256').update(bytes).digest('hex').slice(0, 32);
}

async function encode(base: Sharp, width: number, format: PhotoFormat): Promise<Buffer> {
  const resized = base.clone().resize({ width, withoutEnlargement: true });
  // Effort 0: about a sixth of effort 2's CPU time for a file a few per cent larger (docs/decisions/0046-product-photos.md).
  if (format === 'avif') return resized.avif({ quality: 55, effort: 0 }).toBuffer();
  if (format === 'webp') return resized.webp({ quality: 80 }).toBuffer();
  return resized.flatten({ background: JPEG_BACKGROUND }).jpeg({ quality: 82, mozjpeg: true, progressive: true }).toBuffer();
}

let running = 0;
const waiting: (() => void)[] = [];

/** Uploads being processed now, and waiting for their turn. */
export function photoUploadsInProgress(): { running: number; waiting: number } {
  return { running, waiting: waiting.length };
}

export interface PhotoOptions {
  /** The smallest width and height accepted (PHOTO_MIN_SIDE for a product photo; icons and logos may be smaller). */
  minSide?: number;
}

/** Checks an upload and writes its variants in memory, PHOTO_UPLOADS_AT_ONCE at a time; refuses with the field's message. */
export async function processPhoto(bytes: Uint8Array, options: PhotoOptions = {}): Promise<ProcessedPhoto> {
  // A finishing upload hands its place straight to the next in line, so none slips in between.
  if (running >= PHOTO_UPLOADS_AT_ONCE) await new Promise<void>((resolve) => waiting.push(resolve));
  else running++;
  try {
    return await processOne(bytes, options.minSide ?? PHOTO_MIN_SIDE);
  } finally {
    const next = waiting.shift();
    if (next) next();
    else running--;
  }
}

async function processOne(bytes: Uint8Array, minSide: number): Promise<ProcessedPhoto> {
  if (bytes.length === 0) refuse(t.photoRequired);
  if (bytes.length > PHOTO_MAX_BYTES) refuse(t.photoTooLarge(PHOTO_MAX_BYTES / (1024 * 1024)));
  const type = detectImageType(bytes);
  if (!type) return refuse(isHeic(bytes) ? t.photoHeic : t.photoType);

  const options: SharpOptions = { limitInputPixels: PHOTO_MAX_INPUT_PIXELS, failOn: 'error', sequentialRead: true };
  let meta: Metadata;
  try {
    // The header only, without the pixel limit, so a pixel bomb gets its own message below.
    meta = await sharp(bytes, { failOn: 'error', limitInputPixels: false }).metadata();
  } catch {
    return refuse(t.photoUnreadable);
  }
  // The header's claim, checked before a pixel is decoded: a few KB may announce a billion pixels.
  if (!meta.width || !meta.height) return refuse(t.photoUnreadable);
  if (meta.width * meta.height > PHOTO_MAX_INPUT_PIXELS) refuse(t.photoPixels(PHOTO_MAX_INPUT_PIXELS / 1_000_000));
  // The file's bytes start as one format and decode as another: a lie, refused.
  if (meta.format !== SHARP_FORMATS[type]) refuse(t.photoUnreadable);
  const { width, height } = meta.autoOrient;
  if (width < minSide || height < minSide) refuse(t.photoTooSmall(minSide));

  const largest = PHOTO_WIDTHS[PHOTO_WIDTHS.length - 1]!;
  const widths = photoWidthsFor(width);
  const key = photoKeyOf(bytes);
  try {
    // Decoded once, upright (EXIF orientation), at most the largest width, into raw pixels every
    // variant is cut from; a truncated or corrupt file fails here (failOn: 'error').
    const { data, info } = await sharp(bytes, options)
      .rotate()
      .resize({ width: largest, withoutEnlargement: true })
      .raw()
      .toBuffer({ resolveWithObject: true });
    const base = sharp(data, { raw: { width: info.width, height: info.height, channels: info.channels } });
    const files: PhotoFile[] = [];
    for (const w of widths) {
      const encoded = await Promise.all(PHOTO_FORMATS.map((format) => encode(base, w, format)));
      PHOTO_FORMATS.forEach((format, i) =>
        files.push({ name: photoFileName(key, w, format), bytes: encoded[i]!, contentType: PHOTO_CONTENT_TYPES[format] }),
      );
    }
    return { key, width: info.width, height: info.height, widths, files };
  } catch {
    return refuse(t.photoUnreadable);
  }
}
