// Static files at build time and at request time (docs/decisions/0041-static-files.md): the build
// writes .br and .gz beside each compressible file when smaller; the server sends the variant the
// browser accepts, as a file, with the adapter's caching headers, 304s, HEAD and no way out of the
// root; pages and API answers are still compressed per request, never twice.
import fs from 'node:fs';
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import os from 'node:os';
import path from 'node:path';
import zlib from 'node:zlib';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { precompressDirectory } from '../src/integrations/precompress';
import { chooseEncoding, IMMUTABLE, isUnsafePath, loadStaticFiles, REVALIDATE } from './static-files';
import { shopHandler, type NodeHandler } from './server';
import { buildIfStale } from './build-if-stale';

interface Answer {
  status: number;
  headers: http.IncomingHttpHeaders;
  body: Buffer;
}

/** A raw request: the path goes out as written (no normalising) and the body is not decoded. */
function request(base: string, target: string, headers: Record<string, string> = {}, method = 'GET'): Promise<Answer> {
  return new Promise((resolve, reject) => {
    const req = http.request(`${base}/`, { method, path: target, headers }, (res) => {
      const chunks: Buffer[] = [];
      res.on('data', (chunk: Buffer) => chunks.push(chunk));
      res.on('end', () => resolve({ status: res.statusCode ?? 0, headers: res.headers, body: Buffer.concat(chunks) }));
    });
    req.on('error', reject);
    req.end();
  });
}

function decode(answer: Answer): Buffer {
  const encoding = answer.headers['content-encoding'];
  if (encoding === 'br') return zlib.brotliDecompressSync(answer.body);
  if (encoding === 'gzip') return zlib.gunzipSync(answer.body);
  expect(encoding).toBeUndefined();
  return answer.body;
}

async function listen(handler: NodeHandler): Promise<{ base: string; close: () => Promise<void> }> {
  const server = http.createServer(handler);
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  return {
    base: `http://127.0.0.1:${port}`,
    close: () => new Promise((resolve) => server.close(() => resolve())),
  };
}

describe('chooseEncoding', () => {
  const all = ['br', 'gzip', 'identity'] as const;
  it.each([
    [undefined, 'identity'],
    ['', 'identity'],
    ['br, gzip, deflate', 'br'],
    ['gzip, deflate, br, zstd', 'br'],
    ['gzip', 'gzip'],
    ['x-gzip', 'gzip'],
    ['br;q=0, gzip', 'gzip'],
    ['gzip;q=1, br;q=0.5', 'gzip'],
    ['identity', 'identity'],
    ['*', 'br'],
    ['*;q=0, identity', 'identity'],
    ['br;q=0, gzip;q=0', 'identity'],
    ['deflate', 'identity'],
    ['GZIP ; Q=0.8 , BR;q=0.9', 'br'],
    ['br;q=0.5', 'br'],
    ['gzip;q=0.5, identity', 'identity'],
  ])('Accept-Encoding %j -> %s', (header, expected) => {
    expect(chooseEncoding(header, all)).toBe(expected);
  });

  it('falls back to what the file has, and to nothing when identity is refused too', () => {
    expect(chooseEncoding('br, gzip', ['identity'])).toBe('identity');
    expect(chooseEncoding('br', ['gzip', 'identity'])).toBe('identity');
    expect(chooseEncoding('br, identity;q=0', ['identity'])).toBeNull();
    expect(chooseEncoding('*;q=0', ['identity'])).toBeNull();
  });
});

describe('isUnsafePath', () => {
  it.each(['/_astro/../x', '/%2e%2e/x', '/%2E%2E/x', '/a/./b', '/_astro%2F..%2Fx', '/a%5cb', '/a\\b', '/x%00', '/bad%zz'])(
    'refuses %s',
    (p) => expect(isUnsafePath(p)).toBe(true),
  );
  it.each(['/', '/_astro/app.Ab-1_c.js', '/images/a%20b.svg', '/product/12', '/a..b/c.d'])('accepts %s', (p) =>
    expect(isUnsafePath(p)).toBe(false),
  );
});

