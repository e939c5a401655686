// Benchmark part `javascript` (npm run bench -- --only javascript): the JavaScript each page loads
// before the first interaction, gzip bytes, with React's runtime as the reference (issue 14's goal:
// no page loads more than React's runtime plus 15 KB). Starts the built shop on PGlite with a
// signed-in shopper whose cart holds one product (page-weight.ts's openSignedInShop, which the
// budget's test uses too), so the cart, wishlist and checkout pages render as a shopper sees them.
import zlib from 'node:zlib';
import { benchPort, kib } from './harness';
import { openSignedInShop, reactRendererFromBuild } from './page-weight';
import type { BenchContext, BenchFigure, BenchSection } from './types';

/** Beyond React's runtime, what a page may load before the first interaction. */
const BUDGET_BEYOND_REACT = 15 * 1024;

interface Script {
  url: string;
  raw: number;
  gzip: number;
}

/** The scripts an HTML page loads on its own: script tags, module preloads and the islands' component and renderer modules. */
export function entryScripts(html: string): { entries: string[]; renderers: string[]; inline: string[] } {
  const entries = new Set<string>();
  const renderers = new Set<string>();
  for (const m of html.matchAll(/<script[^>]+src="([^"]+)"/g)) entries.add(m[1]!);
  for (const m of html.matchAll(/<link[^>]+rel="modulepreload"[^>]+href="([^"]+)"/g)) entries.add(m[1]!);
  for (const island of html.matchAll(/<astro-island[^>]*>/g)) {
    // A client:interact island loads nothing before the first interaction (src/client/hydrate-on-interact.ts).
    if (/\bclient="interact"/.test(island[0])) continue;
    const component = /component-url="([^"]+)"/.exec(island[0]);
    const renderer = /renderer-url="([^"]+)"/.exec(island[0]);
    if (component) entries.add(component[1]!);
    if (renderer) renderers.add(renderer[1]!);
  }
  const inline: string[] = [];
  for (const m of html.matchAll(/<script(?![^>]*\bsrc=)(?![^>]*application\/(?:ld\+)?json)[^>]*>([\s\S]*?)<\/script>/g)) inline.push(m[1]!);
  return { entries: [...entries].map(decodeEntities), renderers: [...renderers].map(decodeEntities), inline };
}

const decodeEntities = (s: string) => s.replace(/&amp;/g, '&');

/** Static imports of a built module (`import{a}from"./x.js"`, `import"./y.js"`); dynamic `import()` waits for an interaction and is left out. */
export function staticImports(source: string): string[] {
  return [...source.matchAll(/(?:\bfrom|\bimport)\s*["']([^"']+\.js)["']/g)].map((m) => m[1]!);
}

class ScriptGraph {
  private cache = new Map<string, Promise<{ script: Script; imports: string[] }>>();
  constructor(private readonly origin: string) {}

  private load(url: string) {
    let loaded = this.cache.get(url);
    if (!loaded) {
      loaded = (async () => {
        const response = await fetch(url);
        if (!response.ok) throw new Error(`${url}: ${response.status}`);
        const body = Buffer.from(await response.arrayBuffer());
        const imports = staticImports(body.toString('utf8')).map((i) => new URL(i, url).toString());
        return { script: { url, raw: body.length, gzip: zlib.gzipSync(body).length }, imports };
      })();
      this.cache.set(url, loaded);
    }
    return loaded;
  }

  /** Every same-origin module `roots` load, following static imports. */
  async closure(roots: string[], base: string): Promise<Map<string, Script>> {
    const seen = new Map<string, Script>();
    const queue = roots.map((r) => new URL(r, base).toString());
    while (queue.length > 0) {
      const url = queue.shift()!;
      if (seen.has(url) || !url.startsWith(this.origin)) continue;
      const { script, imports } = await this.load(url);
      seen.set(url, script);
      queue.push(...imports);
    }
    return seen;
  }
}

