// Test pictures for the product photos (docs/decisions/0046-product-photos.md): real images made by
// sharp, and a photo store in a temporary folder.
import { mkdtempSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import sharp from 'sharp';
import { folderPhotoStore, type PhotoStore } from '@/server/uploads/photo-store';

/** A JPEG `width` × `height` of one colour, with EXIF (a camera, GPS-like text) and an orientation when asked. */
export async function testJpeg(
  width = 1200,
  height = 900,
  { orientation, colour = '#3a6ea5' }: { orientation?: number; colour?: string } = {},
) {
  let image = sharp({ create: { width, height, channels: 3, background: colour } }).jpeg({ quality: 90 });
  image = image.withExif({ IFD0: { Make: 'SecretCam', Model: 'Serial 0042', Copyright: 'GPS 25.2048N 55.2708E' } });
  if (orientation) image = image.withMetadata({ orientation });
  return new Uint8Array(await image.toBuffer());
}

export async function testPng(width = 800, height = 800) {
  return new Uint8Array(
    await sharp({ create: { width, height, channels: 4, background: { r: 200, g: 30, b: 30, alpha: 0.5 } } })
      .png()
      .toBuffer(),
  );
}

export function temporaryPhotoStore(): { store: PhotoStore; directory: string } {
  const directory = mkdtempSync(path.join(os.tmpdir(), 'photos-'));
  return { store: folderPhotoStore(directory), directory };
}

export function photoFile(bytes: Uint8Array, name = 'photo.jpg', type = 'image/jpeg'): File {
  return new File([new Uint8Array(bytes)], name, { type });
}
