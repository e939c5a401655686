// JavaScript a page loads before the first interaction: its module scripts, its islands'
// components and renderer, every chunk they import statically, and its inline scripts; gzip
// bytes per file, summed (docs/decisions/0042-page-weight.md). Chunks loaded by a dynamic
// import() (a dialog, the row actions) wait for the interaction that needs them and are not
// counted. The budget: React's runtime (the React renderer's module and its imports: react,
// react-dom, the scheduler) plus 15 KB. Used by scripts/page-weight.test.ts and, as a bench
// part, prints the figures:
//   npx tsx scripts/bench/page-weight.ts --url http://127.0.0.1:4321
import fs from 'node:fs';
import path from 'node:path';
import zlib from 'node:zlib';
import { fileURLToPath } from 'node:url';
import { parseArgs } from 'node:util';
import type { BenchContext, BenchSection } from './types';

/** What a page may load beyond React's runtime before the first interaction (gzip bytes). */
export const PAGE_BUDGET_BYTES = 15 * 1024;

/** Guest pages measured: the catalog, the content pages and the cart and wishlist islands. */
export const WEIGHED_PAGES = ['/', '/store', '/store?q=shreder', '/top-sellings', '/product/1', '/cart', '/wishlist', '/contact', '/faq'];

export interface PageJavaScript {
  /** Gzip bytes, each file compressed on its own (as the server sends it), summed. */
  gzip: number;
  raw: number;
  /** Module URLs, entries and their static imports. */
  modules: string[];
  /** The React renderer's module when the page has a React island. */
  rendererUrl: string | null;
}

const STATIC_IMPORT = /(?:\bfrom|\bimport)\s*["']([^"']+\.js)["']/g;

async function body(url: string): Promise<Buffer> {
  const response = await fetch(url);
  if (!response.ok) throw new Error(`${url} answered ${response.status}`);
  return Buffer.from(await response.arrayBuffer());
}

/** Entry modules and everything they import statically, with each file's bytes (one fetch per URL). */
async function closure(entries: string[], cache: Map<string, Buffer>): Promise<string[]> {
  const seen = new Set<string>();
  const queue = [...entries];
  while (queue.length > 0) {
    const url = queue.shift()!;
    if (seen.has(url)) continue;
    seen.add(url);
    let file = cache.get(url);
    if (!file) cache.set(url, (file = await body(url)));
    for (const m of file.toString('utf8').matchAll(STATIC_IMPORT)) queue.push(new URL(m[1]!, url).toString());
  }
  return [...seen];
}

const gzipSize = (data: Buffer | string) => zlib.gzipSync(data, { level: 9 }).length;

/** The JavaScript `page` loads before any interaction, as a guest. */
export async function pageJavaScript(base: string, page: string, cache = new Map<string, Buffer>()): Promise<PageJavaScript> {
  const pageUrl = new URL(page, base).toString();
  const html = (await body(pageUrl)).toString('utf8');
  const entries = new Set<string>();
  let rendererUrl: string | null = null;
  for (const m of html.matchAll(/<script\b[^>]*\bsrc="([^"]+)"/g)) entries.add(new URL(m[1]!, pageUrl).toString());
  for (const m of html.matchAll(/<link[^>]+rel="modulepreload"[^>]+href="([^"]+)"/g)) entries.add(new URL(m[1]!, pageUrl).toString());
  for (const m of html.matchAll(/<astro-island[^>]*>/g)) {
    // client:only / client:visible islands still load their component; client:idle too, before any interaction.
    const component = /component-url="([^"]+)"/.exec(m[0]);
    const renderer = /renderer-url="([^"]+)"/.exec(m[0]);
    if (component) entries.add(new URL(component[1]!, pageUrl).toString());
    if (renderer) entries.add((rendererUrl = new URL(renderer[1]!, pageUrl).toString()));
  }
  const modules = (await closure([...entries], cache)).filter((url) => url.startsWith(new URL(base).origin));
  let gzip = 0;
  let raw = 0;
  for (const url of modules) {
    gzip += gzipSize(cache.get(url)!);
    raw += cache.get(url)!.length;
  }
  for (const m of html.matchAll(/<script(?![^>]*\bsrc=)(?![^>]*type="application\/(?:ld\+)?json")[^>]*>([\s\S]*?)<\/script>/g)) {
    if (m[1]!.trim() === '') continue;
    gzip += gzipSize(m[1]!);
    raw += Buffer.byteLength(m[1]!);
  }
  return { gzip, raw, modules, rendererUrl };
}

