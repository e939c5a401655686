// Staff manage a product's photos (docs/decisions/0046-product-photos.md): an upload becomes the
// product's last photo, written through the photo store; the first photo is the thumbnail, and the
// product's card picture and link-preview JPEG follow it; reorder, thumbnail and delete keep the
// positions 0..n-1; every change is audited and drops the product's cached pages after the commit.
import { afterEach, beforeAll, describe, expect, it } from 'vitest';
import { and, eq } from 'drizzle-orm';
import { readdirSync } from 'node:fs';
import type { Db } from '@/server/db/client';
import { brands, categories, productImages, products } from '@/server/db/schema/catalog';
import { auditLog } from '@/server/db/schema/staff';
import type { StaffMember } from '@/server/staff/staff.service';
import { ConflictError, NotFoundError, ValidationError } from '@/server/errors';
import { getProductDetail } from '@/server/catalog/catalog.service';
import { registerLocalCache } from '@/server/cache/registry';
import { cacheTags } from '@/server/cache/tags';
import { PHOTO_MAX_PER_PRODUCT, photoJpeg, photoUrl } from '@/domain/product-photos';
import { adminCatalogMessages as t } from '@/domain/messages/admin-catalog';
import { useFreshDatabase } from '../../../tests/db';
import { insertBrand, insertCategory, insertProduct } from '../../../tests/factories';
import { signedInStaff } from '../../../tests/staff';
import { temporaryPhotoStore, testJpeg } from '../../../tests/photos';
import { archiveProduct, duplicateProduct, PLACEHOLDER_THUMBNAIL } from './product-admin.service';
import { chooseThumbnail, deletePhoto, listPhotos, reorderPhotos, uploadPhoto } from './product-photos.service';

let db: Db;
let staff: StaffMember;
useFreshDatabase(async (database) => {
  db = database.db;
  staff = (await signedInStaff(db, 'staff', { name: 'Mariam Photos' })).staff;
});

const { store, directory } = temporaryPhotoStore();
const invalidated: string[][] = [];
beforeAll(() => registerLocalCache({ invalidate: async ({ tags }) => void invalidated.push(tags) }));
afterEach(() => {
  invalidated.length = 0;
});

const auditOf = async (id: number, action: string) =>
  db
    .select()
    .from(auditLog)
    .where(and(eq(auditLog.entityId, String(id)), eq(auditLog.action, action)));
const productRow = async (id: number) => (await db.select().from(products).where(eq(products.id, id)))[0]!;
const drawn = ['/images/products/safe-1.svg', '/images/products/safe-2.svg'];

