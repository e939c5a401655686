// JPEG twins of the drawn SVG illustrations for link previews (docs/decisions/0046-product-photos.md#link-previews):
// previews (messengers, social sites) do not show SVG, so after `astro build` every SVG under
// dist/client/images/{products,home} gets a `.jpg` beside it, drawn once by sharp on white at
// PHOTO_SHARE_WIDTH. Pages name it through shareImageOf (src/domain/product-photos.ts). Drawing them
// all takes seconds, so each JPEG is kept under its SVG's hash in `cacheDir` and copied on later builds.
// This file runs in Astro's config process and in scripts: it imports no application code but the domain's constants.
import { createHash } from 'node:crypto';
import fs from 'node:fs/promises';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import type { AstroIntegration } from 'astro';
import { afterBuild } from './after-build';
import sharp from 'sharp';
import { PHOTO_SHARE_WIDTH, SHARE_IMAGE_FOLDERS } from '../domain/product-photos';

/** What the drawing depends on besides the SVG: a change here draws every JPEG again. */
const DRAWING = `density 150, ${PHOTO_SHARE_WIDTH} px, white, mozjpeg 82 progressive`;
const DEFAULT_CACHE = fileURLToPath(new URL('../../node_modules/.cache/share-images/', import.meta.url));

async function draw(svg: Buffer): Promise<Buffer> {
  return sharp(svg, { density: 150 })
    .resize({ width: PHOTO_SHARE_WIDTH })
    .flatten({ background: '#ffffff' })
    .jpeg({ quality: 82, mozjpeg: true, progressive: true })
    .toBuffer();
}

/** Writes `name.jpg` beside every `name.svg` of `dir`'s share-image folders (drawn, or copied from `cacheDir`); returns how many. */
export async function writeShareImages(dir: string, cacheDir: string = DEFAULT_CACHE): Promise<number> {
  await fs.mkdir(cacheDir, { recursive: true });
  let written = 0;
  for (const folder of SHARE_IMAGE_FOLDERS) {
    const full = path.join(dir, folder);
    const names = await fs.readdir(full).catch(() => [] as string[]);
    const svgs = names.filter((n) => n.endsWith('.svg'));
    const worker = async () => {
      for (let name = svgs.shift(); name !== undefined; name = svgs.shift()) {
        const svg = await fs.readFile(path.join(full, name));
        const cached = path.join(cacheDir, `${createHash('sha256').update(DRAWING).update(svg).digest('hex').slice(0, 32)}.jpg`);
        const target = path.join(full, name.replace(/\.svg$/, '.jpg'));
        try {
          await fs.copyFile(cached, target);
        } catch {
          const jpeg = await draw(svg);
          await fs.writeFile(target, jpeg);
          await fs.writeFile(cached, jpeg);
        }
        written += 1;
      }
    };
    await Promise.all(Array.from({ length: 2 }, worker));
  }
  return written;
}

export function shareImages(): AstroIntegration {
  return afterBuild(
    'safe-buddy:share-images',
    async (clientDir) => `${await writeShareImages(clientDir)} link-preview JPEGs drawn from the SVG illustrations`,
  );
}
