// The home page's blocks as staff edit them (docs/decisions/0050-home-blocks.md): the banner's
// slides, the hero slider's promotions, the offer tiles, featured products, top brands and the
// limited-time offer. Each section is saved whole (its items in order) against the version the
// staff member saw (409 when someone saved it since), audited in the same transaction, and
// touches the `home` tag so the cached home page and its API answers change at once on every
// instance once it commits (docs/decisions/0037-route-cache.md#invalidation). Pictures go through
// the product-photo pipeline (docs/decisions/0046-product-photos.md) into the same photo store.
import { and, asc, desc, eq, inArray, isNull, sql } from 'drizzle-orm';
import type { Db } from '@/server/db/client';
import { brands, featuredProducts, products, topBrands, topOffers } from '@/server/db/schema/catalog';
import { coupons } from '@/server/db/schema/shopping';
import { homeImages, homeSections, homeSlides } from '@/server/db/schema/home';
import { ConflictError, ValidationError, type FieldErrors } from '@/server/errors';
import { recordAudit } from '@/server/audit/audit.service';
import type { StaffMember } from '@/server/staff/staff.service';
import { catalogTransaction, touch } from '@/server/cache/invalidate';
import { cacheTags } from '@/server/cache/tags';
import type { PhotoStore } from '@/server/uploads/photo-store';
import { processPhoto } from '@/server/uploads/product-photo';
import { couponForEdit } from '@/server/admin-coupons/coupon-admin.service';
import {
  HOME_PHOTO_KEY,
  HOME_SECTIONS,
  slideProblems,
  type HomeOfferFields,
  type HomeSection,
  type HomeSlideBlock,
  type HomeSlideFields,
} from '@/domain/home-blocks';
import { photoLargestJpeg, storedPhotoOf, type StoredPhoto } from '@/domain/product-photos';
import { adminHomeMessages as t } from '@/domain/messages/admin-home';

/** A slide as staff see it: hidden ones too, the picture as drawn path or uploaded photo. */
export interface StaffSlide {
  id: number;
  title: string;
  text: string;
  href: string | null;
  imageLink: string;
  photoKey: string | null;
  photo: StoredPhoto | null;
  hidden: boolean;
}

export interface StaffFeatured {
  id: number;
  name: string;
  sku: string;
  thumbnail: string;
  archived: boolean;
}

export interface StaffHome {
  versions: Record<HomeSection, number>;
  slides: Record<HomeSlideBlock, StaffSlide[]>;
  featured: StaffFeatured[];
  brands: { id: number; name: string; logo: string }[];
  topBrandIds: number[];
  offer: { title: string; subTitle: string; code: string; active: boolean } | null;
}

const refuse = (fields: Record<string, string>): never => {
  const errors: FieldErrors = {};
  for (const [field, message] of Object.entries(fields)) errors[field] = [message];
  throw new ValidationError(Object.values(fields)[0]!, errors);
};

async function slidesOf(db: Db): Promise<Record<HomeSlideBlock, StaffSlide[]>> {
  const rows = await db
    .select({ slide: homeSlides, image: homeImages })
    .from(homeSlides)
    .leftJoin(homeImages, eq(homeImages.key, homeSlides.photoKey))
    .orderBy(asc(homeSlides.position), asc(homeSlides.id));
  const blocks: Record<HomeSlideBlock, StaffSlide[]> = { banner: [], hero: [], tiles: [] };
  for (const { slide, image } of rows)
    blocks[slide.block as HomeSlideBlock]?.push({
      id: slide.id,
      title: slide.title,
      text: slide.text,
      href: slide.href,
      imageLink: slide.imageLink,
      photoKey: slide.photoKey,
      photo: image ? storedPhotoOf({ photoKey: image.key, width: image.width, height: image.height, widths: image.widths }) : null,
      hidden: slide.hidden,
    });
  return blocks;
}

/** Everything /admin/home shows, with each section's version. */
export async function homeForEdit(db: Db): Promise<StaffHome> {
  const [sections, slides, featured, allBrands, top, [offer]] = await Promise.all([
    db.select().from(homeSections),
    slidesOf(db),
    db
      .select({
        id: products.id,
        name: products.name,
        sku: products.sku,
        thumbnail: products.thumbnailImgLink,
        archivedAt: products.archivedAt,
      })
      .from(featuredProducts)
      .innerJoin(products, eq(products.id, featuredProducts.productId))
      .orderBy(asc(featuredProducts.position), asc(featuredProducts.id)),
    db.select({ id: brands.id, name: brands.name, logo: brands.logo }).from(brands).orderBy(asc(brands.name)),
    db.select({ brandId: topBrands.brandId }).from(topBrands).orderBy(asc(topBrands.position), asc(topBrands.id)),
    db.select().from(topOffers).orderBy(desc(topOffers.id)).limit(1),
  ]);
  const versions = Object.fromEntries(HOME_SECTIONS.map((s) => [s, 0])) as Record<HomeSection, number>;
  for (const row of sections) if (row.section in versions) versions[row.section as HomeSection] = row.version;
  return {
    versions,
    slides,
    featured: featured.map(({ archivedAt, ...p }) => ({ ...p, archived: archivedAt !== null })),
    brands: allBrands,
    topBrandIds: top.map((r) => r.brandId),
    offer: offer ? { title: offer.title, subTitle: offer.subTitle, code: offer.code, active: offer.active } : null,
  };
}