describe('a temporary dist/client, precompressed and served', () => {
  let parent: string;
  let root: string;
  let server: Awaited<ReturnType<typeof listen>>;
  let handled: string[];
  const css = `.button{color:red;padding:1rem}\n`.repeat(400);
  const svg = `<svg xmlns="http://www.w3.org/2000/svg">${'<rect width="10" height="10"/>'.repeat(200)}</svg>`;
  const png = Buffer.from(Array.from({ length: 4096 }, (_, i) => (i * 7919) % 251));
  const video = Buffer.from(Array.from({ length: 20_000 }, (_, i) => (i * 104_729) % 253));
  const page = `<!doctype html><html><body>${'<p>Fire safes and vault doors</p>'.repeat(300)}</body></html>`;
  const encodedBody = `{"products":[${'{"name":"Fire safe"},'.repeat(200)}{}]}`;

  beforeAll(async () => {
    parent = fs.mkdtempSync(path.join(os.tmpdir(), 'static-files-'));
    root = path.join(parent, 'client');
    for (const dir of ['_astro', 'images', 'media']) fs.mkdirSync(path.join(root, dir), { recursive: true });
    fs.writeFileSync(path.join(parent, 'secret.txt'), 'the secret outside the root');
    fs.writeFileSync(path.join(root, '_astro', 'global.AbC123.css'), css);
    fs.writeFileSync(path.join(root, 'images', 'safe.svg'), svg);
    fs.writeFileSync(path.join(root, 'images', 'photo.png'), png);
    fs.writeFileSync(path.join(root, 'media', 'clip.mp4'), video);
    fs.writeFileSync(path.join(root, 'tiny.txt'), 'hi');
    fs.writeFileSync(path.join(root, '.env'), 'SECRET=1');

    const summary = await precompressDirectory(root);
    expect(summary).toMatchObject({ files: 3, br: 2, gzip: 2 });

    handled = [];
    const astro: NodeHandler = (req, res) => {
      handled.push(req.url ?? '');
      if (req.url === '/page') {
        res.setHeader('content-type', 'text/html; charset=utf-8');
        res.end(page);
      } else if (req.url === '/already-encoded') {
        // What a cached page handed out already compressed looks like (writeHead with headers, as Astro writes).
        res.writeHead(200, { 'content-type': 'application/json', 'content-encoding': 'gzip', vary: 'Accept-Encoding' });
        res.end(zlib.gzipSync(encodedBody));
      } else {
        res.statusCode = 404;
        res.end('not found');
      }
    };
    // Small limits, so the large video is streamed from disk like a file over the memory budget.
    server = await listen(
      shopHandler({ handler: astro, staticFiles: loadStaticFiles(root, { maxFileInMemory: 16_000 }), production: false }),
    );
  });
  afterAll(async () => {
    await server?.close();
    fs.rmSync(parent, { recursive: true, force: true });
  });

  it('writes .br and .gz beside compressible files only when smaller, each decompressing to the file', () => {
    const file = path.join(root, '_astro', 'global.AbC123.css');
    expect(zlib.brotliDecompressSync(fs.readFileSync(`${file}.br`)).toString()).toBe(css);
    expect(zlib.gunzipSync(fs.readFileSync(`${file}.gz`)).toString()).toBe(css);
    expect(fs.statSync(`${file}.br`).size).toBeLessThan(fs.statSync(`${file}.gz`).size);
    expect(fs.existsSync(path.join(root, 'images', 'safe.svg.br'))).toBe(true);
    // Not compressible by type (images, video), or not smaller (two bytes).
    for (const name of ['images/photo.png', 'media/clip.mp4', 'tiny.txt']) {
      expect(fs.existsSync(path.join(root, `${name}.br`)), name).toBe(false);
      expect(fs.existsSync(path.join(root, `${name}.gz`)), name).toBe(false);
    }
  });

  it.each([
    ['br, gzip', 'br'],
    ['gzip, deflate', 'gzip'],
    ['br;q=0, gzip', 'gzip'],
    ['identity', undefined],
    ['', undefined],
  ])('Accept-Encoding %j gets %s, bytes that decode to the file, with its length, type and Vary', async (accept, encoding) => {
    const answer = await request(server.base, '/_astro/global.AbC123.css', { 'accept-encoding': accept });
    expect(answer.status).toBe(200);
    expect(answer.headers['content-encoding']).toBe(encoding);
    expect(answer.headers['content-type']).toBe('text/css; charset=utf-8');
    expect(answer.headers.vary).toBe('Accept-Encoding');
    expect(Number(answer.headers['content-length'])).toBe(answer.body.length);
    expect(decode(answer).toString()).toBe(css);
  });

  it('sends no Accept-Encoding answer compressed: identity', async () => {
    const answer = await request(server.base, '/images/safe.svg');
    expect(answer.headers['content-encoding']).toBeUndefined();
    expect(answer.headers['content-type']).toBe('image/svg+xml');
    expect(answer.body.toString()).toBe(svg);
  });

  it('answers 406 when identity is refused and the file has no compressed variant', async () => {
    const answer = await request(server.base, '/images/photo.png', { 'accept-encoding': 'br, identity;q=0' });
    expect(answer.status).toBe(406);
  });

  it('sends a file without variants as it is, without Vary', async () => {
    const answer = await request(server.base, '/images/photo.png', { 'accept-encoding': 'br, gzip' });
    expect(answer.status).toBe(200);
    expect(answer.headers['content-encoding']).toBeUndefined();
    expect(answer.headers.vary).toBeUndefined();
    expect(answer.headers['content-type']).toBe('image/png');
    expect(answer.body.equals(png)).toBe(true);
  });

  it('marks hashed /_astro/ assets immutable for a year and revalidates the others, as the adapter does', async () => {
    expect((await request(server.base, '/_astro/global.AbC123.css')).headers['cache-control']).toBe(IMMUTABLE);
    expect(IMMUTABLE).toBe('public, max-age=31536000, immutable');
    expect((await request(server.base, '/images/safe.svg')).headers['cache-control']).toBe(REVALIDATE);
    expect((await request(server.base, '/media/clip.mp4')).headers['cache-control']).toBe(REVALIDATE);
  });

  it('puts the security headers on static answers', async () => {
    const answer = await request(server.base, '/_astro/global.AbC123.css', { 'accept-encoding': 'br' });
    expect(answer.headers['x-content-type-options']).toBe('nosniff');
    expect(answer.headers['x-frame-options']).toBe('DENY');
    expect(answer.headers['strict-transport-security']).toBeUndefined();
  });

  it('answers 304 to If-None-Match with the variant it sent, and 200 with another variant', async () => {
    const br = await request(server.base, '/_astro/global.AbC123.css', { 'accept-encoding': 'br' });
    const gzip = await request(server.base, '/_astro/global.AbC123.css', { 'accept-encoding': 'gzip' });
    expect(br.headers.etag).toBeTruthy();
    expect(br.headers.etag).not.toBe(gzip.headers.etag);
    expect(br.headers['last-modified']).toBeTruthy();

    const again = await request(server.base, '/_astro/global.AbC123.css', {
      'accept-encoding': 'br',
      'if-none-match': br.headers.etag!,
    });
    expect(again.status).toBe(304);
    expect(again.body.length).toBe(0);
    expect(again.headers.etag).toBe(br.headers.etag);
    expect(again.headers['cache-control']).toBe(IMMUTABLE);
    expect(again.headers.vary).toBe('Accept-Encoding');

    const otherVariant = await request(server.base, '/_astro/global.AbC123.css', {
      'accept-encoding': 'br',
      'if-none-match': gzip.headers.etag!,
    });
    expect(otherVariant.status).toBe(200);
    expect(decode(otherVariant).toString()).toBe(css);
  });

  it('answers 304 to If-Modified-Since at or after the file time, 200 before', async () => {
    const first = await request(server.base, '/images/safe.svg');
    const modified = first.headers['last-modified']!;
    expect((await request(server.base, '/images/safe.svg', { 'if-modified-since': modified })).status).toBe(304);
    const before = new Date(Date.parse(modified) - 60_000).toUTCString();
    expect((await request(server.base, '/images/safe.svg', { 'if-modified-since': before })).status).toBe(200);
  });

  it('answers HEAD with the headers of GET and no body', async () => {
    const head = await request(server.base, '/_astro/global.AbC123.css', { 'accept-encoding': 'br' }, 'HEAD');
    const get = await request(server.base, '/_astro/global.AbC123.css', { 'accept-encoding': 'br' });
    expect(head.status).toBe(200);
    expect(head.body.length).toBe(0);
    for (const name of ['content-length', 'content-encoding', 'content-type', 'etag', 'cache-control', 'vary']) {
      expect(head.headers[name], name).toBe(get.headers[name]);
    }
  });

  it('answers a range of a file streamed from disk with 206', async () => {
    const whole = await request(server.base, '/media/clip.mp4', { 'accept-encoding': 'br, gzip' });
    expect(whole.status).toBe(200);
    expect(whole.body.equals(video)).toBe(true);
    const part = await request(server.base, '/media/clip.mp4', { range: 'bytes=100-199', 'accept-encoding': 'br' });
    expect(part.status).toBe(206);
    expect(part.headers['content-range']).toBe(`bytes 100-199/${video.length}`);
    expect(part.headers['content-type']).toBe('video/mp4');
    expect(part.body.equals(video.subarray(100, 200))).toBe(true);
  });

  it.each([
    '/_astro/../../secret.txt',
    '/../secret.txt',
    '/%2e%2e/secret.txt',
    '/_astro%2F..%2F..%2Fsecret.txt',
    '/..%5csecret.txt',
    '/images/safe.svg%00.png',
    '/images/./safe.svg',
  ])('refuses %s with 400, without reading it or asking Astro', async (target) => {
    const before = handled.length;
    const answer = await request(server.base, target);
    expect(answer.status).toBe(400);
    expect(answer.body.toString()).not.toContain('secret');
    expect(handled.length).toBe(before);
  });

  it('never serves dotfiles or the variants under their own names, and passes other paths to Astro', async () => {
    for (const target of ['/.env', '/_astro/global.AbC123.css.br', '/nothing-here.css', '/images']) {
      const answer = await request(server.base, target);
      expect(answer.status, target).toBe(404);
      expect(answer.body.toString(), target).toBe('not found');
    }
    expect(handled).toEqual(expect.arrayContaining(['/.env', '/_astro/global.AbC123.css.br', '/nothing-here.css']));
  });

  it('still compresses a dynamic page per request', async () => {
    const br = await request(server.base, '/page', { 'accept-encoding': 'br, gzip' });
    expect(br.headers['content-encoding']).toBe('br');
    expect(decode(br).toString()).toBe(page);
    const plain = await request(server.base, '/page');
    expect(plain.headers['content-encoding']).toBeUndefined();
    expect(plain.body.toString()).toBe(page);
  });

  it('passes an answer that is already encoded through, not encoded twice', async () => {
    const answer = await request(server.base, '/already-encoded', { 'accept-encoding': 'br, gzip' });
    expect(answer.headers['content-encoding']).toBe('gzip');
    expect(zlib.gunzipSync(answer.body).toString()).toBe(encodedBody);
  });
});

