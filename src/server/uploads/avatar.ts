// Avatars: JPEG, PNG or WebP up to 2 MB, recognised by their bytes (never by the file name or
// the browser's claimed type), then decoded and re-encoded by sharp (docs/decisions/0016-hostile-input.md):
// what is stored is a new WebP of at most 512x512 pixels, turned upright, without the upload's
// metadata (EXIF, GPS) or any bytes that rode along with the picture (a script in a polyglot).
// It is stored under DATA_DIR/uploads/avatars with a generated name.
import fs from 'node:fs/promises';
import path from 'node:path';
import { randomUUID } from 'node:crypto';
import sharp from 'sharp';
import { AVATAR_MAX_BYTES } from '@/domain/accounts';
import { accountMessages as t } from '@/domain/messages/accounts';
import { ValidationError } from '@/server/errors';
import { SHARP_CACHE_ENABLED } from '@/server/memory-bounds';

// libvips' operation cache would keep decoded images the server never reads again (docs/decisions/0043-memory-bounds.md).
sharp.cache(SHARP_CACHE_ENABLED);

export type ImageType = 'jpg' | 'png' | 'webp';

export const AVATAR_CONTENT_TYPES: Record<ImageType, string> = { jpg: 'image/jpeg', png: 'image/png', webp: 'image/webp' };
export const AVATAR_URL_PREFIX = '/uploads/avatars/';
export const AVATAR_FILE_PATTERN = /^[0-9a-f-]{36}\.(jpg|png|webp)$/;

export function detectImageType(bytes: Uint8Array): ImageType | null {
  const starts = (...sig: number[]) => sig.every((b, i) => bytes[i] === b);
  if (bytes.length >= 3 && starts(0xff, 0xd8, 0xff)) return 'jpg';
  if (bytes.length >= 8 && starts(0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a)) return 'png';
  const ascii = (from: number, to: number) => String.fromCharCode(...bytes.subarray(from, to));
  if (bytes.length >= 12 && ascii(0, 4) === 'RIFF' && ascii(8, 12) === 'WEBP') return 'webp';
  return null;
}

/** The stored avatar's largest side, in pixels (covering a square, cropped at the centre). */
export const AVATAR_SIZE = 512;
/** Decoding stops above this many pixels: a small file may claim a huge image (a decompression bomb). */
export const AVATAR_MAX_INPUT_PIXELS = 40_000_000;
const SHARP_FORMATS: Record<ImageType, string> = { jpg: 'jpeg', png: 'png', webp: 'webp' };

/** The picture decoded and written again as WebP, or null when the bytes are not a whole image of the type they claim. */
export async function reencodeAvatar(bytes: Uint8Array, type: ImageType): Promise<Buffer | null> {
  try {
    const image = sharp(bytes, { limitInputPixels: AVATAR_MAX_INPUT_PIXELS, failOn: 'error' });
    const { format, width, height } = await image.metadata();
    if (format !== SHARP_FORMATS[type] || !width || !height) return null;
    // rotate() turns the picture upright by its EXIF orientation; sharp writes no metadata unless asked.
    return await image
      .rotate()
      .resize(AVATAR_SIZE, AVATAR_SIZE, { fit: 'cover', withoutEnlargement: true })
      .webp({ quality: 82 })
      .toBuffer();
  } catch {
    return null;
  }
}

export function avatarDirectory(dataDir: string): string {
  return path.resolve(dataDir, 'uploads', 'avatars');
}

/** Checks and stores an uploaded avatar; returns its public URL. */
export async function saveAvatar(dataDir: string, file: File): Promise<string> {
  if (file.size > AVATAR_MAX_BYTES) throw new ValidationError(t.avatarSize, { profile_picture: [t.avatarSize] });
  const bytes = new Uint8Array(await file.arrayBuffer());
  if (bytes.length > AVATAR_MAX_BYTES) throw new ValidationError(t.avatarSize, { profile_picture: [t.avatarSize] });
  const type = detectImageType(bytes);
  const webp = type ? await reencodeAvatar(bytes, type) : null;
  if (!webp) throw new ValidationError(t.avatarType, { profile_picture: [t.avatarType] });
  const name = `${randomUUID()}.webp`;
  const directory = avatarDirectory(dataDir);
  await fs.mkdir(directory, { recursive: true });
  await fs.writeFile(path.join(directory, name), webp);
  return `${AVATAR_URL_PREFIX}${name}`;
}

/** Removes a replaced avatar; a missing file is not an error. */
export async function removeAvatar(dataDir: string, url: string | null): Promise<void> {
  if (!url?.startsWith(AVATAR_URL_PREFIX)) return;
  const name = url.slice(AVATAR_URL_PREFIX.length);
  if (!AVATAR_FILE_PATTERN.test(name)) return;
  await fs.rm(path.join(avatarDirectory(dataDir), name), { force: true });
}