/** Locks the section's version row and raises it; refuses a save against an older version. */
async function claimSection(tx: Db, section: HomeSection, version: number, now: Date): Promise<void> {
  await tx.insert(homeSections).values({ section }).onConflictDoNothing();
  const [row] = await tx.select().from(homeSections).where(eq(homeSections.section, section)).for('update');
  if (!row || row.version !== version) throw new ConflictError(t.staleVersion);
  await tx
    .update(homeSections)
    .set({ version: sql`${homeSections.version} + 1`, updatedAt: now })
    .where(eq(homeSections.section, section));
}

const auditSlides = (rows: { id: number; title: string; href: string | null; imageLink: string; hidden: boolean }[]) =>
  rows.map((r) => ({ id: r.id, title: r.title, href: r.href, image: r.imageLink, hidden: r.hidden }));

/**
 * Saves a block's slides as sent, in that order: a slide with an id is changed, one without is
 * added, one no longer sent is removed. A picture is a drawn path of the shop's or the key of a
 * picture uploaded here (home_images); anything else is refused.
 */
export async function saveSlides(
  db: Db,
  staff: StaffMember,
  block: HomeSlideBlock,
  version: number,
  items: HomeSlideFields[],
  now = new Date(),
): Promise<StaffHome> {
  const problems = slideProblems(block, items);
  if (Object.keys(problems).length > 0) refuse(problems);
  await catalogTransaction(db, async (tx) => {
    await claimSection(tx, block, version, now);
    const before = await tx
      .select()
      .from(homeSlides)
      .where(eq(homeSlides.block, block))
      .orderBy(asc(homeSlides.position), asc(homeSlides.id));
    const known = new Set(before.map((r) => r.id));
    if (items.some((item) => item.id && !known.has(item.id))) throw new ConflictError(t.slideNotFound);
    const keys = [...new Set(items.flatMap((item) => (HOME_PHOTO_KEY.test(item.image) ? [item.image] : [])))];
    const uploaded = keys.length > 0 ? await tx.select().from(homeImages).where(inArray(homeImages.key, keys)) : [];
    const photos = new Map(uploaded.map((row) => [row.key, row]));
    const missing: Record<string, string> = {};
    items.forEach((item, i) => {
      if (HOME_PHOTO_KEY.test(item.image) && !photos.has(item.image)) missing[`items.${i}.image`] = t.imageNotUploaded;
    });
    if (Object.keys(missing).length > 0) refuse(missing);

    const kept = new Set(items.flatMap((item) => (item.id ? [item.id] : [])));
    const gone = before.filter((r) => !kept.has(r.id)).map((r) => r.id);
    if (gone.length > 0) await tx.delete(homeSlides).where(inArray(homeSlides.id, gone));
    for (const [position, item] of items.entries()) {
      const photo = photos.get(item.image);
      const columns = {
        block,
        position,
        title: item.title,
        text: item.text,
        href: item.href === '' ? null : item.href,
        imageLink: photo ? photoLargestJpeg(storedPhotoOf({ ...photo, photoKey: photo.key })!) : item.image,
        photoKey: photo ? photo.key : null,
        hidden: item.hidden,
      };
      if (item.id) await tx.update(homeSlides).set(columns).where(eq(homeSlides.id, item.id));
      else await tx.insert(homeSlides).values(columns);
    }
    const after = await tx
      .select()
      .from(homeSlides)
      .where(eq(homeSlides.block, block))
      .orderBy(asc(homeSlides.position), asc(homeSlides.id));
    await recordAudit(
      tx,
      staff,
      { action: `home.${block}.save`, entityType: 'home', entityId: block, before: auditSlides(before), after: auditSlides(after) },
      now,
    );
    touch(tx, [cacheTags.home]);
  });
  return homeForEdit(db);
}

