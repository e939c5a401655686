// Admin API: the home page's blocks (docs/decisions/0050-home-blocks.md). Any staff member; each
// section is saved whole with the version the staff member saw (409 when it changed since), and
// every save answers the whole editor's data again with the new versions.
import { z } from '@/domain/zod';
import { HOME_SLIDE_BLOCKS, homeBrandsInput, homeFeaturedInput, homeOfferInput, homeSlidesInput } from '@/domain/home-blocks';
import { PHOTO_UPLOAD_BODY_LIMIT, photoUploadBody } from './admin-catalog';
import { defineEndpoint } from './endpoint';
import { wireId } from './wire';

const homeSlideWire = z.strictObject({
  id: wireId,
  title: z.string(),
  text: z.string(),
  /** Null: an offer tile marked Coming Soon. */
  href: z.string().nullable(),
  /** What a save sends back: a drawn picture's path, or an uploaded picture's key. */
  image: z.string(),
  /** A picture to show in the editor (the drawn SVG, or the uploaded picture's 640 px JPEG). */
  preview: z.string(),
  hidden: z.boolean(),
});

export const adminHomeWire = z.strictObject({
  versions: z.strictObject({
    banner: z.number().int(),
    hero: z.number().int(),
    tiles: z.number().int(),
    featured: z.number().int(),
    brands: z.number().int(),
    offer: z.number().int(),
  }),
  banner: z.array(homeSlideWire),
  hero: z.array(homeSlideWire),
  tiles: z.array(homeSlideWire),
  featured: z.array(z.strictObject({ id: wireId, name: z.string(), sku: z.string(), thumbnail: z.string(), archived: z.boolean() })),
  /** Every brand, by name, to choose from. */
  brands: z.array(z.strictObject({ id: wireId, name: z.string(), logo: z.string() })),
  top_brand_ids: z.array(wireId),
  offer: z.strictObject({ title: z.string(), sub_title: z.string(), code: z.string(), active: z.boolean() }).nullable(),
});

export const homeImageWire = z.strictObject({
  /** What a slide's `image` names. */
  key: z.string(),
  width: z.number().int(),
  height: z.number().int(),
  widths: z.array(z.number().int()),
  preview: z.string(),
});

export const adminHomeApi = {
  home: defineEndpoint({
    method: 'GET',
    path: 'admin/home',
    summary: "The home page's blocks as staff edit them, with each section's version",
    auth: 'staff',
    answer: adminHomeWire,
  }),
  saveSlides: defineEndpoint({
    method: 'POST',
    path: 'admin/home/slides/:block',
    summary:
      'Save the banner, hero slider or offer tiles whole, in order (links inside the shop only; pictures drawn or uploaded here); 409 when the block changed since',
    auth: 'staff',
    params: { block: z.enum(HOME_SLIDE_BLOCKS) },
    body: homeSlidesInput,
    answer: adminHomeWire,
  }),
  saveFeatured: defineEndpoint({
    method: 'POST',
    path: 'admin/home/featured',
    summary: 'Save the featured products in order (the home page shows the first 5); 409 when they changed since',
    auth: 'staff',
    body: homeFeaturedInput,
    answer: adminHomeWire,
  }),
  saveBrands: defineEndpoint({
    method: 'POST',
    path: 'admin/home/brands',
    summary: "Save the top brands' strip in order; 409 when it changed since",
    auth: 'staff',
    body: homeBrandsInput,
    answer: adminHomeWire,
  }),
  saveOffer: defineEndpoint({
    method: 'POST',
    path: 'admin/home/offer',
    summary: 'Save the limited-time offer banner; its code must be an existing coupon, running while the banner is shown',
    auth: 'staff',
    body: homeOfferInput,
    answer: adminHomeWire,
  }),
  uploadImage: defineEndpoint({
    method: 'POST',
    path: 'admin/home/images',
    summary: 'Upload a picture for a slide (multipart `photo`, checked and resized as product photos are); a save then names its key',
    auth: 'staff',
    body: photoUploadBody,
    bodyLimit: PHOTO_UPLOAD_BODY_LIMIT,
    answer: homeImageWire,
  }),
};
