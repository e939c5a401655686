// What staff may write into categories, brands and SEO texts (docs/decisions/0049-categories-brands-seo.md).
// Pure: the API's bodies, the services and the back office's forms share it. A picture is either
// one of the shop's drawn SVGs (listed here, so nothing else under /images can be named) or an
// upload checked and re-encoded by the server (a variant of the photo store, by its content hash).
import { z } from './zod';
import { MAX_ID, idField, singleLine, wholeNumber } from './input';
import { PHOTO_URL_PREFIX, photoUrl, type StoredPhoto } from './product-photos';
import { adminTaxonomyMessages as t } from './messages/admin-taxonomy';

export const TAXONOMY_NAME_MAX = 120;
export const CATEGORY_ORDER_MAX = 100_000;
/** An uploaded icon or logo must be at least this wide and high (a product photo needs PHOTO_MIN_SIDE). */
export const TAXONOMY_PICTURE_MIN_SIDE = 100;
/** The banner is shown at most about this wide: the variant chosen for it. */
export const TAXONOMY_BANNER_WIDTH = 1024;

const SOLD_CATEGORY_ICONS = ['1', '3', '10', '11', '12', '13', '14', '15', '16', '17', '19'];
/** The drawn category icons staff may pick (public/images/categories). */
export const DRAWN_CATEGORY_ICONS: readonly string[] = [
  ...SOLD_CATEGORY_ICONS.map((id) => `/images/categories/${id}.svg`),
  '/images/categories/coming-interactive-displays.svg',
  '/images/categories/coming-furniture.svg',
  '/images/categories/coming-security.svg',
];
/** The drawn category banners. */
export const DRAWN_CATEGORY_BANNERS: readonly string[] = SOLD_CATEGORY_ICONS.map((id) => `/images/categories/banner-${id}.svg`);
/** The drawn brand logos (public/images/brands). */
export const DRAWN_BRAND_LOGOS: readonly string[] = [
  'archiva',
  'brightboard',
  'counton',
  'falconlock',
  'guardian-forge',
  'ironclad',
  'papertrail',
  'shelfwise',
  'steelnest',
  'vaultline',
].map((slug) => `/images/brands/${slug}.svg`);

/** A variant the server wrote for an upload: `/uploads/products/<hash>-<width>.webp`. */
const UPLOADED_PICTURE = new RegExp(`^${PHOTO_URL_PREFIX.replace(/\//g, '\\/')}[0-9a-f]{32}-\\d{2,4}\\.(?:webp|jpg)$`);

export function isUploadedPicture(url: string): boolean {
  return UPLOADED_PICTURE.test(url);
}

/** The addresses an upload is kept under: the smallest WebP for an icon or logo, one about TAXONOMY_BANNER_WIDTH wide for a banner. */
export function taxonomyPictureUrls(photo: StoredPhoto): { small: string; large: string } {
  const fitting = photo.widths.filter((w) => w <= TAXONOMY_BANNER_WIDTH);
  const large = fitting.length > 0 ? Math.max(...fitting) : Math.min(...photo.widths);
  return { small: photoUrl(photo.key, Math.min(...photo.widths), 'webp'), large: photoUrl(photo.key, large, 'webp') };
}

const picture = (drawn: readonly string[], required: boolean) =>
  z
    .string({ error: t.pictureRequired })
    .trim()
    .max(200, t.pictureInvalid)
    .refine((url) => url !== '' || !required, t.pictureRequired)
    .refine((url) => url === '' || drawn.includes(url) || isUploadedPicture(url), t.pictureInvalid);

const name = singleLine(
  z
    .string({ error: t.nameLength(TAXONOMY_NAME_MAX) })
    .trim()
    .min(1, t.nameLength(TAXONOMY_NAME_MAX))
    .max(TAXONOMY_NAME_MAX, t.nameLength(TAXONOMY_NAME_MAX)),
);

const categoryFields = z.object({
  name,
  icon: picture(DRAWN_CATEGORY_ICONS, true),
  /** Empty: no banner of its own. */
  image: picture(DRAWN_CATEGORY_BANNERS, false).default(''),
  coming_soon: z.boolean().default(false),
  sort_order: wholeNumber(0, CATEGORY_ORDER_MAX, {
    number: t.orderFormat,
    whole: t.orderFormat,
    min: t.orderFormat,
    max: t.orderFormat,
  }),
});

const categoryColumns = (body: z.output<typeof categoryFields>) => ({
  name: body.name,
  icon: body.icon,
  image: body.image === '' ? null : body.image,
  comingSoon: body.coming_soon,
  sortOrder: body.sort_order,
});

export const categoryInput = categoryFields.transform(categoryColumns);
export type CategoryInput = z.output<typeof categoryInput>;

export const categoryUpdateInput = categoryFields
  .extend({ version: wholeNumber(0, MAX_ID) })
  .transform((body) => ({ ...categoryColumns(body), version: body.version }));

/** Every category, each once, in the order staff want them. */
export const categoryOrderInput = z.object({ category_ids: z.array(idField()).min(1).max(500) });

const brandFields = z.object({ name, logo: picture(DRAWN_BRAND_LOGOS, true) });
export const brandInput = brandFields;
export type BrandInput = z.output<typeof brandInput>;
export const brandUpdateInput = brandFields.extend({ version: wholeNumber(0, MAX_ID) });

export const SEO_PAGE_KEYS = ['home', 'office_buddy', 'home_buddy'] as const;
export type SeoPageKey = (typeof SEO_PAGE_KEYS)[number];
/** What search results show of each (the form's hints); the limits are what the field takes. */
export const SEO_TITLE_SHOWN = 60;
export const SEO_DESCRIPTION_SHOWN = 160;
export const SEO_TITLE_MAX = 200;
export const SEO_DESCRIPTION_MAX = 500;
export const SEO_KEYWORDS_MAX = 1000;

export const seoInput = z.object({
  title: singleLine(
    z
      .string({ error: t.titleLength(SEO_TITLE_MAX) })
      .trim()
      .min(1, t.titleLength(SEO_TITLE_MAX))
      .max(SEO_TITLE_MAX, t.titleLength(SEO_TITLE_MAX)),
  ),
  description: singleLine(
    z
      .string({ error: t.descriptionLength(SEO_DESCRIPTION_MAX) })
      .trim()
      .min(1, t.descriptionLength(SEO_DESCRIPTION_MAX))
      .max(SEO_DESCRIPTION_MAX, t.descriptionLength(SEO_DESCRIPTION_MAX)),
  ),
  keywords: singleLine(z.string().trim().max(SEO_KEYWORDS_MAX, t.keywordsLength(SEO_KEYWORDS_MAX))).default(''),
});
export type SeoInput = z.output<typeof seoInput>;
export const seoUpdateInput = seoInput.extend({ version: wholeNumber(0, MAX_ID) });