/** React's runtime: the React renderer's module and its static imports, gzip bytes. */
export async function reactRuntimeBytes(rendererUrl: string, cache = new Map<string, Buffer>()): Promise<number> {
  const modules = await closure([rendererUrl], cache);
  return modules.reduce((sum, url) => sum + gzipSize(cache.get(url)!), 0);
}

/**
 * The React renderer's module as the build names it (`@astrojs/react/client.js` in the server's
 * manifest, dist/server/entry.mjs), for when no weighed page has a React island: the checkout's
 * islands and the popups opened on a click still load it. Null without a build.
 */
export function reactRendererFromBuild(base: string, dist = path.resolve(import.meta.dirname, '../../dist')): string | null {
  let manifest: string;
  try {
    manifest = fs.readFileSync(path.join(dist, 'server/entry.mjs'), 'utf8');
  } catch {
    return null;
  }
  const file = /"@astrojs\/react\/client\.js":"([^"]+)"/.exec(manifest)?.[1];
  return file ? new URL(`/${file}`, base).toString() : null;
}

/** Every weighed page's bytes and React's runtime, against a running shop. */
export async function weighPages(base: string): Promise<{ react: number; pages: Array<{ page: string } & PageJavaScript> }> {
  const cache = new Map<string, Buffer>();
  const pages = [];
  for (const page of WEIGHED_PAGES) pages.push({ page, ...(await pageJavaScript(base, page, cache)) });
  const renderer = pages.find((p) => p.rendererUrl)?.rendererUrl ?? reactRendererFromBuild(base);
  return { react: renderer ? await reactRuntimeBytes(renderer, cache) : 0, pages };
}

const kb = (bytes: number) => `${(bytes / 1024).toFixed(1)} KB`;

/** The bench part: needs a running shop (BENCH_URL or the given URL). */
export async function run(context: BenchContext, options: { url?: string } = {}): Promise<BenchSection> {
  const base = options.url ?? process.env.BENCH_URL ?? 'http://127.0.0.1:4321';
  context.log(`page weight: ${base}`);
  const { react, pages } = await weighPages(base);
  return {
    title: 'JavaScript before the first interaction (gzip)',
    figures: [
      { figure: "React's runtime (renderer, react, react-dom)", value: kb(react) },
      ...pages.map((p) => ({
        figure: `${p.page}${p.rendererUrl ? ' (React island)' : ''}`,
        value: kb(p.gzip),
        goal: `<= ${kb(react + PAGE_BUDGET_BYTES)}`,
      })),
    ],
    notes: [
      'Each module the page loads before any interaction (scripts, islands, their static imports, inline scripts), ' +
        'gzip level 9 per file, summed, as a guest: `npx tsx scripts/bench/page-weight.ts --url URL`.',
    ],
  };
}

if (process.argv[1] && path.resolve(process.argv[1]) === fileURLToPath(import.meta.url)) {
  const { values } = parseArgs({ options: { url: { type: 'string' } } });
  const section = await run({ postgresUrl: null, quick: false, log: (line) => console.error(line) }, { url: values.url });
  console.log(section.title);
  for (const f of section.figures) console.log(`  ${f.figure.padEnd(40)} ${f.value.padStart(9)}${f.goal ? `   (goal ${f.goal})` : ''}`);
}
