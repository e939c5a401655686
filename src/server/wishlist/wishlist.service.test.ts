import { describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import type { Db } from '@/server/db/client';
import { products } from '@/server/db/schema/catalog';
import { wishlistItems } from '@/server/db/schema/shopping';
import { NotFoundError } from '@/server/errors';
import { cartMessages as t } from '@/domain/messages/cart';
import { useFreshDatabase } from '../../../tests/db';
import { insertProduct, type ProductRow } from '../../../tests/factories';
import { insertUser } from '../../../tests/accounts';
import { addToWishlist, listWishlist, mergeWishlist, removeFromWishlist } from './wishlist.service';
import { rejection } from '../../../tests/errors';

let db: Db;
let safe: ProductRow, cabinet: ProductRow, shredder: ProductRow, hidden: ProductRow;

const newUser = async () => (await insertUser(db)).id;
const rowsOf = async (userId: number) =>
  (await db.select().from(wishlistItems).where(eq(wishlistItems.userId, userId))).map((r) => r.productId).sort((a, b) => a - b);
const sorted = (...ids: number[]) => [...ids].sort((a, b) => a - b);

useFreshDatabase(async (database) => {
  db = database.db;
  safe = await insertProduct(db, {
    name: 'Fire Safe',
    unitPrice: 1_200_00,
    discount: 25,
    colorName: 'Black',
    colorHex: '#000000',
    quantity: 4,
    thumbnailImgLink: '/images/safe.webp',
  });
  cabinet = await insertProduct(db, { name: 'Filing Cabinet', unitPrice: 850_50 });
  shredder = await insertProduct(db, { name: 'Shredder', quantity: 0 });
  hidden = await insertProduct(db, { name: 'Withdrawn', published: false });
});

describe('addToWishlist', () => {
  it('adds a product once; a second add is ignored and reported as not new', async () => {
    const user = await newUser();
    expect(await addToWishlist(db, user, safe.id)).toBe(true);
    expect(await addToWishlist(db, user, safe.id)).toBe(false);
    expect(await rowsOf(user)).toEqual([safe.id]);
  });

  it('accepts a product that is out of stock (it can be wished for)', async () => {
    const user = await newUser();
    expect(await addToWishlist(db, user, shredder.id)).toBe(true);
    expect(await rowsOf(user)).toEqual([shredder.id]);
  });

  it('refuses an unknown or unpublished product with 404', async () => {
    const user = await newUser();
    for (const id of [hidden.id, 2_000_000_000]) {
      const error = await rejection(addToWishlist(db, user, id));
      expect(error).toBeInstanceOf(NotFoundError);
      expect(error.message).toBe(t.productMissing);
    }
    expect(await rowsOf(user)).toEqual([]);
  });
});

describe('listWishlist', () => {
  it("lists the customer's products in the order added, with the server's prices", async () => {
    const user = await newUser();
    await addToWishlist(db, user, cabinet.id);
    await addToWishlist(db, user, safe.id);
    const list = await listWishlist(db, user);
    expect(list.map((w) => w.id)).toEqual([cabinet.id, safe.id]);
    expect(list[1]).toMatchObject({
      id: safe.id,
      name: 'Fire Safe',
      thumbnail: '/images/safe.webp',
      unitPrice: 1_200_00,
      discount: 25,
      shelfPrice: 900_00,
      colorName: 'Black',
      colorHex: '#000000',
      stock: 4,
    });
    expect(list[0]).toMatchObject({ unitPrice: 850_50, shelfPrice: 850_50 });
  });

  it('hides a product that was unpublished after being wished for', async () => {
    const user = await newUser();
    const fading = await insertProduct(db);
    await addToWishlist(db, user, fading.id);
    await addToWishlist(db, user, cabinet.id);
    await db.update(products).set({ published: false }).where(eq(products.id, fading.id));
    expect((await listWishlist(db, user)).map((w) => w.id)).toEqual([cabinet.id]);
  });

  it("shows no other customer's items", async () => {
    const a = await newUser();
    const b = await newUser();
    await addToWishlist(db, a, safe.id);
    expect(await listWishlist(db, b)).toEqual([]);
  });
});

describe('removeFromWishlist', () => {
  it('removes the product, and quietly does nothing when it is not there', async () => {
    const user = await newUser();
    await addToWishlist(db, user, safe.id);
    await addToWishlist(db, user, cabinet.id);
    await removeFromWishlist(db, user, safe.id);
    expect(await rowsOf(user)).toEqual([cabinet.id]);
    await removeFromWishlist(db, user, safe.id);
    await removeFromWishlist(db, user, 2_000_000_000);
    expect(await rowsOf(user)).toEqual([cabinet.id]);
  });

  it("never removes another customer's item", async () => {
    const owner = await newUser();
    const other = await newUser();
    await addToWishlist(db, owner, safe.id);
    await removeFromWishlist(db, other, safe.id);
    expect(await rowsOf(owner)).toEqual([safe.id]);
  });
});

describe('mergeWishlist', () => {
  it('does nothing for an empty list', async () => {
    const user = await newUser();
    await addToWishlist(db, user, safe.id);
    await mergeWishlist(db, user, []);
    expect(await rowsOf(user)).toEqual([safe.id]);
  });

  it('adds new products once each, keeping those already there', async () => {
    const user = await newUser();
    await addToWishlist(db, user, safe.id);
    await mergeWishlist(db, user, [cabinet.id, safe.id, cabinet.id, shredder.id]);
    expect(await rowsOf(user)).toEqual(sorted(safe.id, cabinet.id, shredder.id));
    // Merging the same list again changes nothing.
    await mergeWishlist(db, user, [cabinet.id, safe.id, shredder.id]);
    expect(await rowsOf(user)).toEqual(sorted(safe.id, cabinet.id, shredder.id));
  });

  it('skips unknown and unpublished products, and does nothing when only those are sent', async () => {
    const user = await newUser();
    await mergeWishlist(db, user, [hidden.id, 2_000_000_000]);
    expect(await rowsOf(user)).toEqual([]);
    await mergeWishlist(db, user, [hidden.id, cabinet.id, 2_000_000_000]);
    expect(await rowsOf(user)).toEqual([cabinet.id]);
  });

  it("adds to the caller's list only", async () => {
    const a = await newUser();
    const b = await newUser();
    await mergeWishlist(db, a, [safe.id]);
    expect(await rowsOf(b)).toEqual([]);
  });
});
