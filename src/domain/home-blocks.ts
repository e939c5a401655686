// What staff may write into the home page's blocks (docs/decisions/0050-home-blocks.md). Pure: the
// admin API's bodies, the service and /admin/home's island share it. The blocks are named as
// docs/product.md#home-page names them: the banner (the two ranges), the hero slider (the
// promotions), the offer tiles (a link or "Coming Soon"), featured products, top brands and the
// limited-time offer banner (the top offer with its code).
import { z } from './zod';
import { MAX_ID, idField, singleLine, wholeNumber } from './input';
import { COUPON_CODE_MAX } from './cart-rules';
import { adminHomeMessages as t } from './messages/admin-home';

/** The blocks whose items are slides: a title, a text, a link and a picture each. */
export const HOME_SLIDE_BLOCKS = ['banner', 'hero', 'tiles'] as const;
export type HomeSlideBlock = (typeof HOME_SLIDE_BLOCKS)[number];
/** The sections of /admin/home, each saved on its own against its own version. */
export const HOME_SECTIONS = [...HOME_SLIDE_BLOCKS, 'featured', 'brands', 'offer'] as const;
export type HomeSection = (typeof HOME_SECTIONS)[number];

/** Items a block may hold (hidden ones included). */
export const HOME_SLIDES_MAX: Record<HomeSlideBlock, number> = { banner: 4, hero: 8, tiles: 10 };
export const HOME_FEATURED_MAX = 20;
export const HOME_BRANDS_MAX = 30;
export const HOME_TITLE_MAX = 60;
export const HOME_TEXT_MAX = 160;
export const HOME_LINK_MAX = 300;
export const HOME_OFFER_TITLE_MAX = 60;
export const HOME_OFFER_SUBTITLE_MAX = 120;

/** A drawn picture of the shop's own (public/images/home/), as the seed's rows name them. */
export const HOME_DRAWN_IMAGE = /^\/images\/home\/[a-z0-9-]{1,60}\.svg$/;
/** An uploaded picture: its variants' common name (docs/decisions/0046-product-photos.md). */
export const HOME_PHOTO_KEY = /^[0-9a-f]{32}$/;

/**
 * A link inside the shop: a path from the shop's root (`/store?category=3`), never another site
 * (`https://…`, `//evil.example`, `/\evil.example`), a scheme (`javascript:`) or a relative path.
 */
export function isShopPath(link: string): boolean {
  if (!/^\/(?![/\\])/.test(link) || /[\s\\]/.test(link) || link.length > HOME_LINK_MAX) return false;
  try {
    const base = 'https://shop.invalid';
    return new URL(link, base).origin === base;
  } catch {
    return false;
  }
}

const title = singleLine(z.string().trim().min(1, t.titleRequired).max(HOME_TITLE_MAX, t.titleLength(HOME_TITLE_MAX)));
const text = singleLine(z.string().trim().max(HOME_TEXT_MAX, t.textLength(HOME_TEXT_MAX)));

export const homeSlideFields = z.object({
  /** The row edited; absent or null for a new slide. */
  id: idField().nullable().optional(),
  title,
  text,
  /** A path inside the shop; empty on an offer tile means "Coming Soon" (no link). */
  href: singleLine(z.string().trim().max(HOME_LINK_MAX, t.linkInShop)).refine((link) => link === '' || isShopPath(link), t.linkInShop),
  /** A drawn picture's path or an uploaded picture's key. */
  image: z
    .string()
    .trim()
    .min(1, t.imageRequired)
    .refine((image) => image === '' || HOME_DRAWN_IMAGE.test(image) || HOME_PHOTO_KEY.test(image), t.imageUnknown),
  hidden: z.boolean(),
});
export type HomeSlideFields = z.output<typeof homeSlideFields>;

/** A block's slides, in the shop's order, with the section's version the staff member saw. */
export const homeSlidesInput = z.object({
  version: wholeNumber(0, MAX_ID),
  items: z.array(homeSlideFields).max(Math.max(...Object.values(HOME_SLIDES_MAX)), t.tooMany(Math.max(...Object.values(HOME_SLIDES_MAX)))),
});
export type HomeSlidesInput = z.output<typeof homeSlidesInput>;

/** What the block itself requires of its slides (the body's schema does not know the block). */
export function slideProblems(block: HomeSlideBlock, items: readonly HomeSlideFields[]): Record<string, string> {
  const problems: Record<string, string> = {};
  if (items.length > HOME_SLIDES_MAX[block]) problems.items = t.tooMany(HOME_SLIDES_MAX[block]);
  if (block !== 'tiles' && items.length > 0 && items.every((item) => item.hidden)) problems.items = t.oneShown;
  items.forEach((item, i) => {
    if (block !== 'tiles' && item.href === '') problems[`items.${i}.href`] = t.linkRequired;
  });
  const ids = items.flatMap((item) => (item.id ? [item.id] : []));
  if (new Set(ids).size !== ids.length) problems.items = t.twice;
  return problems;
}

const uniqueIds = (max: number) =>
  z
    .array(idField())
    .max(max, t.tooMany(max))
    .refine((ids) => new Set(ids).size === ids.length, t.twice);

export const homeFeaturedInput = z.object({ version: wholeNumber(0, MAX_ID), product_ids: uniqueIds(HOME_FEATURED_MAX) });
export type HomeFeaturedInput = z.output<typeof homeFeaturedInput>;

export const homeBrandsInput = z.object({ version: wholeNumber(0, MAX_ID), brand_ids: uniqueIds(HOME_BRANDS_MAX) });
export type HomeBrandsInput = z.output<typeof homeBrandsInput>;

export const homeOfferFields = z.object({
  title: singleLine(z.string().trim().min(1, t.titleRequired).max(HOME_OFFER_TITLE_MAX, t.titleLength(HOME_OFFER_TITLE_MAX))),
  sub_title: singleLine(z.string().trim().min(1, t.subtitleRequired).max(HOME_OFFER_SUBTITLE_MAX, t.textLength(HOME_OFFER_SUBTITLE_MAX))),
  code: singleLine(
    z
      .string()
      .trim()
      .min(3, t.codeFormat)
      .max(COUPON_CODE_MAX, t.codeFormat)
      .regex(/^[A-Za-z0-9][A-Za-z0-9-]*$/, t.codeFormat)
      .transform((code) => code.toUpperCase()),
  ),
  active: z.boolean(),
});
export type HomeOfferFields = z.output<typeof homeOfferFields>;

export const homeOfferInput = homeOfferFields.extend({ version: wholeNumber(0, MAX_ID) });
export type HomeOfferInput = z.output<typeof homeOfferInput>;
