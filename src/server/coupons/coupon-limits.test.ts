// A coupon's use limits hold under parallel checkouts (issue 15, point 4; docs/decisions/0047-coupons-by-staff.md):
// uses are counted from the orders under the coupon's row lock, so 20 shoppers placing orders at
// once across two app instances (two pools on one PostgreSQL; the same handle on PGlite) on a
// coupon with 5 uses left get 5 discounted orders, and the 15 others are refused with the reason
// and place nothing. A cancelled (or abandoned) order gives its use back.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { and, eq, inArray, isNotNull } from 'drizzle-orm';
import type { Db } from '@/server/db/client';
import { orders } from '@/server/db/schema/orders';
import { cartMessages as t } from '@/domain/messages/cart';
import { ORDER_HOLD_MINUTES } from '@/domain/checkout';
import { createTestProvider } from '@/server/payments/test.provider';
import { placeOrder, releaseAbandonedOrders } from '@/server/orders/order.service';
import { checkCoupon, couponUses, listCoupons } from './coupon.service';
import { freshDatabase, type TestDatabase } from '../../../tests/db';
import { insertProduct } from '../../../tests/factories';
import { insertCoupon } from '../../../tests/shopping';
import { orderDeps, putInCart, secondInstance, shopper, type Shopper } from '../../../tests/checkout';
import { fils } from '@/domain/money';

let handle: TestDatabase;
let one: Db;
let two: { db: Db; close(): Promise<void> };

beforeAll(async () => {
  handle = await freshDatabase();
  one = handle.db;
  two = await secondInstance(handle);
});
afterAll(async () => {
  await two.close();
  await handle.dispose();
});

async function shopperWithCart(productId: number): Promise<Shopper> {
  const s = await shopper(one);
  await putInCart(one, s.user.id, productId, 1);
  return s;
}

const cash = (s: Shopper, code: string, db: Db = one) =>
  placeOrder(orderDeps(db, null), s.user, { addressId: s.address.id, paymentType: 'cash_on_delivery', couponCode: code });

describe('coupon use limits', () => {
  it('20 parallel orders on a coupon with 5 uses left give 5 discounted orders; the others are refused and place nothing', async () => {
    const product = await insertProduct(one, { quantity: 500, unitPrice: fils(100_00) });
    const coupon = await insertCoupon(one, { code: 'FIVE-LEFT', maxUses: 7 });
    // Two uses already made.
    for (let i = 0; i < 2; i++) await cash(await shopperWithCart(product.id), coupon.code);
    expect(await couponUses(one, coupon.code, null)).toEqual({ total: 2, mine: 0 });

    const shoppers = await Promise.all(Array.from({ length: 20 }, () => shopperWithCart(product.id)));
    const results = await Promise.allSettled(shoppers.map((s, i) => cash(s, coupon.code, i % 2 === 0 ? one : two.db)));

    const placed = results.flatMap((r) => (r.status === 'fulfilled' ? [r.value.order] : []));
    expect(placed).toHaveLength(5);
    for (const order of placed) {
      expect(order.couponCode).toBe('FIVE-LEFT');
      expect(order.discountAmount).toBeGreaterThan(0);
    }
    for (const r of results) if (r.status === 'rejected') expect((r.reason as Error).message).toBe(t.couponUsedUp);
    const made = await one
      .select({ id: orders.id })
      .from(orders)
      .where(
        inArray(
          orders.userId,
          shoppers.map((s) => s.user.id),
        ),
      );
    expect(made).toHaveLength(5);
    expect(await couponUses(one, coupon.code, null)).toEqual({ total: 7, mine: 0 });

    // Used up: the cart says so, and the coupon list no longer offers it.
    await expect(checkCoupon(one, coupon.code, fils(100_00))).rejects.toThrow(t.couponUsedUp);
    const offered = await listCoupons(one, { page: 1, limit: 100 });
    expect(offered.items.map((c) => c.code)).not.toContain('FIVE-LEFT');
  });

  it('a customer uses a coupon as often as it allows them, and a cancelled order gives its use back', async () => {
    const product = await insertProduct(one, { quantity: 100 });
    const coupon = await insertCoupon(one, { code: 'ONCE-EACH', maxUsesPerCustomer: 1 });
    const s = await shopperWithCart(product.id);
    await cash(s, coupon.code);
    await putInCart(one, s.user.id, product.id, 1);
    await expect(cash(s, coupon.code)).rejects.toThrow(t.couponUsedByYou(1));
    // Another customer still may.
    await cash(await shopperWithCart(product.id), coupon.code);

    // A card order with the coupon that is never paid is cancelled when its hold ends: its use comes back.
    const card = await shopperWithCart(product.id);
    const deps = orderDeps(one, createTestProvider(one));
    const { order } = await placeOrder(deps, card.user, { addressId: card.address.id, paymentType: 'online', couponCode: coupon.code });
    expect((await couponUses(one, coupon.code, card.user.id)).mine).toBe(1);
    const later = new Date(order.createdAt.getTime() + (ORDER_HOLD_MINUTES + 1) * 60_000);
    await releaseAbandonedOrders(orderDeps(one, createTestProvider(one), () => later));
    expect((await couponUses(one, coupon.code, card.user.id)).mine).toBe(0);
    const [cancelled] = await one
      .select({ status: orders.deliveryStatus })
      .from(orders)
      .where(and(eq(orders.id, order.id), isNotNull(orders.couponCode)));
    expect(cancelled?.status).toBe('cancelled');
    await putInCart(one, card.user.id, product.id, 1);
    await cash(card, coupon.code);
  });
});
