import { beforeAll, describe, expect, it } from 'vitest';
import { and, eq } from 'drizzle-orm';
import type { Db } from '@/server/db/client';
import { products } from '@/server/db/schema/catalog';
import { cartItems } from '@/server/db/schema/shopping';
import { NotFoundError, ValidationError } from '@/server/errors';
import { cartMessages as t } from '@/domain/messages/cart';
import { cartTotals } from '@/domain/pricing';
import { CART_MAX_QUANTITY, CART_MAX_UNITS } from '@/domain/cart-rules';
import { useFreshDatabase } from '../../../tests/db';
import { insertProduct, type ProductRow } from '../../../tests/factories';
import { insertUser } from '../../../tests/accounts';
import { daysFrom, insertCoupon, insertDeliveryForm } from '../../../tests/shopping';
import { addToCart, getCart, mergeCart, priceLines, removeFromCart, updateQuantity } from './cart.service';
import { ConflictError } from '@/server/errors';
import { fils } from '@/domain/money';
import { rejection } from '../../../tests/errors';

let db: Db;

const NOW = new Date('2026-06-15T12:00:00.000Z');

/** The user's cart rows as product id -> quantity. */
async function quantities(userId: number): Promise<Record<number, number>> {
  const rows = await db
    .select({ productId: cartItems.productId, quantity: cartItems.quantity })
    .from(cartItems)
    .where(eq(cartItems.userId, userId));
  return Object.fromEntries(rows.map((r) => [r.productId, r.quantity]));
}

const newUser = async () => (await insertUser(db)).id;

useFreshDatabase((database) => {
  db = database.db;
});

describe('addToCart', () => {
  let safe: ProductRow;
  beforeAll(async () => {
    safe = await insertProduct(db, { quantity: 4, colorName: 'Graphite' });
  });

  it('adds a product once with the quantity asked for, and the product colour when none is given', async () => {
    const user = await newUser();
    await addToCart(db, user, { productId: safe.id, quantity: 2 });
    const [row] = await db.select().from(cartItems).where(eq(cartItems.userId, user));
    expect(row).toMatchObject({ productId: safe.id, quantity: 2, color: 'Graphite', attributeId: null });
  });

  it('keeps the colour and attribute the shopper chose', async () => {
    const user = await newUser();
    await addToCart(db, user, { productId: safe.id, quantity: 1, color: 'Red', attributeId: 7 });
    const [row] = await db.select().from(cartItems).where(eq(cartItems.userId, user));
    expect(row).toMatchObject({ color: 'Red', attributeId: 7 });
  });

  it('refuses a second add of the same product with a 409 and leaves the line as it was', async () => {
    const user = await newUser();
    await addToCart(db, user, { productId: safe.id, quantity: 1 });
    const error = await rejection(addToCart(db, user, { productId: safe.id, quantity: 3 }));
    expect(error).toBeInstanceOf(ConflictError);
    expect(error.status).toBe(409);
    expect(error.message).toBe('Item is already in the cart');
    expect(await quantities(user)).toEqual({ [safe.id]: 1 });
  });

  it('lets two customers hold the same product', async () => {
    const a = await newUser();
    const b = await newUser();
    await addToCart(db, a, { productId: safe.id, quantity: 1 });
    await addToCart(db, b, { productId: safe.id, quantity: 4 });
    expect(await quantities(a)).toEqual({ [safe.id]: 1 });
    expect(await quantities(b)).toEqual({ [safe.id]: 4 });
  });

  it('accepts exactly the stock and refuses one more with 422 "Quantity exceeded available stock"', async () => {
    const user = await newUser();
    const error = await rejection(addToCart(db, user, { productId: safe.id, quantity: 5 }));
    expect(error).toBeInstanceOf(ValidationError);
    expect(error.status).toBe(422);
    expect(error.message).toBe('Quantity exceeded available stock');
    expect(error.fields).toEqual({ quantity: ['Quantity exceeded available stock'] });
    expect(await quantities(user)).toEqual({});
    await addToCart(db, user, { productId: safe.id, quantity: 4 });
    expect(await quantities(user)).toEqual({ [safe.id]: 4 });
  });

  it('refuses a product with no stock', async () => {
    const soldOut = await insertProduct(db, { quantity: 0 });
    const user = await newUser();
    const error = await rejection(addToCart(db, user, { productId: soldOut.id, quantity: 1 }));
    expect(error.status).toBe(422);
    expect(error.message).toBe(t.outOfStock);
    expect(error.fields).toEqual({ product_id: [t.outOfStock] });
    expect(await quantities(user)).toEqual({});
  });

  it('refuses an unknown or unpublished product with 404', async () => {
    const hidden = await insertProduct(db, { published: false, quantity: 10 });
    const user = await newUser();
    for (const productId of [hidden.id, 2_000_000_000]) {
      const error = await rejection(addToCart(db, user, { productId, quantity: 1 }));
      expect(error).toBeInstanceOf(NotFoundError);
      expect(error.message).toBe(t.productMissing);
    }
    expect(await quantities(user)).toEqual({});
  });
});

