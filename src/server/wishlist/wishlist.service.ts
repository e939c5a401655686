// The signed-in customer's wishlist: a product once, in the order added.
import { and, asc, eq, inArray } from 'drizzle-orm';
import type { Db } from '@/server/db/client';
import { products } from '@/server/db/schema/catalog';
import { wishlistItems } from '@/server/db/schema/shopping';
import { NotFoundError } from '@/server/errors';
import { cartMessages as t } from '@/domain/messages/cart';
import { shelfPrice } from '@/domain/pricing';

/** A wishlist entry: the product as the catalog has it now. */
export type WishlistEntry = Awaited<ReturnType<typeof listWishlist>>[number];

export async function listWishlist(db: Db, userId: number) {
  const rows = await db
    .select({
      id: products.id,
      name: products.name,
      thumbnail: products.thumbnailImgLink,
      unitPrice: products.unitPrice,
      discount: products.discount,
      colorName: products.colorName,
      colorHex: products.colorHex,
      stock: products.quantity,
    })
    .from(wishlistItems)
    .innerJoin(products, eq(products.id, wishlistItems.productId))
    .where(and(eq(wishlistItems.userId, userId), eq(products.published, true)))
    .orderBy(asc(wishlistItems.createdAt), asc(wishlistItems.id));
  return rows.map((r) => ({ ...r, shelfPrice: shelfPrice(r.unitPrice, r.discount) }));
}

/** Adds a product; one already there is ignored (docs/product.md#behaviour). Returns whether it was new. */
export async function addToWishlist(db: Db, userId: number, productId: number): Promise<boolean> {
  const [product] = await db
    .select({ id: products.id })
    .from(products)
    .where(and(eq(products.id, productId), eq(products.published, true)));
  if (!product) throw new NotFoundError(t.productMissing);
  const inserted = await db.insert(wishlistItems).values({ userId, productId }).onConflictDoNothing().returning({ id: wishlistItems.id });
  return inserted.length > 0;
}

export async function removeFromWishlist(db: Db, userId: number, productId: number): Promise<void> {
  await db.delete(wishlistItems).where(and(eq(wishlistItems.userId, userId), eq(wishlistItems.productId, productId)));
}

export async function mergeWishlist(db: Db, userId: number, productIds: number[]): Promise<void> {
  const ids = [...new Set(productIds)];
  if (ids.length === 0) return;
  const known = await db
    .select({ id: products.id })
    .from(products)
    .where(and(inArray(products.id, ids), eq(products.published, true)));
  if (known.length === 0) return;
  await db
    .insert(wishlistItems)
    .values(known.map((p) => ({ userId, productId: p.id })))
    .onConflictDoNothing();
}
