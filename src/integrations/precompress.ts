// Compresses the built static files once, at build time (docs/decisions/0041-static-files.md):
// after `astro build`, every compressible file of dist/client (hashed /_astro/ scripts and styles,
// the SVG illustrations, fonts that are not compressed already, text files) gets a brotli `.br`
// (quality 11) and a gzip `.gz` (level 9) beside it, each kept only when smaller than the file.
// scripts/static-files.ts then serves the variant the browser accepts as a plain file.
// This file runs in Astro's config process and in scripts: it imports no application code.
import fs from 'node:fs/promises';
import path from 'node:path';
import { promisify } from 'node:util';
import zlib from 'node:zlib';
import type { AstroIntegration } from 'astro';
import { afterBuild } from './after-build';

/** Extensions worth compressing: text formats and uncompressed fonts (not woff/woff2, images, video). */
export const COMPRESSIBLE_EXTENSIONS = new Set([
  '.js',
  '.mjs',
  '.css',
  '.html',
  '.htm',
  '.svg',
  '.json',
  '.webmanifest',
  '.map',
  '.xml',
  '.txt',
  '.md',
  '.ico',
  '.ttf',
  '.otf',
  '.eot',
  '.wasm',
]);

/** The precompressed variants, by their file suffix, in order of preference. */
export const VARIANT_SUFFIXES = { br: '.br', gzip: '.gz' } as const;

const brotli = promisify(zlib.brotliCompress);
const gzip = promisify(zlib.gzip);

export interface PrecompressSummary {
  /** Compressible files seen. */
  files: number;
  /** `.br` and `.gz` files written. */
  br: number;
  gzip: number;
  /** Bytes of the compressible files, and of what a brotli-capable browser downloads for them. */
  bytes: number;
  brBytes: number;
}

async function* filesUnder(dir: string): AsyncGenerator<string> {
  for (const entry of await fs.readdir(dir, { withFileTypes: true })) {
    const full = path.join(dir, entry.name);
    if (entry.isDirectory()) yield* filesUnder(full);
    else if (entry.isFile()) yield full;
  }
}

/** Writes `file.br` and `file.gz` when each is smaller than `file`, and removes a stale one that is not. */
async function precompressFile(file: string, summary: PrecompressSummary): Promise<void> {
  const original = await fs.readFile(file);
  const [br, gz] = await Promise.all([
    brotli(original, {
      params: {
        [zlib.constants.BROTLI_PARAM_QUALITY]: zlib.constants.BROTLI_MAX_QUALITY,
        [zlib.constants.BROTLI_PARAM_SIZE_HINT]: original.length,
        [zlib.constants.BROTLI_PARAM_MODE]: zlib.constants.BROTLI_MODE_TEXT,
      },
    }),
    gzip(original, { level: zlib.constants.Z_BEST_COMPRESSION }),
  ]);
  summary.files += 1;
  summary.bytes += original.length;
  summary.brBytes += Math.min(br.length, original.length);
  for (const [variant, suffix] of [
    [br, VARIANT_SUFFIXES.br],
    [gz, VARIANT_SUFFIXES.gzip],
  ] as const) {
    if (variant.length < original.length) {
      await fs.writeFile(file + suffix, variant);
      // The variant carries its original's time, so both have the same Last-Modified.
      const { atime, mtime } = await fs.stat(file);
      await fs.utimes(file + suffix, atime, mtime);
      if (suffix === VARIANT_SUFFIXES.br) summary.br += 1;
      else summary.gzip += 1;
    } else {
      await fs.rm(file + suffix, { force: true });
    }
  }
}

/** Precompresses every compressible file under `dir` (a few at a time: zlib runs on libuv's threads). */
export async function precompressDirectory(dir: string): Promise<PrecompressSummary> {
  const summary: PrecompressSummary = { files: 0, br: 0, gzip: 0, bytes: 0, brBytes: 0 };
  const queue: string[] = [];
  for await (const file of filesUnder(dir)) {
    if (COMPRESSIBLE_EXTENSIONS.has(path.extname(file).toLowerCase())) queue.push(file);
  }
  const worker = async () => {
    for (let file = queue.shift(); file !== undefined; file = queue.shift()) await precompressFile(file, summary);
  };
  await Promise.all(Array.from({ length: 4 }, worker));
  return summary;
}

export function precompress(): AstroIntegration {
  return afterBuild('safe-buddy:precompress', async (clientDir) => {
    const s = await precompressDirectory(clientDir);
    const kb = (bytes: number) => `${Math.round(bytes / 1024)} KB`;
    return `${s.files} static files compressed (${s.br} .br, ${s.gzip} .gz): ${kb(s.bytes)} -> ${kb(s.brBytes)} with brotli`;
  });
}
