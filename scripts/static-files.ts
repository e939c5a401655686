// The built static files (dist/client), served by scripts/server.ts before Astro's handler
// (docs/decisions/0041-static-files.md): the files are listed once at start, small ones held in
// memory with their build-time `.br` and `.gz` variants (src/integrations/precompress.ts), and each
// request gets the variant its Accept-Encoding prefers (br, then gzip, then identity; q=0 honoured)
// as it is, never compressed again. Range requests and files too large to hold go through `send`
// (the Node adapter's own file server). Headers as the adapter sends them: a year-long immutable
// Cache-Control for the hashed /_astro/ assets, `public, max-age=0` for the others, a weak ETag
// and Last-Modified (304 on If-None-Match or If-Modified-Since), plus `Vary: Accept-Encoding`.
// Paths are never joined onto the disk: only the files listed at start can be answered, and a path
// with `..`, an encoded slash or backslash, or a NUL is refused with 400 for every request.
import fs from 'node:fs';
import type http from 'node:http';
import path from 'node:path';
import mime from 'mime-types';
import send from 'send';
import { COMPRESSIBLE_EXTENSIONS, VARIANT_SUFFIXES } from '../src/integrations/precompress';

export type Encoding = 'br' | 'gzip' | 'identity';

/** The hashed build assets: their names change with their content, so browsers may keep them a year. */
export const IMMUTABLE = 'public, max-age=31536000, immutable';
/** What the Node adapter (through `send`) sends for the other files: cache, but check first. */
export const REVALIDATE = 'public, max-age=0';

interface Variant {
  encoding: Encoding;
  /** Path relative to the root, with forward slashes (what `send` is given). */
  relative: string;
  size: number;
  etag: string;
  /** The bytes, when held in memory. */
  body: Buffer | null;
}

interface StaticFile {
  contentType: string;
  cacheControl: string;
  lastModified: string;
  /** Last-Modified in whole seconds, for If-Modified-Since. */
  modifiedSeconds: number;
  /** br and gzip first (when built), identity last. */
  variants: Variant[];
}

export interface StaticFilesOptions {
  /** URL prefix of the hashed assets (Astro's `build.assets`). */
  assetsPrefix?: string;
  /** Files larger than this are streamed from disk. */
  maxFileInMemory?: number;
  /** Bytes held in memory at most, over all files and variants. */
  maxMemory?: number;
}

export interface StaticFiles {
  /** Answers the request when it is for a static file (or a refused path); false: not ours. */
  serve(req: http.IncomingMessage, res: http.ServerResponse): boolean;
  /** Number of files served (variants not counted). */
  readonly size: number;
}

/** The same weak ETag as `send` (the `etag` package on a file's stat). */
function etagOf(stat: fs.Stats): string {
  return `W/"${stat.size.toString(16)}-${stat.mtime.getTime().toString(16)}"`;
}

function* walk(dir: string): Generator<string> {
  for (const entry of fs.readdirSync(dir, { withFileTypes: true })) {
    if (entry.name.startsWith('.')) continue;
    const full = path.join(dir, entry.name);
    if (entry.isDirectory()) yield* walk(full);
    else if (entry.isFile()) yield full;
  }
}

/**
 * The encoding to send, among `available`, by the request's Accept-Encoding: the highest q wins,
 * br before gzip before identity at equal q; q=0 refuses an encoding (`*` stands for the ones not
 * named; identity not named ranks with the least wanted coding named, as in `negotiator`).
 * No header: identity. Null: nothing acceptable (identity refused too).
 */
export function chooseEncoding(header: string | undefined, available: readonly Encoding[]): Encoding | null {
  if (header === undefined) return available.includes('identity') ? 'identity' : null;
  const weights = new Map<string, number>();
  for (const part of header.split(',')) {
    const [rawName, ...params] = part.split(';');
    const name = rawName!.trim().toLowerCase();
    if (!name) continue;
    let q = 1;
    for (const param of params) {
      const [key, value] = param.split('=').map((s) => s.trim());
      if (key?.toLowerCase() === 'q') q = Number(value);
    }
    if (!Number.isFinite(q) || q < 0 || q > 1) continue;
    weights.set(name === 'x-gzip' ? 'gzip' : name, q);
  }
  const star = weights.get('*');
  // Identity, when not named, is acceptable (RFC 9110) but ranks with the least wanted coding named.
  const positive = [...weights.values()].filter((q) => q > 0);
  const implicitIdentity = positive.length > 0 ? Math.min(...positive) : 1;
  const weightOf = (encoding: Encoding): number => weights.get(encoding) ?? star ?? (encoding === 'identity' ? implicitIdentity : 0);
  let best: Encoding | null = null;
  let bestWeight = 0;
  for (const encoding of ['br', 'gzip', 'identity'] as const) {
    if (!available.includes(encoding)) continue;
    const weight = weightOf(encoding);
    if (weight > bestWeight) {
      best = encoding;
      bestWeight = weight;
    }
  }
  return best;
}

/** A request path that could leave the root or smuggle a separator: `..` or `.` segments (even encoded), %2F, %5C, backslashes, NUL. */
export function isUnsafePath(rawPath: string): boolean {
  if (/%00|\0|%2f|%5c|\\/i.test(rawPath)) return true;
  for (const segment of rawPath.split('/')) {
    let decoded: string;
    try {
      decoded = decodeURIComponent(segment);
    } catch {
      return true;
    }
    if (decoded === '.' || decoded === '..') return true;
  }
  return false;
}

