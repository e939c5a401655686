import { describe, expect, it } from 'vitest';
import { breadcrumbJsonLd, jsonLdScript, organizationJsonLd, productJsonLd, type JsonLd, type ProductLdInput } from './json-ld';
import { fils } from '@/domain/money';

const SITE = 'https://shop.example.ae';
const base: ProductLdInput = {
  name: 'SteelNest HomeShield Fire Safe',
  sku: 'SN-HS-28',
  images: ['/images/products/a.svg', '/images/products/b.svg', '/images/products/a.svg'],
  brandName: 'SteelNest',
  shelfPrice: fils(135_150),
  quantity: 16,
  rating: 4.5,
  reviewCount: 6,
  path: '/product/16',
};

// The fields Google requires (or strongly recommends) for Product rich results with an offer.
function assertProductRichResult(ld: JsonLd) {
  expect(ld['@context']).toBe('https://schema.org');
  expect(ld['@type']).toBe('Product');
  expect(typeof ld.name).toBe('string');
  expect((ld.name as string).length).toBeGreaterThan(0);
  const images = ld.image as string[];
  expect(Array.isArray(images)).toBe(true);
  expect(images.length).toBeGreaterThan(0);
  for (const i of images) expect(i).toMatch(/^https:\/\//);
  const offer = ld.offers as JsonLd;
  expect(offer['@type']).toBe('Offer');
  expect(offer.price).toMatch(/^\d+\.\d{2}$/);
  expect(Number(offer.price)).toBeGreaterThanOrEqual(0);
  expect(offer.priceCurrency).toBe('AED');
  expect(['https://schema.org/InStock', 'https://schema.org/OutOfStock']).toContain(offer.availability);
}

describe('productJsonLd', () => {
  it('has the required Product rich-result fields with absolute, distinct images', () => {
    const ld = productJsonLd(base, SITE);
    assertProductRichResult(ld);
    expect(ld.image).toEqual([`${SITE}/images/products/a.svg`, `${SITE}/images/products/b.svg`]);
    expect(ld.url).toBe(`${SITE}/product/16`);
    expect(ld.brand).toEqual({ '@type': 'Brand', name: 'SteelNest' });
    expect((ld.offers as JsonLd).price).toBe('1351.50');
    expect((ld.offers as JsonLd).availability).toBe('https://schema.org/InStock');
  });

  it('reports out of stock from a zero quantity', () => {
    const ld = productJsonLd({ ...base, quantity: 0 }, SITE);
    assertProductRichResult(ld);
    expect((ld.offers as JsonLd).availability).toBe('https://schema.org/OutOfStock');
  });

  it('has AggregateRating with ratingValue and reviewCount only when there are reviews', () => {
    const rated = productJsonLd(base, SITE).aggregateRating as JsonLd;
    expect(rated['@type']).toBe('AggregateRating');
    expect(rated.ratingValue).toBe(4.5);
    expect(rated.reviewCount).toBe(6);
    const unrated = productJsonLd({ ...base, rating: 0, reviewCount: 0 }, SITE);
    expect(unrated).not.toHaveProperty('aggregateRating');
    assertProductRichResult(unrated);
  });

  it('omits an absent brand rather than emitting an empty one', () => {
    expect(productJsonLd({ ...base, brandName: null }, SITE)).not.toHaveProperty('brand');
  });
});

describe('breadcrumbJsonLd', () => {
  it('numbers each item from 1 with a name and an absolute item address', () => {
    const ld = breadcrumbJsonLd(
      [
        { name: 'Home', path: '/' },
        { name: 'Shop', path: '/store' },
        { name: 'Safe', path: '/product/16' },
      ],
      SITE,
    );
    expect(ld['@type']).toBe('BreadcrumbList');
    expect(ld.itemListElement).toEqual([
      { '@type': 'ListItem', position: 1, name: 'Home', item: `${SITE}/` },
      { '@type': 'ListItem', position: 2, name: 'Shop', item: `${SITE}/store` },
      { '@type': 'ListItem', position: 3, name: 'Safe', item: `${SITE}/product/16` },
    ]);
  });
});

describe('organizationJsonLd', () => {
  it('has name, url, logo and a contact point', () => {
    const ld = organizationJsonLd({
      name: 'Safe Buddy',
      siteUrl: SITE,
      logo: '/images/logo.svg',
      phone: '+971 4 000 0000',
      email: 'hello@example.ae',
    });
    expect(ld['@type']).toBe('Organization');
    expect(ld.name).toBe('Safe Buddy');
    expect(ld.url).toBe(`${SITE}/`);
    expect(ld.logo).toBe(`${SITE}/images/logo.svg`);
    const [contact] = ld.contactPoint as JsonLd[];
    expect(contact).toMatchObject({ '@type': 'ContactPoint', telephone: '+971 4 000 0000', email: 'hello@example.ae' });
    expect(typeof contact!.contactType).toBe('string');
  });
});

describe('jsonLdScript', () => {
  it('cannot close its script tag and still parses back to the same data', () => {
    const ld = productJsonLd({ ...base, name: 'Safe </script><script>alert(1)</script>' }, SITE);
    const text = jsonLdScript(ld);
    expect(text).not.toContain('<');
    expect(JSON.parse(text)).toEqual(ld);
  });
});