describe('mergeCart', () => {
  let a: ProductRow, b: ProductRow, c: ProductRow, soldOut: ProductRow, hidden: ProductRow;
  beforeAll(async () => {
    a = await insertProduct(db, { quantity: 5, colorName: 'Black' });
    b = await insertProduct(db, { quantity: 3 });
    c = await insertProduct(db, { quantity: 20 });
    soldOut = await insertProduct(db, { quantity: 0 });
    hidden = await insertProduct(db, { quantity: 10, published: false });
  });

  it('does nothing for an empty guest cart', async () => {
    const user = await newUser();
    await addToCart(db, user, { productId: a.id, quantity: 2 });
    await mergeCart(db, user, []);
    expect(await quantities(user)).toEqual({ [a.id]: 2 });
  });

  it('adds new products, clamped to stock, with the product colour by default', async () => {
    const user = await newUser();
    await mergeCart(db, user, [
      { productId: a.id, quantity: 2 },
      { productId: b.id, quantity: 50 },
    ]);
    expect(await quantities(user)).toEqual({ [a.id]: 2, [b.id]: 3 });
    const [line] = await db
      .select()
      .from(cartItems)
      .where(and(eq(cartItems.userId, user), eq(cartItems.productId, a.id)));
    expect(line!.color).toBe('Black');
  });

  it('keeps the larger quantity for a product already in the cart', async () => {
    const user = await newUser();
    await addToCart(db, user, { productId: a.id, quantity: 4 });
    await addToCart(db, user, { productId: c.id, quantity: 1 });
    await mergeCart(db, user, [
      { productId: a.id, quantity: 2 },
      { productId: c.id, quantity: 7 },
    ]);
    expect(await quantities(user)).toEqual({ [a.id]: 4, [c.id]: 7 });
  });

  it('brings a line already over the current stock down to the stock', async () => {
    const user = await newUser();
    const shrinking = await insertProduct(db, { quantity: 6 });
    await addToCart(db, user, { productId: shrinking.id, quantity: 6 });
    await db.update(products).set({ quantity: 2 }).where(eq(products.id, shrinking.id));
    await mergeCart(db, user, [{ productId: shrinking.id, quantity: 1 }]);
    expect(await quantities(user)).toEqual({ [shrinking.id]: 2 });
  });

  it('skips unknown, unpublished and out-of-stock products, and keeps the rest', async () => {
    const user = await newUser();
    await mergeCart(db, user, [
      { productId: 2_000_000_000, quantity: 1 },
      { productId: hidden.id, quantity: 1 },
      { productId: soldOut.id, quantity: 1 },
      { productId: c.id, quantity: 2 },
    ]);
    expect(await quantities(user)).toEqual({ [c.id]: 2 });
  });

  it('leaves an existing line of a product that has sold out as it is', async () => {
    const user = await newUser();
    const fading = await insertProduct(db, { quantity: 3 });
    await addToCart(db, user, { productId: fading.id, quantity: 2 });
    await db.update(products).set({ quantity: 0 }).where(eq(products.id, fading.id));
    await mergeCart(db, user, [{ productId: fading.id, quantity: 3 }]);
    expect(await quantities(user)).toEqual({ [fading.id]: 2 });
  });

  it('merges repeated lines of one product into one line with the larger quantity', async () => {
    const user = await newUser();
    await mergeCart(db, user, [
      { productId: c.id, quantity: 2 },
      { productId: c.id, quantity: 9 },
      { productId: c.id, quantity: 4 },
    ]);
    expect(await quantities(user)).toEqual({ [c.id]: 9 });
  });

  it('answers each line that did not come in whole, and why', async () => {
    const user = await newUser();
    const fading = await insertProduct(db, { quantity: 3 });
    await addToCart(db, user, { productId: fading.id, quantity: 2 });
    await db.update(products).set({ quantity: 0 }).where(eq(products.id, fading.id));
    const report = await mergeCart(db, user, [
      { productId: 2_000_000_000, quantity: 1 },
      { productId: hidden.id, quantity: 2 },
      { productId: soldOut.id, quantity: 1 },
      { productId: b.id, quantity: 5 },
      { productId: fading.id, quantity: 3 },
      { productId: c.id, quantity: 2 },
      { productId: a.id, quantity: 1 },
    ]);
    expect(report).toEqual([
      { productId: 2_000_000_000, requested: 1, kept: 0, reason: 'unavailable' },
      { productId: hidden.id, requested: 2, kept: 0, reason: 'unavailable' },
      { productId: soldOut.id, requested: 1, kept: 0, reason: 'out-of-stock' },
      { productId: b.id, requested: 5, kept: 3, reason: 'stock' },
      // Sold out since it was put in the cart: the line stays, short of what the guest asked.
      { productId: fading.id, requested: 3, kept: 2, reason: 'stock' },
    ]);
    expect(await quantities(user)).toEqual({ [fading.id]: 2, [b.id]: 3, [c.id]: 2, [a.id]: 1 });
  });

  it('answers nothing when every line came in whole, or the account already held more', async () => {
    const user = await newUser();
    await addToCart(db, user, { productId: c.id, quantity: 6 });
    expect(
      await mergeCart(db, user, [
        { productId: c.id, quantity: 4 },
        { productId: a.id, quantity: 2 },
      ]),
    ).toEqual([]);
    expect(await mergeCart(db, user, [])).toEqual([]);
  });

  it("touches no other customer's cart", async () => {
    const other = await newUser();
    await addToCart(db, other, { productId: a.id, quantity: 1 });
    const user = await newUser();
    await mergeCart(db, user, [{ productId: a.id, quantity: 5 }]);
    expect(await quantities(other)).toEqual({ [a.id]: 1 });
    expect(await quantities(user)).toEqual({ [a.id]: 5 });
  });
});