function notModified(req: http.IncomingMessage, file: StaticFile, variant: Variant): boolean {
  const ifNoneMatch = req.headers['if-none-match'];
  if (ifNoneMatch !== undefined) {
    if (ifNoneMatch.trim() === '*') return true;
    const strip = (tag: string) => tag.trim().replace(/^W\//, '');
    const wanted = strip(variant.etag);
    return ifNoneMatch.split(',').some((tag) => strip(tag) === wanted);
  }
  const ifModifiedSince = req.headers['if-modified-since'];
  if (ifModifiedSince !== undefined) {
    const since = Date.parse(ifModifiedSince);
    return Number.isFinite(since) && file.modifiedSeconds * 1000 <= since;
  }
  return false;
}

/** Lists the files under `root` (a built dist/client) and reads the small ones into memory. */
export function loadStaticFiles(root: string, options: StaticFilesOptions = {}): StaticFiles {
  const assetsPrefix = options.assetsPrefix ?? '/_astro/';
  const maxFileInMemory = options.maxFileInMemory ?? 1024 * 1024;
  let memoryLeft = options.maxMemory ?? 64 * 1024 * 1024;
  const files = new Map<string, StaticFile>();
  const all = new Set(walk(root));

  for (const full of all) {
    const ext = path.extname(full).toLowerCase();
    // A .br or .gz written by the build beside a compressible file is a variant, not a file of its own.
    const isVariantOf = Object.values(VARIANT_SUFFIXES).some((suffix) => full.endsWith(suffix) && all.has(full.slice(0, -suffix.length)));
    if (isVariantOf) continue;
    const relative = path.relative(root, full).split(path.sep).join('/');
    const urlPath = `/${relative}`;
    const stat = fs.statSync(full);
    const variants: Variant[] = [];
    const candidates: [Encoding, string][] = COMPRESSIBLE_EXTENSIONS.has(ext)
      ? [
          ['br', full + VARIANT_SUFFIXES.br],
          ['gzip', full + VARIANT_SUFFIXES.gzip],
        ]
      : [];
    candidates.push(['identity', full]);
    for (const [encoding, file] of candidates) {
      if (!all.has(file)) continue;
      const variantStat = file === full ? stat : fs.statSync(file);
      let body: Buffer | null = null;
      if (variantStat.size <= maxFileInMemory && variantStat.size <= memoryLeft) {
        body = fs.readFileSync(file);
        memoryLeft -= body.length;
      }
      variants.push({
        encoding,
        relative: path.relative(root, file).split(path.sep).join('/'),
        size: variantStat.size,
        etag: etagOf(variantStat),
        body,
      });
    }
    files.set(urlPath, {
      contentType: mime.contentType(ext) || 'application/octet-stream',
      cacheControl: urlPath.startsWith(assetsPrefix) ? IMMUTABLE : REVALIDATE,
      lastModified: stat.mtime.toUTCString(),
      modifiedSeconds: Math.floor(stat.mtime.getTime() / 1000),
      variants,
    });
  }

  const lookup = (pathname: string): StaticFile | undefined => {
    const found = files.get(pathname);
    if (found) return found;
    // A folder's index.html, as the adapter serves it (none in today's build: every page is rendered).
    return files.get(pathname.endsWith('/') ? `${pathname}index.html` : `${pathname}/index.html`);
  };

  function sendFromDisk(req: http.IncomingMessage, res: http.ServerResponse, variant: Variant): void {
    const stream = send(req, `/${variant.relative.split('/').map(encodeURIComponent).join('/')}`, {
      root,
      cacheControl: false,
      dotfiles: 'deny',
      index: false,
    });
    stream.on('error', (error: { status?: number }) => {
      if (res.headersSent) return void res.destroy();
      res.statusCode = error.status ?? 500;
      res.end();
    });
    stream.pipe(res);
  }

  return {
    size: files.size,
    serve(req, res) {
      const url = req.url ?? '/';
      const end = url.search(/[?#]/);
      const rawPath = end === -1 ? url : url.slice(0, end);
      if (isUnsafePath(rawPath)) {
        res.statusCode = 400;
        res.setHeader('content-type', 'text/plain; charset=utf-8');
        res.setHeader('cache-control', 'no-store');
        res.end('Bad request');
        return true;
      }
      if (req.method !== 'GET' && req.method !== 'HEAD') return false;
      const file = lookup(decodeURIComponent(rawPath));
      if (!file) return false;

      // Ranges (video) are answered from the file itself, whole bytes only.
      const ranged = req.headers.range !== undefined;
      const available = ranged ? (['identity'] as const) : file.variants.map((v) => v.encoding);
      const encoding = chooseEncoding(req.headers['accept-encoding'], available);
      res.setHeader('content-type', file.contentType);
      res.setHeader('cache-control', file.cacheControl);
      if (file.variants.length > 1) res.setHeader('vary', 'Accept-Encoding');
      if (encoding === null) {
        res.statusCode = 406;
        res.setHeader('content-type', 'text/plain; charset=utf-8');
        res.end('Not acceptable');
        return true;
      }
      const variant = file.variants.find((v) => v.encoding === encoding)!;
      if (encoding !== 'identity') res.setHeader('content-encoding', encoding);
      if (ranged || variant.body === null) {
        sendFromDisk(req, res, variant);
        return true;
      }
      res.setHeader('etag', variant.etag);
      res.setHeader('last-modified', file.lastModified);
      if (encoding === 'identity') res.setHeader('accept-ranges', 'bytes');
      if (notModified(req, file, variant)) {
        res.statusCode = 304;
        res.removeHeader('content-type');
        res.removeHeader('content-encoding');
        res.end();
        return true;
      }
      res.statusCode = 200;
      res.setHeader('content-length', variant.size);
      if (req.method === 'HEAD') res.end();
      else res.end(variant.body);
      return true;
    },
  };
}