const sum = (scripts: Iterable<Script>, key: 'raw' | 'gzip') => [...scripts].reduce((n, s) => n + s[key], 0);

export async function run(context: BenchContext): Promise<BenchSection> {
  context.log('seeding a PGlite shop with one signed-in shopper');
  const shop = await openSignedInShop(benchPort('javascript'));
  try {
    const auth = { cookie: shop.cookie };
    const productId = shop.productId;
    const pages = [
      { name: 'home', path: '/', signedIn: false },
      { name: 'store', path: '/store', signedIn: false },
      { name: 'product', path: `/product/${productId}`, signedIn: false },
      { name: 'cart', path: '/cart', signedIn: true },
      { name: 'wishlist', path: '/wishlist', signedIn: true },
      { name: 'checkout', path: '/cart/checkout-details', signedIn: true },
      { name: 'payment', path: '/checkout', signedIn: true },
    ];
    const graph = new ScriptGraph(shop.base);
    let react: Map<string, Script> | null = null;
    const measured: Array<{ name: string; path: string; scripts: Map<string, Script>; inline: number; files: number }> = [];
    for (const page of pages) {
      const response = await fetch(shop.base + page.path, { headers: page.signedIn ? auth : {}, redirect: 'manual' });
      if (response.status !== 200)
        throw new Error(`${page.path} answered ${response.status}${page.signedIn ? ' for the signed-in shopper' : ''}`);
      const html = await response.text();
      const { entries, renderers, inline } = entryScripts(html);
      const scripts = await graph.closure([...entries, ...renderers], shop.base + page.path);
      if (!react && renderers.length > 0) react = await graph.closure(renderers, shop.base + page.path);
      const inlineGzip = inline.reduce((n, s) => n + zlib.gzipSync(s).length, 0);
      measured.push({ name: page.name, path: page.path, scripts, inline: inlineGzip, files: scripts.size });
      context.log(`${page.path}: ${scripts.size} modules`);
    }
    // No page loads React before an interaction: its runtime is still the reference, from the build's manifest.
    const renderer = react ? null : reactRendererFromBuild(shop.base);
    if (renderer) react = await graph.closure([renderer], shop.base);
    const reactGzip = react ? sum(react.values(), 'gzip') : 0;
    const figures: BenchFigure[] = [
      {
        figure: "React's runtime (the islands' renderer and its imports)",
        value: react ? `${kib(reactGzip)} gzip` : 'no island on these pages',
      },
    ];
    for (const page of measured) {
      const total = sum(page.scripts.values(), 'gzip') + page.inline;
      const loadsReact = react !== null && [...react.keys()].every((url) => page.scripts.has(url));
      const beyond = total - (loadsReact ? reactGzip : 0);
      figures.push({
        figure: `${page.name} (${page.path})`,
        value: `${kib(total)} gzip${loadsReact ? ` (${kib(beyond)} beyond React)` : ''}, ${page.files} files, ${kib(sum(page.scripts.values(), 'raw'))} raw`,
        goal: react
          ? `<= ${kib(reactGzip + BUDGET_BEYOND_REACT)} (React + ${kib(BUDGET_BEYOND_REACT)})`
          : `<= React + ${kib(BUDGET_BEYOND_REACT)}`,
      });
    }
    return {
      title: 'JavaScript per page',
      figures,
      notes: [
        "Every script a page loads before any interaction: script tags, module preloads, the islands' component and renderer modules and all their static imports (dynamic `import()` waits for an interaction and is not counted), plus inline scripts; each file gzipped at level 6 as the server would send it.",
        'Islands that load when visible are counted as if the shopper scrolled to them (the upper bound). Cart, wishlist and checkout are fetched as a signed-in shopper whose cart holds one product.',
        "React's runtime is the closure of the islands' renderer module (`renderer-url`): React, React DOM and Astro's React client.",
      ],
    };
  } finally {
    await shop.stop();
  }
}
