import fs from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import sharp from 'sharp';
import { afterAll, describe, expect, it } from 'vitest';
import { PHOTO_SHARE_WIDTH } from '@/domain/product-photos';
import { writeShareImages } from './share-images';

const dir = await fs.mkdtemp(path.join(os.tmpdir(), 'share-images-'));
afterAll(() => fs.rm(dir, { recursive: true, force: true }));

describe('link-preview JPEGs drawn from the SVG illustrations at build time', () => {
  it('writes a JPEG twin, on white and PHOTO_SHARE_WIDTH wide, beside each SVG of the products and home folders only', async () => {
    const svg = '<svg xmlns="http://www.w3.org/2000/svg" width="800" height="400"><circle cx="400" cy="200" r="150" fill="#c00"/></svg>';
    for (const folder of ['images/products', 'images/home', 'images/brands']) {
      await fs.mkdir(path.join(dir, folder), { recursive: true });
      await fs.writeFile(path.join(dir, folder, 'drawn.svg'), svg);
    }
    const cache = path.join(dir, 'cache');
    expect(await writeShareImages(dir, cache)).toBe(2);
    // A later build copies the same JPEG from the cache; a changed SVG is drawn again.
    expect((await fs.readdir(cache)).length).toBe(1);
    const first = await fs.readFile(path.join(dir, 'images/home/drawn.jpg'));
    expect(await writeShareImages(dir, cache)).toBe(2);
    expect((await fs.readFile(path.join(dir, 'images/home/drawn.jpg'))).equals(first)).toBe(true);
    for (const folder of ['images/products', 'images/home']) {
      const jpeg = await fs.readFile(path.join(dir, folder, 'drawn.jpg'));
      const meta = await sharp(jpeg).metadata();
      expect(meta).toMatchObject({ format: 'jpeg', width: PHOTO_SHARE_WIDTH, height: PHOTO_SHARE_WIDTH / 2 });
      // The transparent corner is white, the circle red.
      const { data, info } = await sharp(jpeg).raw().toBuffer({ resolveWithObject: true });
      const at = (x: number, y: number) => [
        ...data.subarray((y * info.width + x) * info.channels, (y * info.width + x) * info.channels + 3),
      ];
      expect(at(5, 5).every((v) => v > 245)).toBe(true);
      const [r, g, b] = at(info.width / 2, info.height / 2);
      expect(r! > 180 && g! < 40 && b! < 40).toBe(true);
    }
    await expect(fs.stat(path.join(dir, 'images/brands', 'drawn.jpg'))).rejects.toThrow();
    await fs.writeFile(path.join(dir, 'images/home/drawn.svg'), svg.replace('#c00', '#00c'));
    await writeShareImages(dir, cache);
    expect((await fs.readdir(cache)).length).toBe(2);
  });
});
