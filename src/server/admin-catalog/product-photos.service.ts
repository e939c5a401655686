// A product's photos by staff (docs/decisions/0046-product-photos.md): upload, reorder, choose the
// thumbnail, delete. The first photo (position 0) is the thumbnail: the product's card picture
// (thumbnail_img_link) and its link-preview JPEG (meta_img) follow it in the same transaction.
// Each change is audited and touches the product's tag after the commit, which drops every cached
// page and answer showing its card (docs/decisions/0037-route-cache.md#invalidation).
import { and, asc, eq, sql } from 'drizzle-orm';
import type { Db } from '@/server/db/client';
import { brands, categories, productImages, products } from '@/server/db/schema/catalog';
import { homeImages } from '@/server/db/schema/home';
import { ConflictError, NotFoundError, ValidationError } from '@/server/errors';
import { recordAudit } from '@/server/audit/audit.service';
import type { StaffMember } from '@/server/staff/staff.service';
import { catalogTransaction, touch } from '@/server/cache/invalidate';
import { cacheTags } from '@/server/cache/tags';
import { log } from '@/server/log';
import { PLACEHOLDER_THUMBNAIL } from '@/server/admin-catalog/product-admin.service';
import type { PhotoStore } from '@/server/uploads/photo-store';
import { processPhoto } from '@/server/uploads/product-photo';
import {
  PHOTO_CARD_WIDTH,
  PHOTO_FORMATS,
  PHOTO_MAX_PER_PRODUCT,
  PHOTO_SHARE_WIDTH,
  PHOTO_URL_PREFIX,
  photoFileName,
  photoJpeg,
  photoLargestJpeg,
  storedPhotoOf,
  type StoredPhoto,
} from '@/domain/product-photos';
import { adminCatalogMessages as t } from '@/domain/messages/admin-catalog';

type ImageRow = typeof productImages.$inferSelect;

/** One picture of a product, in the shop's order: an uploaded photo, or a drawn SVG of the seed (photo null). */
export interface ProductPhoto {
  id: number;
  position: number;
  imageLink: string;
  photo: StoredPhoto | null;
}

const toPhoto = (row: ImageRow): ProductPhoto => ({
  id: row.id,
  position: row.position,
  imageLink: row.imageLink,
  photo: storedPhotoOf(row),
});

async function rowsOf(db: Db, productId: number): Promise<ImageRow[]> {
  return db
    .select()
    .from(productImages)
    .where(eq(productImages.productId, productId))
    .orderBy(asc(productImages.position), asc(productImages.id));
}

export async function listPhotos(db: Db, productId: number): Promise<ProductPhoto[]> {
  const [product] = await db.select({ id: products.id }).from(products).where(eq(products.id, productId));
  if (!product) throw new NotFoundError(t.productNotFound);
  return (await rowsOf(db, productId)).map(toPhoto);
}

/** Locks the product (one photo change at a time per product) and refuses an archived one. */
async function lockEditable(tx: Db, productId: number) {
  const [product] = await tx
    .select({ id: products.id, archivedAt: products.archivedAt, thumbnail: products.thumbnailImgLink })
    .from(products)
    .where(eq(products.id, productId))
    .for('update');
  if (!product) throw new NotFoundError(t.productNotFound);
  if (product.archivedAt) throw new ConflictError(t.photoArchived);
  return product;
}

/** Positions 0..n-1 in the given order, and the product's card picture and preview image from the first. */
async function settle(tx: Db, productId: number, ordered: ImageRow[], now: Date): Promise<void> {
  for (const [position, row] of ordered.entries())
    if (row.position !== position) await tx.update(productImages).set({ position }).where(eq(productImages.id, row.id));
  const first = ordered[0];
  const photo = first ? storedPhotoOf(first) : null;
  const thumbnail = photo ? photoJpeg(photo, PHOTO_CARD_WIDTH) : (first?.imageLink ?? PLACEHOLDER_THUMBNAIL);
  const share = photo ? photoJpeg(photo, PHOTO_SHARE_WIDTH) : thumbnail;
  await tx.update(products).set({ thumbnailImgLink: thumbnail, metaImg: share, updatedAt: now }).where(eq(products.id, productId));
}

/** What the audit log keeps of the photos: their order, by id and what each shows. */
const auditList = (rows: ImageRow[]) => rows.map((r) => ({ id: r.id, image: r.photoKey ?? r.imageLink }));

/**
 * Checks and stores an upload as the product's last photo (its first when it has none, which
 * makes it the thumbnail). The files are written before the row: a failed transaction leaves
 * files no row names (their names are the upload's hash, so uploading it again reuses them).
 */
export async function uploadPhoto(
  db: Db,
  store: PhotoStore,
  staff: StaffMember,
  productId: number,
  bytes: Uint8Array,
  now = new Date(),
): Promise<ProductPhoto[]> {
  const [product] = await db.select({ archivedAt: products.archivedAt }).from(products).where(eq(products.id, productId));
  if (!product) throw new NotFoundError(t.productNotFound);
  if (product.archivedAt) throw new ConflictError(t.photoArchived);
  const processed = await processPhoto(bytes);
  for (const file of processed.files) await store.put(file.name, file.bytes, file.contentType);
  const { files: _files, ...photo } = processed;
  await catalogTransaction(db, async (tx) => {
    await lockEditable(tx, productId);
    const rows = await rowsOf(tx, productId);
    if (rows.length >= PHOTO_MAX_PER_PRODUCT)
      throw new ValidationError(t.photoLimit(PHOTO_MAX_PER_PRODUCT), { photo: [t.photoLimit(PHOTO_MAX_PER_PRODUCT)] });
    const [added] = await tx
      .insert(productImages)
      .values({
        productId,
        imageLink: photoLargestJpeg(photo),
        position: rows.length,
        photoKey: photo.key,
        width: photo.width,
        height: photo.height,
        widths: photo.widths,
      })
      .returning();
    await settle(tx, productId, [...rows, added!], now);
    await recordAudit(
      tx,
      staff,
      {
        action: 'product.photo.add',
        entityType: 'product',
        entityId: productId,
        after: { id: added!.id, image: photo.key, width: photo.width, height: photo.height, position: rows.length },
      },
      now,
    );
    touch(tx, [cacheTags.product(productId)]);
  });
  return listPhotos(db, productId);
}