describe('uploadPhoto', () => {
  it('adds the photo last, writes its variants to the store, and keeps a drawn first picture as the thumbnail', async () => {
    const product = await insertProduct(db, { gallery: drawn, thumbnailImgLink: drawn[0], published: true });
    const photos = await uploadPhoto(db, store, staff, product.id, await testJpeg(1200, 900));
    expect(photos.map((p) => [p.position, p.imageLink, p.photo?.widths ?? null])).toEqual([
      [0, drawn[0], null],
      [1, drawn[1], null],
      [2, photoUrl(photos[2]!.photo!.key, 1200, 'jpg'), [320, 640, 1024, 1200]],
    ]);
    const files = readdirSync(directory).filter((f) => f.startsWith(photos[2]!.photo!.key));
    expect(files).toHaveLength(12);
    expect((await productRow(product.id)).thumbnailImgLink).toBe(drawn[0]);
    const [entry] = await auditOf(product.id, 'product.photo.add');
    expect(entry).toMatchObject({ staffId: staff.id, after: { image: photos[2]!.photo!.key, width: 1200, height: 900, position: 2 } });
    expect(invalidated).toEqual([[cacheTags.product(product.id)]]);
    // The shop's product page sees it with its variants.
    const detail = await getProductDetail(db, product.id);
    expect(detail!.gallery).toHaveLength(3);
    expect(detail!.galleryPhotos[2]).toEqual(photos[2]!.photo);
  });

  it('makes a product’s first photo its thumbnail and link-preview JPEG (no more placeholder)', async () => {
    const product = await insertProduct(db, { thumbnailImgLink: PLACEHOLDER_THUMBNAIL });
    const [first] = await uploadPhoto(db, store, staff, product.id, await testJpeg(2000, 1500));
    const row = await productRow(product.id);
    expect(row.thumbnailImgLink).toBe(photoJpeg(first!.photo!, 640));
    expect(row.metaImg).toBe(photoJpeg(first!.photo!, 1024));
    expect(row.metaImg).toMatch(/-1024\.jpg$/);
  });

  it('refuses a damaged file with the field’s message, and writes nothing', async () => {
    const product = await insertProduct(db);
    const jpeg = await testJpeg(800, 600);
    const error = await uploadPhoto(db, store, staff, product.id, jpeg.subarray(0, 2000)).catch((e: unknown) => e);
    expect(error).toBeInstanceOf(ValidationError);
    expect((error as ValidationError).fields).toEqual({ photo: [t.photoUnreadable] });
    expect(await listPhotos(db, product.id)).toEqual([]);
    expect(await auditOf(product.id, 'product.photo.add')).toEqual([]);
    expect(invalidated).toEqual([]);
  });

  it('refuses an archived product, an unknown one, and a product that has its most photos', async () => {
    const archived = await insertProduct(db);
    await archiveProduct(db, staff, archived.id, archived.version);
    const jpeg = await testJpeg(400, 400);
    await expect(uploadPhoto(db, store, staff, archived.id, jpeg)).rejects.toThrow(new ConflictError(t.photoArchived));
    await expect(uploadPhoto(db, store, staff, 999_999, jpeg)).rejects.toThrow(NotFoundError);
    const full = await insertProduct(db, {
      gallery: Array.from({ length: PHOTO_MAX_PER_PRODUCT }, (_, i) => `/images/products/v${i}.svg`),
    });
    await expect(uploadPhoto(db, store, staff, full.id, jpeg)).rejects.toThrow(t.photoLimit(PHOTO_MAX_PER_PRODUCT));
  });
});

