import { describe, expect, it } from 'vitest';
import { useFreshDatabase } from '../../../tests/db';
import { insertBrand, insertCategory, insertProduct } from '../../../tests/factories';
import type { Db } from '@/server/db/client';
import { CONTENT_SLUGS } from '@/server/content/content.service';
import { buildSitemap, escapeXml, robotsTxt, sitemapChunks, sitemapResponse } from './sitemap';

const SITE = 'https://shop.example.ae';
let db: Db;
const published: number[] = [];
let unpublishedId = 0;
let usedCategory = 0;
let emptyCategory = 0;
let usedBrand = 0;

/** A strict check of the sitemap's shape without an XML library: declaration, one urlset, <url><loc/></url> only. */
function parseSitemap(xml: string): string[] {
  expect(xml.startsWith('<?xml version="1.0" encoding="UTF-8"?>\n')).toBe(true);
  const body = xml.slice(xml.indexOf('\n') + 1).trim();
  const root = /^<urlset xmlns="http:\/\/www\.sitemaps\.org\/schemas\/sitemap\/0\.9">([\s\S]*)<\/urlset>$/.exec(body);
  expect(root, 'one urlset root').not.toBeNull();
  const inner = root![1]!.trim();
  const entry = /<url><loc>([^<>]*)<\/loc><\/url>\s*/y;
  const locs: string[] = [];
  let consumed = 0;
  let m: RegExpExecArray | null;
  while ((m = entry.exec(inner))) {
    locs.push(m[1]!);
    consumed = entry.lastIndex;
  }
  expect(inner.slice(consumed), 'nothing but <url><loc>…</loc></url> entries').toBe('');
  for (const loc of locs) {
    // Every '&' must start an entity; raw quotes and angle brackets never appear.
    expect(loc).not.toMatch(/&(?!(amp|lt|gt|quot|apos);)/);
    const unescaped = loc
      .replace(/&lt;/g, '<')
      .replace(/&gt;/g, '>')
      .replace(/&quot;/g, '"')
      .replace(/&apos;/g, "'")
      .replace(/&amp;/g, '&');
    expect(() => new URL(unescaped)).not.toThrow();
    expect(unescaped.startsWith(`${SITE}/`)).toBe(true);
  }
  return locs;
}

useFreshDatabase(async (database) => {
  db = database.db;
  usedCategory = (await insertCategory(db)).id;
  emptyCategory = (await insertCategory(db)).id;
  usedBrand = (await insertBrand(db)).id;
  await insertBrand(db); // no products: not listed
  for (let i = 0; i < 23; i++) {
    published.push((await insertProduct(db, { brandId: i % 2 ? usedBrand : null, categoryIds: i === 0 ? [usedCategory] : [] })).id);
  }
  unpublishedId = (await insertProduct(db, { published: false, categoryIds: [emptyCategory] })).id;
});

describe('sitemap', () => {
  it('is well-formed and lists every published product exactly once, and only those', async () => {
    const locs = parseSitemap(await buildSitemap(db, SITE));
    const productLocs = locs.filter((l) => l.includes('/product/'));
    expect(productLocs).toHaveLength(published.length);
    expect(productLocs.sort()).toEqual(published.map((id) => `${SITE}/product/${id}`).sort());
    expect(locs).not.toContain(`${SITE}/product/${unpublishedId}`);
    expect(new Set(locs).size).toBe(locs.length);
  });

  it('lists the fixed pages, content pages, and category and brand filters that have products', async () => {
    const locs = parseSitemap(await buildSitemap(db, SITE));
    for (const path of ['/', '/store', '/top-sellings', '/new-arrival', '/contact', ...CONTENT_SLUGS.map((s) => `/${s}`)])
      expect(locs).toContain(`${SITE}${path}`);
    expect(locs).toContain(`${SITE}/store?category=${usedCategory}`);
    expect(locs).not.toContain(`${SITE}/store?category=${emptyCategory}`);
    expect(locs).toContain(`${SITE}/store/?brand=${usedBrand}`);
    expect(locs.filter((l) => l.includes('brand='))).toHaveLength(1);
  });

  it('reads products in batches without losing or repeating any', async () => {
    let xml = '';
    for await (const chunk of sitemapChunks(db, SITE, 5)) xml += chunk;
    expect(parseSitemap(xml).filter((l) => l.includes('/product/'))).toHaveLength(published.length);
  });

  it('escapes XML special characters', () => {
    expect(escapeXml(`a&b<c>"d'`)).toBe('a&amp;b&lt;c&gt;&quot;d&apos;');
  });

  it('answers as application/xml, publicly cacheable for an hour', async () => {
    const response = sitemapResponse(db, SITE);
    expect(response.headers.get('content-type')).toMatch(/^application\/xml/);
    expect(response.headers.get('cache-control')).toBe('public, max-age=3600');
    expect(parseSitemap(await response.text()).length).toBeGreaterThan(published.length);
  });
});

describe('robots.txt', () => {
  it('points at the sitemap and keeps private paths out', () => {
    const text = robotsTxt(SITE);
    expect(text).toContain(`Sitemap: ${SITE}/sitemap.xml`);
    for (const p of ['/cart', '/checkout', '/orders', '/order/', '/profile', '/wishlist', '/api/'])
      expect(text.split('\n')).toContain(`Disallow: ${p}`);
  });
});