describe('updateQuantity', () => {
  it("sets a line's quantity up to the stock, and refuses more", async () => {
    const product = await insertProduct(db, { quantity: 6 });
    const user = await newUser();
    await addToCart(db, user, { productId: product.id, quantity: 1 });
    await updateQuantity(db, user, product.id, 6);
    expect(await quantities(user)).toEqual({ [product.id]: 6 });
    await updateQuantity(db, user, product.id, 2);
    expect(await quantities(user)).toEqual({ [product.id]: 2 });
    const error = await rejection(updateQuantity(db, user, product.id, 7));
    expect(error.status).toBe(422);
    expect(error.message).toBe(t.quantityExceeded);
    expect(await quantities(user)).toEqual({ [product.id]: 2 });
  });

  it('answers 404 for a product that is not in the cart, and adds nothing', async () => {
    const product = await insertProduct(db, { quantity: 6 });
    const user = await newUser();
    const error = await rejection(updateQuantity(db, user, product.id, 1));
    expect(error.status).toBe(404);
    expect(await quantities(user)).toEqual({});
  });

  it("changes only the caller's line", async () => {
    const product = await insertProduct(db, { quantity: 6 });
    const owner = await newUser();
    const other = await newUser();
    await addToCart(db, owner, { productId: product.id, quantity: 1 });
    expect((await rejection(updateQuantity(db, other, product.id, 5))).status).toBe(404);
    expect(await quantities(owner)).toEqual({ [product.id]: 1 });
  });
});

describe('removeFromCart', () => {
  it('removes the line', async () => {
    const product = await insertProduct(db);
    const keep = await insertProduct(db);
    const user = await newUser();
    await addToCart(db, user, { productId: product.id, quantity: 1 });
    await addToCart(db, user, { productId: keep.id, quantity: 1 });
    await removeFromCart(db, user, product.id);
    expect(await quantities(user)).toEqual({ [keep.id]: 1 });
  });

  it('answers 404 "Failed to remove" for a product not in the cart (or already removed)', async () => {
    const product = await insertProduct(db);
    const user = await newUser();
    const missing = await rejection(removeFromCart(db, user, product.id));
    expect(missing).toBeInstanceOf(NotFoundError);
    expect(missing.status).toBe(404);
    expect(missing.message).toBe('Failed to remove');
    await addToCart(db, user, { productId: product.id, quantity: 1 });
    await removeFromCart(db, user, product.id);
    expect((await rejection(removeFromCart(db, user, product.id))).message).toBe('Failed to remove');
  });

  it("cannot remove another customer's line", async () => {
    const product = await insertProduct(db);
    const owner = await newUser();
    const other = await newUser();
    await addToCart(db, owner, { productId: product.id, quantity: 2 });
    expect((await rejection(removeFromCart(db, other, product.id))).message).toBe(t.removeFailed);
    expect(await quantities(owner)).toEqual({ [product.id]: 2 });
  });
});