describe('reorder, thumbnail and delete', () => {
  let colour = 0x123456;
  /** A product with two drawn pictures and a photo of its own (the same bytes would share their files). */
  async function productWithPhotos() {
    const product = await insertProduct(db, { gallery: drawn, thumbnailImgLink: drawn[0] });
    const jpeg = await testJpeg(700, 700, { colour: `#${(colour += 0x010203).toString(16)}` });
    const photos = await uploadPhoto(db, store, staff, product.id, jpeg);
    invalidated.length = 0;
    return { product, ids: photos.map((p) => p.id), photo: photos[2]! };
  }

  it('puts the photos in the order sent; the new first is the thumbnail; a partial or foreign list is refused', async () => {
    const { product, ids, photo } = await productWithPhotos();
    const reordered = await reorderPhotos(db, staff, product.id, [ids[2]!, ids[0]!, ids[1]!]);
    expect(reordered.map((p) => [p.id, p.position])).toEqual([
      [ids[2], 0],
      [ids[0], 1],
      [ids[1], 2],
    ]);
    expect((await productRow(product.id)).thumbnailImgLink).toBe(photoJpeg(photo.photo!, 640));
    const [entry] = await auditOf(product.id, 'product.photo.reorder');
    expect((entry!.after as { id: number }[]).map((p) => p.id)).toEqual([ids[2], ids[0], ids[1]]);
    expect(invalidated).toEqual([[cacheTags.product(product.id)]]);
    const other = await productWithPhotos();
    for (const bad of [
      [ids[0]!, ids[1]!],
      [...ids, ids[0]!],
      [ids[0]!, ids[1]!, other.ids[0]!],
    ])
      await expect(reorderPhotos(db, staff, product.id, bad)).rejects.toThrow(new ConflictError(t.photoOrder));
  });

  it('choosing the thumbnail moves that photo first and keeps the others’ order', async () => {
    const { product, ids, photo } = await productWithPhotos();
    const after = await chooseThumbnail(db, staff, product.id, ids[2]!);
    expect(after.map((p) => p.id)).toEqual([ids[2], ids[0], ids[1]]);
    expect((await productRow(product.id)).thumbnailImgLink).toBe(photoJpeg(photo.photo!, 640));
    expect(await auditOf(product.id, 'product.photo.thumbnail')).toHaveLength(1);
    await chooseThumbnail(db, staff, product.id, ids[1]!);
    expect((await listPhotos(db, product.id)).map((p) => p.id)).toEqual([ids[1], ids[2], ids[0]]);
    expect((await productRow(product.id)).thumbnailImgLink).toBe(drawn[1]);
    const other = await productWithPhotos();
    await expect(chooseThumbnail(db, staff, product.id, other.ids[0]!)).rejects.toThrow(new NotFoundError(t.photoNotFound));
  });

  it('deleting renumbers the rest, removes the files no row shows, and keeps those a duplicate still shows', async () => {
    const { product, ids, photo } = await productWithPhotos();
    await chooseThumbnail(db, staff, product.id, ids[2]!);
    const copy = await duplicateProduct(db, staff, product.id);
    const copied = await listPhotos(db, copy.product.id);
    expect(copied[0]!.photo).toEqual(photo.photo);
    const key = photo.photo!.key;
    const filesOf = () => readdirSync(directory).filter((f) => f.startsWith(key));

    const left = await deletePhoto(db, store, staff, product.id, ids[2]!);
    expect(left.map((p) => [p.id, p.position])).toEqual([
      [ids[0], 0],
      [ids[1], 1],
    ]);
    expect((await productRow(product.id)).thumbnailImgLink).toBe(drawn[0]);
    expect(filesOf()).toHaveLength(9); // 700 px wide: 320, 640 and 700, three formats each; the copy still shows them
    const [entry] = await auditOf(product.id, 'product.photo.delete');
    expect(entry!.before).toMatchObject({ id: ids[2], image: key, position: 0 });
    expect(invalidated.at(-1)).toEqual([cacheTags.product(product.id)]);

    await deletePhoto(db, store, staff, copy.product.id, copied[0]!.id);
    expect(filesOf()).toEqual([]);
    for (const p of await listPhotos(db, copy.product.id)) await deletePhoto(db, store, staff, copy.product.id, p.id);
    expect((await productRow(copy.product.id)).thumbnailImgLink).toBe(PLACEHOLDER_THUMBNAIL);
    expect(await db.select().from(productImages).where(eq(productImages.productId, copy.product.id))).toEqual([]);
    await expect(deletePhoto(db, store, staff, product.id, ids[2]!)).rejects.toThrow(new NotFoundError(t.photoNotFound));
  });

  it('keeps the files a brand or a category still shows (the same upload as their picture), removes them once nothing does', async () => {
    const product = await insertProduct(db, { gallery: drawn, thumbnailImgLink: drawn[0] });
    const jpeg = await testJpeg(700, 700, { colour: '#345678' });
    const upload = async () => (await uploadPhoto(db, store, staff, product.id, jpeg)).at(-1)!;
    const first = await upload();
    const key = first.photo!.key;
    const filesOf = () => readdirSync(directory).filter((f) => f.startsWith(key));

    const brand = await insertBrand(db, { name: 'Shared Picture', logo: photoUrl(key, 320, 'webp') });
    await deletePhoto(db, store, staff, product.id, first.id);
    expect(filesOf()).toHaveLength(9);

    await db.update(brands).set({ logo: '/images/brands/archiva.svg' }).where(eq(brands.id, brand.id));
    const category = await insertCategory(db, { name: 'Shared Banner', image: photoUrl(key, 640, 'webp') });
    const second = await upload();
    expect(second.photo!.key).toBe(key);
    await deletePhoto(db, store, staff, product.id, second.id);
    expect(filesOf()).toHaveLength(9);

    await db.delete(categories).where(eq(categories.id, category.id));
    await deletePhoto(db, store, staff, product.id, (await upload()).id);
    expect(filesOf()).toEqual([]);
  });
});
