// Structured data (schema.org JSON-LD) for search engines, as pure functions: the page passes
// what it already loaded and the site's absolute address; nothing here reads the database.
import { filsToAed, type Fils } from '@/domain/money';

export type JsonLd = Record<string, unknown>;

const CONTEXT = 'https://schema.org';

export interface ProductLdInput {
  name: string;
  sku: string;
  /** Site-relative or absolute image links; the first is the main one. */
  images: string[];
  description?: string | null;
  brandName?: string | null;
  /** What the shopper pays, in fils (docs/decisions/0002-money-in-fils-api-in-aed.md). */
  shelfPrice: Fils;
  quantity: number;
  rating: number;
  reviewCount: number;
  /** The product page's own path, e.g. /product/16. */
  path: string;
}

const absolute = (link: string, siteUrl: string) => new URL(link, siteUrl).toString();

/** Product with Offer (AED, availability from stock) and, only when reviewed, AggregateRating. */
export function productJsonLd(p: ProductLdInput, siteUrl: string): JsonLd {
  const images = [...new Set(p.images.filter(Boolean).map((i) => absolute(i, siteUrl)))];
  const url = absolute(p.path, siteUrl);
  return {
    '@context': CONTEXT,
    '@type': 'Product',
    name: p.name,
    sku: p.sku,
    image: images,
    url,
    ...(p.description ? { description: p.description } : {}),
    ...(p.brandName ? { brand: { '@type': 'Brand', name: p.brandName } } : {}),
    offers: {
      '@type': 'Offer',
      url,
      priceCurrency: 'AED',
      price: filsToAed(p.shelfPrice).toFixed(2),
      availability: p.quantity > 0 ? 'https://schema.org/InStock' : 'https://schema.org/OutOfStock',
      itemCondition: 'https://schema.org/NewCondition',
    },
    ...(p.reviewCount > 0
      ? {
          aggregateRating: {
            '@type': 'AggregateRating',
            ratingValue: Number(p.rating.toFixed(2)),
            reviewCount: p.reviewCount,
            bestRating: 5,
            worstRating: 1,
          },
        }
      : {}),
  };
}

export interface Crumb {
  name: string;
  /** Site-relative or absolute link. */
  path: string;
}

export function breadcrumbJsonLd(crumbs: Crumb[], siteUrl: string): JsonLd {
  return {
    '@context': CONTEXT,
    '@type': 'BreadcrumbList',
    itemListElement: crumbs.map((c, i) => ({ '@type': 'ListItem', position: i + 1, name: c.name, item: absolute(c.path, siteUrl) })),
  };
}

export interface OrganizationLdInput {
  name: string;
  siteUrl: string;
  logo: string;
  phone: string;
  email: string;
  address?: string;
  sameAs?: string[];
}

export function organizationJsonLd(o: OrganizationLdInput): JsonLd {
  return {
    '@context': CONTEXT,
    '@type': 'Organization',
    name: o.name,
    url: new URL('/', o.siteUrl).toString(),
    logo: absolute(o.logo, o.siteUrl),
    ...(o.address ? { address: o.address } : {}),
    ...(o.sameAs && o.sameAs.length > 0 ? { sameAs: o.sameAs } : {}),
    contactPoint: [
      {
        '@type': 'ContactPoint',
        contactType: 'customer service',
        telephone: o.phone,
        email: o.email,
        areaServed: 'AE',
        availableLanguage: ['English'],
      },
    ],
  };
}

/** JSON for a <script type="application/ld+json">: '<' escaped so no text can close the tag. */
export function jsonLdScript(data: JsonLd): string {
  return JSON.stringify(data)
    .replace(/</g, '\\u003c')
    .replace(/\u2028/g, '\\u2028')
    .replace(/\u2029/g, '\\u2029');
}