describe('priceLines', () => {
  it("prices lines from the server's products and drops unknown or unpublished ones", async () => {
    const p = await insertProduct(db, { unitPrice: 99_99, discount: 15 });
    const hidden = await insertProduct(db, { published: false, unitPrice: 1_000_00 });
    const lines = await priceLines(db, [
      { productId: p.id, quantity: 3 },
      { productId: hidden.id, quantity: 1 },
      { productId: 2_000_000_000, quantity: 1 },
    ]);
    expect(lines).toEqual([{ unitPrice: 99_99, discount: 15, quantity: 3 }]);
    expect(await priceLines(db, [])).toEqual([]);
  });

  it('keeps a guest within stock: quantities above it count as the stock, sold-out products not at all', async () => {
    const few = await insertProduct(db, { unitPrice: 500_00, quantity: 2 });
    const none = await insertProduct(db, { unitPrice: 900_00, quantity: 0 });
    const lines = await priceLines(db, [
      { productId: few.id, quantity: 999 },
      { productId: none.id, quantity: 999 },
    ]);
    expect(lines).toEqual([{ unitPrice: 500_00, discount: 0, quantity: 2 }]);
  });
});

describe('getCart', () => {
  let user: number;
  let lock: ProductRow, shredder: ProductRow;

  beforeAll(async () => {
    // Hand-computed (docs/decisions/0002-money-in-fils-api-in-aed.md): lock 1,050.00 less 10% = 945.00 x 2 = 1,890.00; shredder 210.00 x 1.
    // T = 2,100.00; S = round(T / 1.05) = 2,000.00; VAT = T - S = 100.00; grand total 2,100.00.
    lock = await insertProduct(db, { name: 'Keypad Lock', unitPrice: 1_050_00, discount: 10, quantity: 5, weightKg: 2.35 });
    shredder = await insertProduct(db, { name: 'Cross-cut Shredder', unitPrice: 210_00, discount: 0, quantity: 3, weightKg: 12.5 });
    user = await newUser();
    await addToCart(db, user, { productId: lock.id, quantity: 2 });
    await addToCart(db, user, { productId: shredder.id, quantity: 1 });
    await insertCoupon(db, {
      code: 'SVC-PCT10-CAP150',
      discountType: 'percent',
      discount: 10,
      maxDiscount: 150_00,
      endDate: daysFrom(5, NOW),
    });
    await insertCoupon(db, { code: 'SVC-PCT5', discountType: 'percent', discount: 5, endDate: daysFrom(5, NOW) });
    await insertCoupon(db, { code: 'SVC-FLAT250', discountType: 'amount', discount: 250_00, endDate: daysFrom(5, NOW) });
    await insertCoupon(db, { code: 'SVC-FLAT5000', discountType: 'amount', discount: 5_000_00, endDate: daysFrom(5, NOW) });
    await insertCoupon(db, { code: 'SVC-OLD', discountType: 'percent', discount: 50, endDate: daysFrom(-1, NOW) });
    await insertCoupon(db, { code: 'SVC-MIN5000', discountType: 'percent', discount: 10, minAmount: 5_000_00, endDate: daysFrom(5, NOW) });
    await insertCoupon(db, {
      code: 'SVC-MIN2000',
      discountType: 'amount',
      discount: 100_00,
      minAmount: 2_000_00,
      endDate: daysFrom(5, NOW),
    });
  });

  it("lists the lines in the order added with the server's prices and stock", async () => {
    const view = await getCart(db, user, undefined, NOW);
    expect(view.lines.map((l) => [l.productId, l.name, l.quantity, l.unitPrice, l.discount, l.shelfPrice, l.stock])).toEqual([
      [lock.id, 'Keypad Lock', 2, 1_050_00, 10, 945_00, 5],
      [shredder.id, 'Cross-cut Shredder', 1, 210_00, 0, 210_00, 3],
    ]);
    expect(view.coupon).toBeNull();
    expect(view.couponProblem).toBeNull();
  });

  it('totals without a coupon add up to exactly the shelf prices', async () => {
    const view = await getCart(db, user, undefined, NOW);
    expect(view.totals).toEqual({ shelfTotal: 2_100_00, subtotal: 2_000_00, discount: 0, vat: 100_00, grandTotal: 2_100_00 });
    expect(view.totals).toEqual(
      cartTotals(
        [
          { unitPrice: fils(1_050_00), discount: 10, quantity: 2 },
          { unitPrice: fils(210_00), discount: 0, quantity: 1 },
        ],
        null,
        NOW,
      ),
    );
  });

  it.each([
    // 10% of 2,000.00 = 200.00, capped at 150.00; VAT 5% of 1,850.00 = 92.50.
    ['SVC-PCT10-CAP150', { discount: 150_00, vat: 92_50, grandTotal: 1_942_50 }],
    // 5% of 2,000.00 = 100.00; VAT 5% of 1,900.00 = 95.00.
    ['svc-pct5', { discount: 100_00, vat: 95_00, grandTotal: 1_995_00 }],
    // 250.00 off; VAT 5% of 1,750.00 = 87.50.
    ['SVC-FLAT250', { discount: 250_00, vat: 87_50, grandTotal: 1_837_50 }],
    // A fixed coupon above the subtotal takes the whole subtotal, never more.
    ['SVC-FLAT5000', { discount: 2_000_00, vat: 0, grandTotal: 0 }],
    // Exactly at the minimum (S = 2,000.00).
    ['SVC-MIN2000', { discount: 100_00, vat: 95_00, grandTotal: 1_995_00 }],
  ])('applies coupon %s to the pre-tax subtotal', async (code, expected) => {
    const view = await getCart(db, user, code, NOW);
    expect(view.couponProblem).toBeNull();
    expect(view.coupon?.code.toUpperCase()).toBe(code.toUpperCase());
    expect(view.totals).toEqual({ shelfTotal: 2_100_00, subtotal: 2_000_00, ...expected });
  });

  it.each([
    ['SVC-OLD', t.couponExpired],
    // S = 2,000.00 of 5,000.00: T must reach 5,250.00, so 3,150.00 more at shelf prices.
    ['SVC-MIN5000', 'Add AED\u00A03,150.00 more to use SVC-MIN5000'],
    ['NO-SUCH-CODE', t.couponUnknown],
  ])('gives no discount for %s and says why', async (code, problem) => {
    const view = await getCart(db, user, code, NOW);
    expect(view.coupon).toBeNull();
    expect(view.couponProblem).toBe(problem);
    expect(view.totals).toEqual({ shelfTotal: 2_100_00, subtotal: 2_000_00, discount: 0, vat: 100_00, grandTotal: 2_100_00 });
  });

  it("compares the pre-tax subtotal, not the VAT-inclusive total, with a coupon's minimum", async () => {
    // T = 2,099.99 reaches 2,000.00 but S = round(209999 / 1.05) = 1,999.99 does not.
    const under = await insertProduct(db, { unitPrice: 2_099_99, quantity: 5 });
    const exact = await insertProduct(db, { unitPrice: 2_100_00, quantity: 5 });
    const a = await newUser();
    await addToCart(db, a, { productId: under.id, quantity: 1 });
    const refused = await getCart(db, a, 'SVC-MIN2000', NOW);
    expect(refused.totals).toMatchObject({ shelfTotal: 2_099_99, subtotal: 1_999_99, discount: 0 });
    // One fil more at shelf prices: T = 2,100.00 gives S = 2,000.00.
    expect(refused.couponProblem).toBe('Add AED\u00A00.01 more to use SVC-MIN2000');
    const b = await newUser();
    await addToCart(db, b, { productId: exact.id, quantity: 1 });
    const accepted = await getCart(db, b, 'SVC-MIN2000', NOW);
    expect(accepted.couponProblem).toBeNull();
    expect(accepted.totals.discount).toBe(100_00);
  });

  it('charges exactly the shelf prices without a coupon, even where 5% of the subtotal would round differently', async () => {
    // T = 21.10: S = round(2110 / 1.05) = 20.10, VAT = T - S = 1.00 (round(5% of 20.10) would be 1.01).
    const small = await insertProduct(db, { unitPrice: 21_10, quantity: 5 });
    const buyer = await newUser();
    await addToCart(db, buyer, { productId: small.id, quantity: 1 });
    expect((await getCart(db, buyer, undefined, NOW)).totals).toEqual({
      shelfTotal: 21_10,
      subtotal: 20_10,
      discount: 0,
      vat: 1_00,
      grandTotal: 21_10,
    });
    // An expired coupon changes nothing either.
    expect((await getCart(db, buyer, 'SVC-OLD', NOW)).totals).toEqual({
      shelfTotal: 21_10,
      subtotal: 20_10,
      discount: 0,
      vat: 1_00,
      grandTotal: 21_10,
    });
  });

  it('rounds each step to the fil as docs/decisions/0002-money-in-fils-api-in-aed.md says', async () => {
    // 99.99 less 15% = 84.9915 -> 84.99; x 3 = 254.97; S = round(25497 / 1.05 = 24282.86) = 242.83; VAT = 12.14.
    // 7% of 242.83 = 16.9981 -> 17.00; VAT = round(5% of 225.83 = 11.2915) = 11.29; grand total 237.12.
    const odd = await insertProduct(db, { unitPrice: 99_99, discount: 15, quantity: 10 });
    const buyer = await newUser();
    await addToCart(db, buyer, { productId: odd.id, quantity: 3 });
    await insertCoupon(db, { code: 'SVC-PCT7', discountType: 'percent', discount: 7, endDate: daysFrom(5, NOW) });
    expect((await getCart(db, buyer, undefined, NOW)).totals).toEqual({
      shelfTotal: 254_97,
      subtotal: 242_83,
      discount: 0,
      vat: 12_14,
      grandTotal: 254_97,
    });
    expect((await getCart(db, buyer, 'SVC-PCT7', NOW)).totals).toEqual({
      shelfTotal: 254_97,
      subtotal: 242_83,
      discount: 17_00,
      vat: 11_29,
      grandTotal: 237_12,
    });
  });

  it('sums weight x quantity to two decimals and calls a cart heavy only above 100 kg', async () => {
    const view = await getCart(db, user, undefined, NOW);
    // 2.35 x 2 + 12.5 x 1 = 17.2
    expect(view.totalWeightKg).toBe(17.2);
    expect(view.heavy).toBe(false);

    const buyer = await newUser();
    const twentyFive = await insertProduct(db, { weightKg: 25, quantity: 10 });
    await addToCart(db, buyer, { productId: twentyFive.id, quantity: 4 });
    expect((await getCart(db, buyer, undefined, NOW)).totalWeightKg).toBe(100);
    expect((await getCart(db, buyer, undefined, NOW)).heavy).toBe(false);
    const feather = await insertProduct(db, { weightKg: 0.01, quantity: 10 });
    await addToCart(db, buyer, { productId: feather.id, quantity: 1 });
    const heavy = await getCart(db, buyer, undefined, NOW);
    expect(heavy.totalWeightKg).toBe(100.01);
    expect(heavy.heavy).toBe(true);
  });

  it('leaves unpublished products out of the lines and the totals', async () => {
    const buyer = await newUser();
    const shown = await insertProduct(db, { unitPrice: 105_00, quantity: 5 });
    const withdrawn = await insertProduct(db, { unitPrice: 1_000_00, quantity: 5, weightKg: 80 });
    await addToCart(db, buyer, { productId: shown.id, quantity: 1 });
    await addToCart(db, buyer, { productId: withdrawn.id, quantity: 1 });
    await db.update(products).set({ published: false }).where(eq(products.id, withdrawn.id));
    const view = await getCart(db, buyer, undefined, NOW);
    expect(view.lines.map((l) => l.productId)).toEqual([shown.id]);
    expect(view.totals).toEqual({ shelfTotal: 105_00, subtotal: 100_00, discount: 0, vat: 5_00, grandTotal: 105_00 });
    expect(view.totalWeightKg).toBe(5);
  });

  it('is empty with zero totals for a customer with no cart', async () => {
    const view = await getCart(db, await newUser(), 'SVC-PCT5', NOW);
    expect(view.lines).toEqual([]);
    expect(view.totals).toEqual({ shelfTotal: 0, subtotal: 0, discount: 0, vat: 0, grandTotal: 0 });
    expect(view.totalWeightKg).toBe(0);
    expect(view.heavy).toBe(false);
    expect(view.deliveryForm).toBeNull();
  });

  it("carries the customer's latest delivery location form, and no one else's", async () => {
    const buyer = await newUser();
    const other = await newUser();
    await insertDeliveryForm(db, other, { contactName: 'Someone Else' });
    expect((await getCart(db, buyer, undefined, NOW)).deliveryForm).toBeNull();
    await insertDeliveryForm(db, buyer, { contactName: 'First Form' });
    const latest = await insertDeliveryForm(db, buyer, { contactName: 'Second Form' });
    const view = await getCart(db, buyer, undefined, NOW);
    expect(view.deliveryForm?.id).toBe(latest.id);
    expect(view.deliveryForm?.contactName).toBe('Second Form');
  });
});

