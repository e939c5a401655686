// Every change that alters what cached answers show invalidates their tags once its transaction
// commits, and a change that rolls back invalidates nothing (docs/decisions/0037-route-cache.md#invalidation):
// orders (stock and top sellers), the sweeper's and the staff's releases, reviews and their
// moderation, the seed. A recording cache stands in for the route cache of this process.
import { afterEach, beforeAll, describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import type { Db } from '@/server/db/client';
import { products } from '@/server/db/schema/catalog';
import { createTestProvider, settleTestIntent } from '@/server/payments/test.provider';
import { orderLines, testPaymentIntents } from '@/server/db/schema/orders';
import { confirmPayment, placeOrder, releaseAbandonedOrders } from '@/server/orders/order.service';
import { changeStatus, refundOrder } from '@/server/admin-orders/order-admin.service';
import { saveReview } from '@/server/reviews/review.service';
import { hideReview, unhideReview } from '@/server/reviews/review-moderation.service';
import { ORDER_HOLD_MINUTES } from '@/domain/checkout';
import { catalogTransaction, touch } from './invalidate';
import { registerLocalCache } from './registry';
import { cacheTags } from './tags';
import { useFreshDatabase } from '../../../tests/db';
import { insertProduct, insertReview } from '../../../tests/factories';
import { orderDeps, putInCart, shopper, stockOf } from '../../../tests/checkout';
import { signedInStaff } from '../../../tests/staff';

let db: Db;
useFreshDatabase((database) => {
  db = database.db;
});

/** What this process's route cache was told to drop, call by call. */
const invalidated: string[][] = [];
beforeAll(() => registerLocalCache({ invalidate: async ({ tags }) => void invalidated.push(tags) }));
afterEach(() => {
  invalidated.length = 0;
});
const all = () => new Set(invalidated.flat());

describe('catalogTransaction', () => {
  it('invalidates what its transaction touched once it commits, in one call', async () => {
    await catalogTransaction(db, async (tx) => {
      touch(tx, ['product:1', 'lists']);
      touch(tx, ['product:1']);
      expect(invalidated).toEqual([]);
    });
    expect(invalidated).toEqual([['product:1', 'lists']]);
  });

  it('invalidates nothing when the transaction rolls back', async () => {
    await expect(
      catalogTransaction(db, async (tx) => {
        touch(tx, ['product:2']);
        throw new Error('rolled back');
      }),
    ).rejects.toThrow('rolled back');
    expect(invalidated).toEqual([]);
  });
});

describe('the changes that alter cached answers', () => {
  it('a cash order: its products (stock) and the top sellers (units sold)', async () => {
    const s = await shopper(db);
    const [a, b] = [await insertProduct(db), await insertProduct(db)];
    await putInCart(db, s.user.id, a.id, 1);
    await putInCart(db, s.user.id, b.id, 2);
    await placeOrder(orderDeps(db, null), s.user, { addressId: s.address.id, paymentType: 'cash_on_delivery' });
    expect(all()).toEqual(new Set([cacheTags.product(a.id), cacheTags.product(b.id), cacheTags.topSellers]));
  });

  it('an order refused for want of stock invalidates nothing', async () => {
    const s = await shopper(db);
    const plenty = await insertProduct(db, { quantity: 10 });
    const scarce = await insertProduct(db, { quantity: 5 });
    await putInCart(db, s.user.id, plenty.id, 1);
    await putInCart(db, s.user.id, scarce.id, 5);
    // Another shopper bought the scarce one meanwhile: the first line's stock is taken, then given back by the rollback.
    await db.update(products).set({ quantity: 1 }).where(eq(products.id, scarce.id));
    await expect(placeOrder(orderDeps(db, null), s.user, { addressId: s.address.id, paymentType: 'cash_on_delivery' })).rejects.toThrow();
    expect(invalidated).toEqual([]);
    expect((await stockOf(db, plenty.id)).quantity).toBe(10);
  });

  it('a card order held, then released by the sweeper: its products each time', async () => {
    const s = await shopper(db);
    const product = await insertProduct(db);
    await putInCart(db, s.user.id, product.id, 1);
    const placedAt = new Date(Date.now() - (ORDER_HOLD_MINUTES + 1) * 60_000);
    await placeOrder(
      orderDeps(db, createTestProvider(db), () => placedAt),
      s.user,
      { addressId: s.address.id, paymentType: 'online' },
    );
    // A card order is not counted as sold until paid: the top sellers do not move.
    expect(all()).toEqual(new Set([cacheTags.product(product.id)]));
    invalidated.length = 0;
    expect(await releaseAbandonedOrders(orderDeps(db, createTestProvider(db)))).toBeGreaterThanOrEqual(1);
    expect(all()).toContain(cacheTags.product(product.id));
    expect((await stockOf(db, product.id)).quantity).toBe(10);
  });

  it("the staff's cancel of a cash order: its products (stock back) and the top sellers", async () => {
    const s = await shopper(db);
    const product = await insertProduct(db);
    await putInCart(db, s.user.id, product.id, 3);
    const { order } = await placeOrder(orderDeps(db, null), s.user, { addressId: s.address.id, paymentType: 'cash_on_delivery' });
    invalidated.length = 0;
    const { staff } = await signedInStaff(db);
    await changeStatus({ ...orderDeps(db, null), siteUrl: 'http://localhost:4321' }, staff, order.id, {
      to: 'cancelled',
      version: order.version,
    });
    expect(all()).toEqual(new Set([cacheTags.product(product.id), cacheTags.topSellers]));
    expect((await stockOf(db, product.id)).quantity).toBe(10);
  });

  it("the staff's refund of returned units (cash order): their products (stock back) and the top sellers", async () => {
    const s = await shopper(db);
    const [product, kept] = [await insertProduct(db), await insertProduct(db)];
    await putInCart(db, s.user.id, product.id, 2);
    await putInCart(db, s.user.id, kept.id, 1);
    const { order } = await placeOrder(orderDeps(db, null), s.user, { addressId: s.address.id, paymentType: 'cash_on_delivery' });
    const { staff } = await signedInStaff(db);
    const deps = { ...orderDeps(db, null), siteUrl: 'http://localhost:4321' };
    let view = await changeStatus(deps, staff, order.id, { to: 'shipped', version: order.version });
    view = await changeStatus(deps, staff, order.id, { to: 'ontheway', version: view.order.version });
    view = await changeStatus(deps, staff, order.id, { to: 'delivered', version: view.order.version });
    invalidated.length = 0;
    const [line] = await db.select().from(orderLines).where(eq(orderLines.productId, product.id));
    await refundOrder(deps, staff, order.id, { version: view.order.version, lines: [{ lineId: line!.id, quantity: 1 }] });
    expect(all()).toEqual(new Set([cacheTags.product(product.id), cacheTags.topSellers]));
    expect((await stockOf(db, product.id)).quantity).toBe(9);
  });

  it("the staff's cancel of a paid card order (refunded through the provider): its products and the top sellers", async () => {
    const s = await shopper(db);
    const product = await insertProduct(db);
    await putInCart(db, s.user.id, product.id, 2);
    const payments = createTestProvider(db);
    const { order } = await placeOrder(orderDeps(db, payments), s.user, { addressId: s.address.id, paymentType: 'online' });
    const [intent] = await db.select().from(testPaymentIntents).where(eq(testPaymentIntents.id, order.paymentIntentId!));
    await settleTestIntent(db, intent!.id, intent!.clientSecret, 'succeeded');
    const paid = await confirmPayment(orderDeps(db, payments), s.user, order.id, intent!.id);
    invalidated.length = 0;
    const { staff } = await signedInStaff(db);
    await changeStatus({ ...orderDeps(db, payments), siteUrl: 'http://localhost:4321' }, staff, order.id, {
      to: 'cancelled',
      version: paid.order.version,
    });
    expect(all()).toEqual(new Set([cacheTags.product(product.id), cacheTags.topSellers]));
    expect((await stockOf(db, product.id)).quantity).toBe(10);
  });

  it("the staff's other status changes (shipping) change nothing shown: nothing is invalidated", async () => {
    const s = await shopper(db);
    const product = await insertProduct(db);
    await putInCart(db, s.user.id, product.id, 1);
    const { order } = await placeOrder(orderDeps(db, null), s.user, { addressId: s.address.id, paymentType: 'cash_on_delivery' });
    invalidated.length = 0;
    const { staff } = await signedInStaff(db);
    await changeStatus({ ...orderDeps(db, null), siteUrl: 'http://localhost:4321' }, staff, order.id, {
      to: 'shipped',
      version: order.version,
    });
    expect(invalidated).toEqual([]);
  });

  it('a review, and its moderation: the product (rating) and the lists (sorted by rating)', async () => {
    const s = await shopper(db);
    const product = await insertProduct(db);
    await saveReview(db, s.user, { product_id: product.id, rating: 4, comments: 'Solid and well made' }, '203.0.113.7');
    expect(all()).toEqual(new Set([cacheTags.product(product.id), cacheTags.lists]));
    const review = await insertReview(db, product.id, { rating: 1 });
    invalidated.length = 0;
    const { staff } = await signedInStaff(db);
    await hideReview(db, staff, review.id, 'Not about the product');
    expect(all()).toEqual(new Set([cacheTags.product(product.id), cacheTags.lists]));
    invalidated.length = 0;
    await unhideReview(db, staff, review.id);
    expect(all()).toEqual(new Set([cacheTags.product(product.id), cacheTags.lists]));
  });
});