/** The featured products in the order given; archived or unknown products are refused. */
export async function saveFeatured(db: Db, staff: StaffMember, version: number, ids: number[], now = new Date()): Promise<StaffHome> {
  await catalogTransaction(db, async (tx) => {
    await claimSection(tx, 'featured', version, now);
    if (ids.length > 0) {
      const found = await tx
        .select({ id: products.id })
        .from(products)
        .where(and(inArray(products.id, ids), isNull(products.archivedAt)));
      if (found.length !== ids.length) refuse({ product_ids: t.productUnknown });
    }
    const before = await tx
      .select({ id: featuredProducts.productId })
      .from(featuredProducts)
      .orderBy(asc(featuredProducts.position), asc(featuredProducts.id));
    await tx.delete(featuredProducts);
    if (ids.length > 0) await tx.insert(featuredProducts).values(ids.map((productId, i) => ({ productId, position: i + 1 })));
    await recordAudit(
      tx,
      staff,
      { action: 'home.featured.save', entityType: 'home', entityId: 'featured', before: before.map((r) => r.id), after: ids },
      now,
    );
    // The top sellers stand in featured products while nothing sold, in this order (docs/decisions/0019-catalog.md).
    touch(tx, [cacheTags.home, cacheTags.topSellers, cacheTags.lists]);
  });
  return homeForEdit(db);
}

/** The top brands' strip in the order given. */
export async function saveBrands(db: Db, staff: StaffMember, version: number, ids: number[], now = new Date()): Promise<StaffHome> {
  await catalogTransaction(db, async (tx) => {
    await claimSection(tx, 'brands', version, now);
    if (ids.length > 0) {
      const found = await tx.select({ id: brands.id }).from(brands).where(inArray(brands.id, ids));
      if (found.length !== ids.length) refuse({ brand_ids: t.brandUnknown });
    }
    const before = await tx.select({ id: topBrands.brandId }).from(topBrands).orderBy(asc(topBrands.position), asc(topBrands.id));
    await tx.delete(topBrands);
    if (ids.length > 0) await tx.insert(topBrands).values(ids.map((brandId, i) => ({ brandId, position: i + 1 })));
    await recordAudit(
      tx,
      staff,
      { action: 'home.brands.save', entityType: 'home', entityId: 'brands', before: before.map((r) => r.id), after: ids },
      now,
    );
    touch(tx, [cacheTags.home]);
  });
  return homeForEdit(db);
}

/**
 * The limited-time offer banner. Its code must be an existing coupon's, and while the banner is
 * shown that coupon must be running: the banner would otherwise promise a code the cart refuses
 * (docs/decisions/0050-home-blocks.md#decision).
 */
export async function saveOffer(db: Db, staff: StaffMember, version: number, input: HomeOfferFields, now = new Date()): Promise<StaffHome> {
  await catalogTransaction(db, async (tx) => {
    await claimSection(tx, 'offer', version, now);
    const [coupon] = await tx
      .select({ id: coupons.id })
      .from(coupons)
      .where(sql`upper(${coupons.code}) = ${input.code}`);
    if (!coupon) return refuse({ code: t.codeUnknown(input.code) });
    if (input.active && (await couponForEdit(tx, coupon.id, now)).state !== 'running') refuse({ code: t.codeNotRunning(input.code) });
    const [before] = await tx.select().from(topOffers).orderBy(desc(topOffers.id)).limit(1).for('update');
    const columns = { title: input.title, subTitle: input.sub_title, code: input.code, active: input.active };
    if (before) await tx.update(topOffers).set(columns).where(eq(topOffers.id, before.id));
    else await tx.insert(topOffers).values(columns);
    await recordAudit(
      tx,
      staff,
      { action: 'home.offer.save', entityType: 'home', entityId: 'offer', before: before ?? null, after: columns },
      now,
    );
    touch(tx, [cacheTags.home]);
  });
  return homeForEdit(db);
}

/**
 * Checks an upload with the product-photo pipeline and keeps it for the home page's slides: the
 * variants are written first (named by the upload's hash, shared with a product photo of the same
 * bytes), then the row a slide refers to. Nothing in the shop changes until a block is saved.
 */
export async function uploadHomeImage(
  db: Db,
  store: PhotoStore,
  staff: StaffMember,
  bytes: Uint8Array,
  now = new Date(),
): Promise<StoredPhoto> {
  const { files, ...photo } = await processPhoto(bytes);
  for (const file of files) await store.put(file.name, file.bytes, file.contentType);
  await db.transaction(async (tx) => {
    await tx
      .insert(homeImages)
      .values({ key: photo.key, width: photo.width, height: photo.height, widths: photo.widths, createdAt: now })
      .onConflictDoNothing();
    await recordAudit(
      tx,
      staff,
      { action: 'home.image.upload', entityType: 'home', entityId: photo.key, after: { width: photo.width, height: photo.height } },
      now,
    );
  });
  return photo;
}