describe('quantity caps (issue 10, point 2: CART_MAX_QUANTITY a line, CART_MAX_UNITS a cart)', () => {
  it('add and update refuse a line over the line cap and a cart over the cart cap, with the cap message; nothing changes', async () => {
    const user = await newUser();
    const plenty = await Promise.all(Array.from({ length: 4 }, () => insertProduct(db, { quantity: 1000 })));
    const [a, b, c, d] = plenty as [ProductRow, ProductRow, ProductRow, ProductRow];
    const line = await rejection(addToCart(db, user, { productId: a.id, quantity: CART_MAX_QUANTITY + 1 }));
    expect(line).toBeInstanceOf(ValidationError);
    expect(line.message).toBe(t.lineCap(CART_MAX_QUANTITY));
    expect(line.fields).toEqual({ quantity: [t.lineCap(CART_MAX_QUANTITY)] });
    expect(await quantities(user)).toEqual({});

    await addToCart(db, user, { productId: a.id, quantity: CART_MAX_QUANTITY });
    await addToCart(db, user, { productId: b.id, quantity: CART_MAX_QUANTITY });
    const room = CART_MAX_UNITS - 2 * CART_MAX_QUANTITY;
    await addToCart(db, user, { productId: c.id, quantity: room });
    const order = await rejection(addToCart(db, user, { productId: d.id, quantity: 1 }));
    expect(order.message).toBe(t.orderCap(CART_MAX_UNITS));
    expect((await rejection(updateQuantity(db, user, c.id, room + 1))).message).toBe(t.orderCap(CART_MAX_UNITS));
    expect((await rejection(updateQuantity(db, user, a.id, CART_MAX_QUANTITY + 1))).message).toBe(t.lineCap(CART_MAX_QUANTITY));
    expect(await quantities(user)).toEqual({ [a.id]: CART_MAX_QUANTITY, [b.id]: CART_MAX_QUANTITY, [c.id]: room });
    // Going down is always allowed.
    await updateQuantity(db, user, a.id, 1);
    expect((await quantities(user))[a.id]).toBe(1);
  });

  it('a merged guest cart is cut to the caps instead of refused', async () => {
    const user = await newUser();
    const plenty = await Promise.all(Array.from({ length: 4 }, () => insertProduct(db, { quantity: 1000 })));
    await mergeCart(
      db,
      user,
      plenty.map((p) => ({ productId: p.id, quantity: 999 })),
    );
    const merged = await quantities(user);
    expect(Object.values(merged).every((q) => q <= CART_MAX_QUANTITY)).toBe(true);
    expect(Object.values(merged).reduce((n, q) => n + q, 0)).toBe(CART_MAX_UNITS);
  });

  it('names the cap that cut a merged line', async () => {
    const user = await newUser();
    const [first, second, third] = await Promise.all(Array.from({ length: 3 }, () => insertProduct(db, { quantity: 1000 })));
    const report = await mergeCart(db, user, [
      { productId: first!.id, quantity: 999 },
      { productId: second!.id, quantity: CART_MAX_QUANTITY },
      { productId: third!.id, quantity: CART_MAX_QUANTITY },
    ]);
    const room = CART_MAX_UNITS - 2 * CART_MAX_QUANTITY;
    expect(report).toEqual([
      { productId: first!.id, requested: 999, kept: CART_MAX_QUANTITY, reason: 'line-cap' },
      { productId: third!.id, requested: CART_MAX_QUANTITY, kept: room, reason: 'cart-cap' },
    ]);
  });
});