/** Puts the photos in the order given: every photo of the product, each once. */
export async function reorderPhotos(
  db: Db,
  staff: StaffMember,
  productId: number,
  ids: number[],
  now = new Date(),
): Promise<ProductPhoto[]> {
  await catalogTransaction(db, async (tx) => {
    await lockEditable(tx, productId);
    const rows = await rowsOf(tx, productId);
    const byId = new Map(rows.map((r) => [r.id, r]));
    if (ids.length !== rows.length || new Set(ids).size !== ids.length || ids.some((id) => !byId.has(id)))
      throw new ConflictError(t.photoOrder);
    const ordered = ids.map((id) => byId.get(id)!);
    await settle(tx, productId, ordered, now);
    await recordAudit(
      tx,
      staff,
      { action: 'product.photo.reorder', entityType: 'product', entityId: productId, before: auditList(rows), after: auditList(ordered) },
      now,
    );
    touch(tx, [cacheTags.product(productId)]);
  });
  return listPhotos(db, productId);
}

/** Makes a photo the thumbnail: it moves first, the others keep their order. */
export async function chooseThumbnail(
  db: Db,
  staff: StaffMember,
  productId: number,
  photoId: number,
  now = new Date(),
): Promise<ProductPhoto[]> {
  await catalogTransaction(db, async (tx) => {
    const product = await lockEditable(tx, productId);
    const rows = await rowsOf(tx, productId);
    const chosen = rows.find((r) => r.id === photoId);
    if (!chosen) throw new NotFoundError(t.photoNotFound);
    await settle(tx, productId, [chosen, ...rows.filter((r) => r.id !== photoId)], now);
    await recordAudit(
      tx,
      staff,
      {
        action: 'product.photo.thumbnail',
        entityType: 'product',
        entityId: productId,
        before: { thumbnail: product.thumbnail },
        after: { id: chosen.id, image: chosen.photoKey ?? chosen.imageLink },
      },
      now,
    );
    touch(tx, [cacheTags.product(productId)]);
  });
  return listPhotos(db, productId);
}

/**
 * Whether anything still shows an upload's files: another product's photo (a duplicate shares its
 * source's, and the same upload on two products has one name), a home page picture
 * (docs/decisions/0050-home-blocks.md), or a category's icon or banner or a brand's logo, which
 * name the variant's address (docs/decisions/0049-categories-brands-seo.md).
 */
async function photoStillShown(db: Db, key: string): Promise<boolean> {
  const named = `${PHOTO_URL_PREFIX}${key}-%`;
  const result = (await db.execute(sql`select
      exists (select 1 from ${productImages} where ${productImages.photoKey} = ${key})
      or exists (select 1 from ${homeImages} where ${homeImages.key} = ${key})
      or exists (select 1 from ${categories} where ${categories.icon} like ${named} or ${categories.image} like ${named})
      or exists (select 1 from ${brands} where ${brands.logo} like ${named}) as shown`)) as unknown as { rows: { shown: boolean }[] };
  return Boolean(result.rows[0]?.shown);
}

/**
 * Removes a photo from the product; the next becomes the thumbnail when it was the first. Its
 * files go after the commit, unless another row still shows them (a duplicated product shares
 * its source's files, and the same upload on two products has one name).
 */
export async function deletePhoto(
  db: Db,
  store: PhotoStore,
  staff: StaffMember,
  productId: number,
  photoId: number,
  now = new Date(),
): Promise<ProductPhoto[]> {
  const removed = await catalogTransaction(db, async (tx) => {
    await lockEditable(tx, productId);
    const rows = await rowsOf(tx, productId);
    const gone = rows.find((r) => r.id === photoId);
    if (!gone) throw new NotFoundError(t.photoNotFound);
    await tx.delete(productImages).where(and(eq(productImages.id, photoId), eq(productImages.productId, productId)));
    await settle(
      tx,
      productId,
      rows.filter((r) => r.id !== photoId),
      now,
    );
    await recordAudit(
      tx,
      staff,
      {
        action: 'product.photo.delete',
        entityType: 'product',
        entityId: productId,
        before: { id: gone.id, image: gone.photoKey ?? gone.imageLink, position: gone.position },
      },
      now,
    );
    touch(tx, [cacheTags.product(productId)]);
    return gone;
  });
  const photo = storedPhotoOf(removed);
  if (photo && !(await photoStillShown(db, photo.key))) {
    const names = photo.widths.flatMap((w) => PHOTO_FORMATS.map((format) => photoFileName(photo.key, w, format)));
    // The row is gone and committed: a file left behind costs space, never a broken page.
    await store.remove(names).catch((error: unknown) => log.error('photo files not removed', { key: photo.key, error: String(error) }));
  }
  return listPhotos(db, productId);
}
