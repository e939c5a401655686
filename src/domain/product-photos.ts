// Product photos uploaded by staff (docs/decisions/0046-product-photos.md): the limits, the widths
// and formats written on upload, and how the shop names and lists them. Pure: the server writes the
// variants with these names and the pages build their <picture> from them.

/** An upload's largest size: a phone's full-size JPEG or HEIF fits, a raw camera file does not. */
export const PHOTO_MAX_BYTES = 15 * 1024 * 1024;
/** Decoding stops above this many pixels (a 48-megapixel phone photo passes; a "pixel bomb" does not). */
export const PHOTO_MAX_INPUT_PIXELS = 50_000_000;
/** A photo must be at least this wide and high: smaller is an icon, not a product photo. */
export const PHOTO_MIN_SIDE = 200;
/** Photos per product. */
export const PHOTO_MAX_PER_PRODUCT = 12;
/** The widths written, never wider than the upload (no upscaling). */
export const PHOTO_WIDTHS = [320, 640, 1024, 1600] as const;
/** The formats written for each width, best first: the <picture>'s sources, then the JPEG fallback. */
export const PHOTO_FORMATS = ['avif', 'webp', 'jpg'] as const;
export type PhotoFormat = (typeof PHOTO_FORMATS)[number];
export const PHOTO_CONTENT_TYPES: Record<PhotoFormat, string> = { avif: 'image/avif', webp: 'image/webp', jpg: 'image/jpeg' };
/** The types the file picker offers (the server checks the bytes, never this list). */
export const PHOTO_ACCEPT = 'image/jpeg,image/png,image/webp';
/** Where the shop serves the variants. */
export const PHOTO_URL_PREFIX = '/uploads/products/';
/** A variant's file name: the upload's content hash, the width and the format. */
export const PHOTO_FILE_PATTERN = /^([0-9a-f]{32})-(\d{2,4})\.(avif|webp|jpg)$/;
/** Cards, cart lines and the admin list show the thumbnail at about this width. */
export const PHOTO_CARD_WIDTH = 640;
/** Open Graph and link previews: a JPEG about this wide. */
export const PHOTO_SHARE_WIDTH = 1024;
/** The folders of drawn SVG illustrations that get a JPEG twin at build time for link previews (src/integrations/share-images.ts). */
export const SHARE_IMAGE_FOLDERS = ['images/products', 'images/home'] as const;

/**
 * The address a link preview can show for a picture: a drawn SVG of SHARE_IMAGE_FOLDERS has a JPEG
 * twin beside it, written by the build; anything else (an uploaded photo's JPEG) is itself.
 */
export function shareImageOf(url: string): string {
  const match = /^\/(images\/[a-z]+)\/[\w.-]+\.svg$/.exec(url);
  if (!match || !(SHARE_IMAGE_FOLDERS as readonly string[]).includes(match[1]!)) return url;
  return url.replace(/\.svg$/, '.jpg');
}

/** The widths to write for an upright picture `width` pixels wide: each standard width below it, and the picture's own width up to the largest. */
export function photoWidthsFor(width: number): number[] {
  const largest = PHOTO_WIDTHS[PHOTO_WIDTHS.length - 1]!;
  const top = Math.min(width, largest);
  return [...PHOTO_WIDTHS.filter((w) => w < top), top];
}

export function photoFileName(key: string, width: number, format: PhotoFormat): string {
  return `${key}-${width}.${format}`;
}

export function photoUrl(key: string, width: number, format: PhotoFormat): string {
  return `${PHOTO_URL_PREFIX}${photoFileName(key, width, format)}`;
}

/** An uploaded photo as the pages need it. */
export interface StoredPhoto {
  key: string;
  width: number;
  height: number;
  widths: number[];
}

/** A product_images row's uploaded photo, or null for a drawn picture (no key). */
export function storedPhotoOf(row: {
  photoKey: string | null;
  width: number | null;
  height: number | null;
  widths: number[] | null;
}): StoredPhoto | null {
  if (!row.photoKey || !row.width || !row.height || !row.widths?.length) return null;
  return { key: row.photoKey, width: row.width, height: row.height, widths: row.widths };
}

/** What a srcset needs of a photo: its key and the widths written. */
export type PhotoWidths = Pick<StoredPhoto, 'key' | 'widths'>;

/**
 * A card picture's photo read back from its address alone: products.thumbnail_img_link (and a cart
 * or wishlist line's image) is `photoJpeg(photo, PHOTO_CARD_WIDTH)`, and every standard width below
 * the one it names was written too (photoWidthsFor), so cards and lines get a srcset without
 * reading product_images. Null for anything else (the seed's drawn SVGs, the placeholder).
 */
export function cardPhotoOf(url: string): PhotoWidths | null {
  if (!url.startsWith(PHOTO_URL_PREFIX)) return null;
  const match = PHOTO_FILE_PATTERN.exec(url.slice(PHOTO_URL_PREFIX.length));
  if (!match || match[3] !== 'jpg') return null;
  const width = Number(match[2]);
  if (width > PHOTO_CARD_WIDTH) return null;
  return { key: match[1]!, widths: [...PHOTO_WIDTHS.filter((w) => w < width), width] };
}

/** The JPEG `srcset` of a card picture's address, or null when it is not an uploaded photo (cardPhotoOf). */
export function cardJpegSrcset(url: string): string | null {
  const photo = cardPhotoOf(url);
  return photo ? photoSrcset(photo, 'jpg') : null;
}

/** The `srcset` of one format: every width written. */
export function photoSrcset(photo: PhotoWidths, format: PhotoFormat): string {
  return photo.widths.map((w) => `${photoUrl(photo.key, w, format)} ${w}w`).join(', ');
}

/** The JPEG closest to `width` without going over it (or the smallest written). */
export function photoJpeg(photo: PhotoWidths, width: number): string {
  const fitting = photo.widths.filter((w) => w <= width);
  const chosen = fitting.length > 0 ? Math.max(...fitting) : Math.min(...photo.widths);
  return photoUrl(photo.key, chosen, 'jpg');
}

/** The largest JPEG: the link kept in product_images.image_link for anything that wants one address. */
export function photoLargestJpeg(photo: StoredPhoto): string {
  return photoUrl(photo.key, Math.max(...photo.widths), 'jpg');
}