describe('the real build', () => {
  beforeAll(() => buildIfStale(() => {}), 600_000);

  it('has .br and .gz beside the hashed stylesheet and scripts, and serves them immutable', async () => {
    const root = path.resolve('dist/client');
    const assets = fs.readdirSync(path.join(root, '_astro'));
    const stylesheet = assets.find((name) => name.endsWith('.css'));
    const script = assets.find((name) => name.endsWith('.js'));
    expect(stylesheet && script).toBeTruthy();
    for (const name of [stylesheet!, script!]) {
      expect(assets, name).toContain(`${name}.br`);
      expect(assets, name).toContain(`${name}.gz`);
    }
    const server = await listen(
      shopHandler({ handler: (_req, res) => res.end('astro'), staticFiles: loadStaticFiles(root), production: true }),
    );
    try {
      const answer = await request(server.base, `/_astro/${stylesheet}`, { 'accept-encoding': 'gzip, deflate, br, zstd' });
      expect(answer.headers['content-encoding']).toBe('br');
      expect(answer.headers['cache-control']).toBe(IMMUTABLE);
      expect(answer.headers['strict-transport-security']).toBeTruthy();
      expect(decode(answer).equals(fs.readFileSync(path.join(root, '_astro', stylesheet!)))).toBe(true);
      // The illustrations too (public/ copied into the build).
      const logo = await request(server.base, '/images/logo.svg', { 'accept-encoding': 'br' });
      expect(logo.status).toBe(200);
      expect(logo.headers['content-type']).toBe('image/svg+xml');
    } finally {
      await server.close();
    }
  });
});
