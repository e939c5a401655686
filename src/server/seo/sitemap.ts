// /sitemap.xml: fixed pages, content pages, store filters for categories and brands with
// published products, and every published product. Product ids are read in keyset batches
// (ids only), and the XML is produced as a stream, so 100,000 products stay cheap.
import { and, asc, eq, gt, sql } from 'drizzle-orm';
import type { Db } from '@/server/db/client';
import { brands, categories, productCategories, products } from '@/server/db/schema/catalog';
import { CONTENT_SLUGS } from '@/server/content/content.service';

export const SITEMAP_BATCH = 5_000;
const FIXED_PATHS = ['/', '/store', '/top-sellings', '/new-arrival', '/contact'];

export function escapeXml(text: string): string {
  return text.replace(/[&<>"']/g, (c) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&apos;' })[c]!);
}

export function urlEntry(loc: string): string {
  return `<url><loc>${escapeXml(loc)}</loc></url>\n`;
}

/** Site paths (with query strings) for the sitemap, in order; products last, in id order. */
export async function* sitemapPaths(db: Db, batch = SITEMAP_BATCH): AsyncGenerator<string> {
  yield* FIXED_PATHS;
  for (const slug of CONTENT_SLUGS) yield `/${slug}`;

  const published = eq(products.published, true);
  const cats = await db
    .select({ id: categories.id })
    .from(categories)
    .where(
      sql`exists (select 1 from ${productCategories} join ${products} on ${products.id} = ${productCategories.productId} where ${productCategories.categoryId} = ${categories.id} and ${published})`,
    )
    .orderBy(asc(categories.sortOrder), asc(categories.id));
  for (const c of cats) yield `/store?category=${c.id}`;

  const brandRows = await db
    .select({ id: brands.id })
    .from(brands)
    .where(sql`exists (select 1 from ${products} where ${products.brandId} = ${brands.id} and ${published})`)
    .orderBy(asc(brands.id));
  for (const b of brandRows) yield `/store/?brand=${b.id}`;

  let last = 0;
  for (;;) {
    const rows = await db
      .select({ id: products.id })
      .from(products)
      .where(and(eq(products.published, true), gt(products.id, last)))
      .orderBy(asc(products.id))
      .limit(batch);
    for (const r of rows) yield `/product/${r.id}`;
    if (rows.length < batch) break;
    last = rows[rows.length - 1]!.id;
  }
}

/** The sitemap document in chunks: declaration, urlset, one <url> per path. */
export async function* sitemapChunks(db: Db, siteUrl: string, batch = SITEMAP_BATCH): AsyncGenerator<string> {
  yield '<?xml version="1.0" encoding="UTF-8"?>\n<urlset xmlns="http://www.sitemaps.org/schemas/sitemap/0.9">\n';
  let buffer = '';
  for await (const path of sitemapPaths(db, batch)) {
    buffer += urlEntry(new URL(path, siteUrl).toString());
    if (buffer.length > 64_000) {
      yield buffer;
      buffer = '';
    }
  }
  yield `${buffer}</urlset>\n`;
}

export async function buildSitemap(db: Db, siteUrl: string): Promise<string> {
  let out = '';
  for await (const chunk of sitemapChunks(db, siteUrl)) out += chunk;
  return out;
}

export function sitemapResponse(db: Db, siteUrl: string): Response {
  const encoder = new TextEncoder();
  const chunks = sitemapChunks(db, siteUrl);
  const body = new ReadableStream<Uint8Array>({
    async pull(controller) {
      const { value, done } = await chunks.next();
      if (done) controller.close();
      else controller.enqueue(encoder.encode(value));
    },
    async cancel() {
      await chunks.return(undefined);
    },
  });
  return new Response(body, { headers: { 'content-type': 'application/xml; charset=utf-8', 'cache-control': 'public, max-age=3600' } });
}

export const ROBOTS_DISALLOW = ['/cart', '/checkout', '/orders', '/order/', '/profile', '/wishlist', '/api/'];

export function robotsTxt(siteUrl: string): string {
  return [
    'User-agent: *',
    'Allow: /',
    ...ROBOTS_DISALLOW.map((p) => `Disallow: ${p}`),
    '',
    `Sitemap: ${new URL('/sitemap.xml', siteUrl).toString()}`,
    '',
  ].join('\n');
}
