// Product list filters, parsed from the store's URL (lenient: a shopper's stray value is dropped)
// and from the API's query (strict: a bad value answers 422). Both end in one ProductFilter.
import { z } from './zod';
import { MAX_PAGE_SIZE, PRODUCT_PAGE_SIZE, PRODUCT_TYPE_CODES, PRODUCT_TYPES, SEARCH_MAX_CHARS, type ProductType } from './constants';
import { bucketById, type PriceBucket } from './price-buckets';
import { aedToFils, type Fils } from './money';
import { idField, singleLine, wholeNumber } from './input';
import { PRODUCT_SORTS, defaultSort, type ProductSort } from './product-sorts';

export { PRODUCT_SORTS, defaultSort, type ProductSort };

/** Shelf prices from `min` (inclusive) below `max` (exclusive; null: no bound), in fils. */
export interface PriceRange {
  min: Fils;
  max: Fils | null;
}

export interface ProductFilter {
  search?: string;
  brandIds: number[];
  categoryIds: number[];
  priceRanges: PriceRange[];
  productType?: ProductType;
  sort: ProductSort;
  page: number;
  limit: number;
}

const MAX_LIST_ITEMS = 50;
const MAX_PAGE = 100_000;
/** The highest price a filter may name, in AED (far above any product; its fils fit in int4). */
export const PRICE_FILTER_MAX_AED = 10_000_000;

function toIds(values: string[]): number[] {
  const ids = values.flatMap((v) => v.split(',')).map((v) => Number(v.trim()));
  return [...new Set(ids.filter((n) => Number.isInteger(n) && n > 0 && n < 2 ** 31))].slice(0, MAX_LIST_ITEMS);
}

/** 'office', 'home', or the spec's codes 2 (office) and 1 (home); anything else is no type. */
export function productTypeOf(value: string | null | undefined): ProductType | undefined {
  if (!value) return undefined;
  if ((PRODUCT_TYPES as readonly string[]).includes(value)) return value as ProductType;
  // Own keys only: '__proto__' or 'constructor' must not pass as a type.
  return Object.hasOwn(PRODUCT_TYPE_CODES, value) ? PRODUCT_TYPE_CODES[value] : undefined;
}

/** The store page's parameters: brand, category, product-type, q, price (bucket ids), sort, page. */
export function parseStoreParams(params: URLSearchParams): ProductFilter {
  const page = Number(params.get('page') ?? '1');
  const search = (params.get('q') ?? '').trim().slice(0, SEARCH_MAX_CHARS);
  const sort = params.get('sort') ?? '';
  const buckets = params
    .getAll('price')
    .map((id) => bucketById(id))
    .filter((b): b is PriceBucket => b !== undefined);
  const filter: ProductFilter = {
    brandIds: toIds(params.getAll('brand')),
    categoryIds: toIds(params.getAll('category')),
    priceRanges: buckets.map(({ min, max }) => ({ min, max })),
    sort: (PRODUCT_SORTS as readonly string[]).includes(sort) ? (sort as ProductSort) : defaultSort(search),
    page: Number.isInteger(page) && page >= 1 && page <= MAX_PAGE ? page : 1,
    limit: PRODUCT_PAGE_SIZE,
  };
  if (search) filter.search = search;
  const productType = productTypeOf(params.get('product-type'));
  if (productType) filter.productType = productType;
  return filter;
}

const jsonList = <T extends z.ZodType>(item: T) =>
  z
    .string()
    .transform((text, ctx) => {
      const trimmed = text.trim();
      if (trimmed === '') return [];
      try {
        const parsed: unknown = trimmed.startsWith('[') ? JSON.parse(trimmed) : trimmed.split(',');
        return parsed;
      } catch {
        ctx.addIssue({ code: 'custom', message: 'must be a JSON list' });
        return z.NEVER;
      }
    })
    .pipe(z.array(item).max(MAX_LIST_ITEMS));

const id = idField();
const optionalId = z.preprocess(
  (v) => (v === undefined || v === null || (typeof v === 'string' && (v.trim() === '' || v === 'null')) ? undefined : v),
  id.optional(),
);

/** An amount in AED as JSON or text ('150', '99.5'); never 1e300, NaN or '0x10'. */
const amount = z.preprocess(
  (v) => (typeof v === 'string' && /^\s*\d{1,9}(\.\d{1,2})?\s*$/.test(v) ? Number(v) : v),
  z.number().min(0).max(PRICE_FILTER_MAX_AED),
);
const priceRange = z
  .object({ min: amount, max: z.union([z.null(), amount]).optional() })
  .refine((r) => r.max === undefined || r.max === null || r.max >= r.min, 'max must not be below min');

/** The API's list query (docs/product.md#api-map): page, limit, search, brand_id, category_id, category, brand, price, product_type. */
export const productListQuerySchema = z
  .object({
    page: wholeNumber(1, MAX_PAGE).default(1),
    limit: wholeNumber(1, MAX_PAGE_SIZE).default(PRODUCT_PAGE_SIZE),
    search: singleLine(z.string().trim().max(SEARCH_MAX_CHARS)).optional(),
    q: singleLine(z.string().trim().max(SEARCH_MAX_CHARS)).optional(),
    brand_id: optionalId,
    category_id: optionalId,
    brand: jsonList(id).optional(),
    category: jsonList(id).optional(),
    price: jsonList(priceRange).optional(),
    product_type: z
      .string()
      .optional()
      .transform((v) => (v === undefined || v === '' || v === 'null' ? undefined : v))
      .refine((v) => v === undefined || productTypeOf(v) !== undefined, 'must be 2 (office), 1 (home), office or home'),
    sort: z.enum(PRODUCT_SORTS).optional(),
  })
  .transform((q): ProductFilter => {
    const search = q.search || q.q || undefined;
    const filter: ProductFilter = {
      brandIds: [...new Set([...(q.brand ?? []), ...(q.brand_id ? [q.brand_id] : [])])],
      categoryIds: [...new Set([...(q.category ?? []), ...(q.category_id ? [q.category_id] : [])])],
      // The API speaks AED; the filter speaks fils.
      priceRanges: (q.price ?? []).map((r) => ({ min: aedToFils(r.min), max: r.max == null ? null : aedToFils(r.max) })),
      sort: q.sort ?? defaultSort(search),
      page: q.page,
      limit: q.limit,
    };
    if (search) filter.search = search;
    const productType = productTypeOf(q.product_type ?? null);
    if (productType) filter.productType = productType;
    return filter;
  });

/** The store URL for a filter: what the filter form and the pager link to. */
export function storeHref(base: string, filter: Partial<ProductFilter> & { priceBucketIds?: string[] }): string {
  const params = new URLSearchParams();
  if (filter.search) params.set('q', filter.search);
  if (filter.productType) params.set('product-type', filter.productType);
  for (const c of filter.categoryIds ?? []) params.append('category', String(c));
  for (const b of filter.brandIds ?? []) params.append('brand', String(b));
  for (const p of filter.priceBucketIds ?? []) params.append('price', p);
  if (filter.sort && filter.sort !== defaultSort(filter.search)) params.set('sort', filter.sort);
  if (filter.page && filter.page > 1) params.set('page', String(filter.page));
  const query = params.toString();
  return query ? `${base}?${query}` : base;
}
