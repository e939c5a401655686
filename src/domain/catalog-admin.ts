// What staff may write into a product, and the rules of the catalog's back office
// (docs/decisions/0045-catalog-editing.md). Pure: the API's bodies and the service share it.
import { z } from './zod';
import { idField, singleLine, wholeNumber } from './input';
import { PRODUCT_TYPES } from './constants';
import { aedToFils, formatAmount, fils, type Fils } from './money';
import { adminCatalogMessages as t } from './messages/admin-catalog';

/** The dearest price staff may set (a vault door is about AED 150,000). */
export const PRODUCT_MAX_PRICE: Fils = fils(10_000_000_00);
export const PRODUCT_MAX_STOCK = 1_000_000;
export const PRODUCT_MAX_CATEGORIES = 10;
/** Rich text (description, specifications) as staff may send it, before sanitising. */
export const PRODUCT_HTML_MAX = 50_000;

/** Where a product's stock changed outside an order, as staff record it. */
export const STOCK_REASONS = ['received', 'counted', 'damaged', 'returned', 'other'] as const;
export type StockReason = (typeof STOCK_REASONS)[number];
/** What a stock history line may say: staff's reasons, and a CSV import's (docs/decisions/0048-product-csv.md). */
export const STOCK_HISTORY_REASONS = [...STOCK_REASONS, 'import'] as const;
export type StockHistoryReason = (typeof STOCK_HISTORY_REASONS)[number];

/** Where a product stands: in the shop, out of it until published, or retired. */
export const PRODUCT_STATUSES = ['live', 'draft', 'archived'] as const;
export type ProductStatus = (typeof PRODUCT_STATUSES)[number];

export function productStatusOf(product: { published: boolean; archivedAt: Date | null }): ProductStatus {
  if (product.archivedAt) return 'archived';
  return product.published ? 'live' : 'draft';
}

/** The staff list's orders and stock filter. */
export const ADMIN_PRODUCT_SORTS = ['updated', 'newest', 'name', 'price', 'stock'] as const;
export type AdminProductSort = (typeof ADMIN_PRODUCT_SORTS)[number];
export const STOCK_LEVELS = ['out', 'low', 'in'] as const;
export type StockLevel = (typeof STOCK_LEVELS)[number];

/** Letters, digits and the separators model codes use; the first a letter or digit. */
const SKU_PATTERN = /^[A-Za-z0-9][A-Za-z0-9._/-]*$/;
/** An amount in AED as a form sends it: digits with up to two decimals. */
const AED_PATTERN = /^\d{1,9}(\.\d{1,2})?$/;

/** AED as typed ('1299.50') or as a JSON number, to fils; anything else is refused with its message. */
export function aedInput(messages: { required: string; format: string }) {
  return z.preprocess(
    (value) => (typeof value === 'number' && Number.isFinite(value) ? String(value) : typeof value === 'string' ? value.trim() : value),
    z
      .string({ error: messages.required })
      .min(1, messages.required)
      .regex(AED_PATTERN, messages.format)
      .transform((text) => aedToFils(Number(text))),
  );
}

const optionalText = (max: number) =>
  singleLine(z.string().trim().max(max))
    .optional()
    .transform((text) => (text ? text : null));

const httpsLink = z
  .string()
  .trim()
  .max(500)
  .refine((text) => text === '' || (URL.canParse(text) && new URL(text).protocol === 'https:'), t.videoLink)
  .optional()
  .transform((text) => (text ? text : null));

const productColor = z
  .object({
    group: singleLine(z.string().trim().max(64)),
    name: singleLine(z.string().trim().max(40)),
    hex: z
      .string()
      .trim()
      .regex(/^#[0-9a-fA-F]{6}$/, t.colorHex),
  })
  .refine((color) => color.group !== '' && color.name !== '', t.colorIncomplete)
  .transform((color) => ({ ...color, hex: color.hex.toLowerCase() }));

/** Every field of a product staff edit (photos and the catalogue PDF have their own uploads). */
export const productInput = z.object({
  name: singleLine(z.string().trim().min(1, t.nameRequired).max(200)),
  sku: z.string().trim().min(1, t.skuRequired).max(64).regex(SKU_PATTERN, t.skuFormat),
  price: aedInput({ required: t.priceRequired, format: t.priceFormat }).refine(
    (price) => price > 0 && price <= PRODUCT_MAX_PRICE,
    t.priceRange(formatAmount(PRODUCT_MAX_PRICE)),
  ),
  /** Percent off the price. */
  discount: wholeNumber(0, 99).default(0),
  weight_kg: z.preprocess(
    (value) => (typeof value === 'string' ? value.trim() : typeof value === 'number' ? String(value) : value),
    z
      .string()
      .regex(/^\d{1,5}(\.\d{1,2})?$/, t.weightFormat)
      .transform(Number),
  ),
  product_type: z.enum(PRODUCT_TYPES),
  category_ids: z
    .array(idField())
    .min(1, t.categoriesRequired)
    .max(PRODUCT_MAX_CATEGORIES, t.tooManyCategories(PRODUCT_MAX_CATEGORIES))
    .transform((ids) => [...new Set(ids)].sort((a, b) => a - b)),
  brand_id: idField().nullable().default(null),
  /** Rich text: sanitised by the server before it is stored, exactly as it is on render. */
  description: z.string().max(PRODUCT_HTML_MAX).default(''),
  specifications: z.string().max(PRODUCT_HTML_MAX).default(''),
  video_link: httpsLink,
  color: productColor.nullable().default(null),
  meta_title: optionalText(200),
  meta_description: optionalText(500),
  meta_keywords: optionalText(500),
  published: z.boolean().default(false),
});
export type ProductInput = z.output<typeof productInput>;

/** A new product also says how many are in stock. */
export const newProductInput = productInput.extend({ quantity: wholeNumber(0, PRODUCT_MAX_STOCK).default(0) });
export type NewProductInput = z.output<typeof newProductInput>;

export const stockAdjustmentInput = z
  .object({
    /** Units added (positive) or taken away (negative). */
    delta: wholeNumber(-PRODUCT_MAX_STOCK, PRODUCT_MAX_STOCK).refine((delta) => delta !== 0, t.deltaZero),
    reason: z.enum(STOCK_REASONS, { error: t.reasonRequired }),
    note: singleLine(z.string().trim().max(300)).default(''),
  })
  .refine((body) => body.reason !== 'other' || body.note !== '', { message: t.noteRequired, path: ['note'] });
export type StockAdjustmentInput = z.output<typeof stockAdjustmentInput>;
