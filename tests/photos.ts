// Test pictures for the product photos (docs/decisions/0046-product-photos.md): real images made by
// sharp, and a photo store in a temporary folder.
import { mkdtempSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { deflateSync } from 'node:zlib';
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

const crcTable = Array.from({ length: 256 }, (_, n) => {
  let c = n;
  for (let k = 0; k < 8; k++) c = c & 1 ? 0xedb88320 ^ (c >>> 1) : c >>> 1;
  return c >>> 0;
});
function crc32(bytes: Uint8Array): number {
  let c = 0xffffffff;
  for (const b of bytes) c = crcTable[(c ^ b) & 0xff]! ^ (c >>> 8);
  return (c ^ 0xffffffff) >>> 0;
}
function pngChunk(type: string, data: Uint8Array): Buffer {
  const body = Buffer.concat([Buffer.from(type, 'ascii'), data]);
  const length = Buffer.alloc(4);
  length.writeUInt32BE(data.length);
  const crc = Buffer.alloc(4);
  crc.writeUInt32BE(crc32(body));
  return Buffer.concat([length, body, crc]);
}
/** A valid PNG header announcing `width` × `height` grey pixels, with one compressed row: a few hundred bytes. */
export function pixelBomb(width: number, height: number): Uint8Array {
  const header = Buffer.alloc(13);
  header.writeUInt32BE(width, 0);
  header.writeUInt32BE(height, 4);
  header[8] = 8; // bit depth
  header[9] = 0; // greyscale
  return new Uint8Array(
    Buffer.concat([
      Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]),
      pngChunk('IHDR', header),
      pngChunk('IDAT', deflateSync(Buffer.alloc(width + 1))),
      pngChunk('IEND', new Uint8Array(0)),
    ]),
  );
}
