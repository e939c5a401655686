// The browser-side cart, wishlist and coupon rules (docs/product.md#behaviour, #validation; the stores are in
// src/client), and the signed-in sync's rollback, against a stand-in localStorage and fetch.
import { beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { toCoupon } from '@/client/api/cart';
import { aed, fils } from '@/domain/money';

// A storage that behaves like the browser's: property access (the persistent atoms) and methods.
const storage: Record<string, string> = {};
Object.defineProperties(storage, {
  getItem: { value: (key: string) => (Object.hasOwn(storage, key) ? storage[key] : null) },
  setItem: { value: (key: string, value: string) => void (storage[key] = String(value)) },
  removeItem: { value: (key: string) => void delete storage[key] },
});
const toasts: { text: string; kind: string }[] = [];
type Answer = { status: number; body: unknown } | 'network-error';
let answers: Answer[] = [];
const requests: { url: string; body: unknown }[] = [];

vi.stubGlobal('localStorage', storage);
vi.stubGlobal('location', { origin: 'http://shop.test' });
vi.stubGlobal('document', {
  getElementById: () => ({
    append: (el: { textContent: string; className: string }) =>
      toasts.push({ text: el.textContent, kind: el.className.includes('red') ? 'error' : 'success' }),
  }),
  createElement: () => ({ textContent: '', className: '', remove() {} }),
});
vi.stubGlobal('fetch', async (url: URL, init: RequestInit) => {
  requests.push({ url: String(url), body: init.body ? JSON.parse(String(init.body)) : null });
  const next = answers.shift() ?? { status: 200, body: {} };
  if (next === 'network-error') throw new TypeError('Failed to fetch');
  return new Response(JSON.stringify(next.body), { status: next.status, headers: { 'content-type': 'application/json' } });
});

type CartStore = typeof import('@/client/cart.store');
type WishlistStore = typeof import('@/client/wishlist.store');
type CouponStore = typeof import('@/client/coupon.store');
type CartSync = typeof import('./cart.sync');
type ServerTotals = typeof import('./server-totals');
let cart: CartStore;
let wishlist: WishlistStore;
let coupon: CouponStore;
let sync: CartSync;
let totals: ServerTotals;

beforeAll(async () => {
  cart = await import('@/client/cart.store');
  wishlist = await import('@/client/wishlist.store');
  coupon = await import('@/client/coupon.store');
  sync = await import('./cart.sync');
  totals = await import('./server-totals');
});

/** A line as the browser's model holds it (fils)... */
const line = (id: number, quantity = 1) => ({
  productId: id,
  name: `P${id}`,
  quantity,
  unitPrice: fils(100_00),
  discount: 0,
  stock: 5,
  image: '',
  color: null,
  attributeId: null,
});
/** ...and as storage and the API carry it (AED). */
const stored = (id: number, quantity = 1) => ({
  product_id: id,
  name: `P${id}`,
  quantity,
  unit_price: 100,
  stock: 5,
  productImage: '',
  color: null,
  attribute_id: null,
  discount: 0,
  availableStock: 5,
});
const WELCOME5_WIRE = {
  id: 2,
  code: 'WELCOME5',
  discount_type: 'percent' as const,
  discount: 5,
  max_discount: null,
  min_amount: 0,
  end_date: '2099-01-01T00:00:00.000Z',
};
const WELCOME5 = {
  id: 2,
  code: 'WELCOME5',
  discountType: 'percent' as const,
  discount: 5,
  maxDiscount: null,
  minAmount: fils(0),
  endDate: '2099-01-01T00:00:00.000Z',
};
const serverCart = (lines: { product_id: number; quantity: number }[]) => ({
  success: true,
  message: 'Quantity updated',
  data: {
    cart_items: lines.map((l) => ({ ...stored(l.product_id, l.quantity), name: `Server P${l.product_id}`, unit_price: 120, weight: 1 })),
    subtotal: 0,
    discount_amount: 0,
    tax_amount: 0,
    grand_total: 0,
    total_weight: 0,
    heavy: false,
    coupon_error: null,
  },
});

beforeEach(() => {
  cart.clearCart();
  wishlist.clearWishlist();
  coupon.clearCoupon();
  toasts.length = 0;
  requests.length = 0;
  answers = [];
  delete storage.user_id;
});

describe('cart store', () => {
  it('adds a product once; a second add is refused', () => {
    expect(cart.addToCart(line(1))).toBe('added');
    expect(cart.addToCart(line(1, 3))).toBe('already-in-cart');
    expect(cart.$cart.get()).toEqual([line(1)]);
    expect(JSON.parse(storage['cart-storage']!)).toEqual([stored(1)]);
  });

  it('a removed line goes back where it was', () => {
    cart.replaceCart([line(1), line(2), line(3)]);
    const removed = cart.removeFromCart(2)!;
    expect(cart.$cart.get().map((l) => l.productId)).toEqual([1, 3]);
    cart.restoreCartLine(removed.item, removed.index);
    expect(cart.$cart.get().map((l) => l.productId)).toEqual([1, 2, 3]);
  });

  it('emptying the cart clears the coupon, whichever way it empties', () => {
    cart.replaceCart([line(1)]);
    coupon.applyCoupon(WELCOME5);
    cart.removeFromCart(1);
    expect(coupon.$coupon.get()).toBeNull();
    expect(storage.coupon).toBeUndefined();

    cart.replaceCart([line(1)]);
    coupon.applyCoupon(WELCOME5);
    cart.replaceCart([]);
    expect(coupon.$coupon.get()).toBeNull();
  });

  it('the stepper stops at the stock and at 1', () => {
    expect(cart.stepQuantity(4, 1, 5)).toEqual({ quantity: 5, refused: null });
    expect(cart.stepQuantity(5, 1, 5)).toEqual({ quantity: 5, refused: 'stock' });
    expect(cart.stepQuantity(7, 1, 5)).toEqual({ quantity: 7, refused: 'stock' });
    expect(cart.stepQuantity(2, -1, 5)).toEqual({ quantity: 1, refused: null });
    expect(cart.stepQuantity(1, -1, 5)).toEqual({ quantity: 1, refused: 'minimum' });
    expect(cart.stepQuantity(3, 1, 50, 3)).toEqual({ quantity: 3, refused: 'stock' });
  });

  it('keeps only well-formed lines from storage', () => {
    const decoded = cart.decodeList(
      JSON.stringify([stored(1), { product_id: 'x' }, null, { ...stored(2), quantity: 0 }]),
      (v): v is unknown => typeof v === 'object' && v !== null && (v as { product_id?: unknown }).product_id === 1,
    );
    expect(decoded).toEqual([stored(1)]);
    expect(cart.decodeList('not json')).toEqual([]);
  });
});

describe('wishlist store', () => {
  it('ignores an id already present', () => {
    const item = { id: 9, name: 'Safe', image: '', unitPrice: fils(10_00), discount: 0, color: null, colorHex: null };
    expect(wishlist.addToWishlist(item)).toBe(true);
    expect(wishlist.addToWishlist({ ...item, name: 'Other' })).toBe(false);
    expect(wishlist.$wishlist.get()).toEqual([item]);
  });
});

describe('coupon store', () => {
  it('editing the code clears the applied coupon; the same text keeps it', () => {
    coupon.applyCoupon(WELCOME5);
    coupon.couponCodeEdited('WELCOME5');
    expect(coupon.$coupon.get()).toEqual(WELCOME5);
    coupon.couponCodeEdited('WELCOME');
    expect(coupon.$coupon.get()).toBeNull();
  });

  it("turns the API's AED amounts into the pricing module's fils", () => {
    expect(
      coupon.couponTermsOf(
        toCoupon({ ...WELCOME5_WIRE, discount_type: 'amount', discount: 100, max_discount: aed(12.5), min_amount: aed(1000) }),
      ),
    ).toMatchObject({
      discountType: 'amount',
      discount: 10_000,
      maxDiscount: 1_250,
      minAmount: 100_000,
    });
    expect(coupon.couponTermsOf(WELCOME5)).toMatchObject({ discountType: 'percent', discount: 5, maxDiscount: null, minAmount: 0 });
    expect(coupon.readCoupon({ ...WELCOME5_WIRE, discount_type: 'free' })).toBeNull();
  });
});

describe('signed-in sync', () => {
  it("a refused quantity change is rolled back and the server's reason shown", async () => {
    cart.replaceCart([line(1, 2)]);
    cart.setCartQuantity(1, 3);
    answers = [
      { status: 422, body: { success: false, message: 'Quantity exceeded available stock' } },
      { status: 200, body: serverCart([{ product_id: 1, quantity: 2 }]) },
    ];
    const result = await sync.syncQuantity(1, 3, 2);
    expect(result).toEqual({ ok: false, message: 'Quantity exceeded available stock' });
    expect(cart.$cart.get()[0]!.quantity).toBe(2);
    expect(toasts).toContainEqual({ text: 'Quantity exceeded available stock', kind: 'error' });
    expect(requests[0]!.url).toContain('/api/products/update-product-quantity');
    expect(requests[0]!.body).toEqual({ product_id: 1, quantity: 3 });
  });

  it('a network failure rolls a removal back with the generic message', async () => {
    cart.replaceCart([line(1), line(2)]);
    const removed = cart.removeFromCart(1)!;
    answers = ['network-error', 'network-error'];
    const result = await sync.syncRemove(removed.item, removed.index);
    expect(result.ok).toBe(false);
    expect(cart.$cart.get().map((l) => l.productId)).toEqual([1, 2]);
    expect(toasts).toContainEqual({ text: 'Failed to remove', kind: 'error' });
  });

  it('a failed add takes the line out again', async () => {
    cart.addToCart(line(4));
    answers = [{ status: 409, body: { success: false, message: 'Item is already in the cart' } }, 'network-error'];
    await sync.syncAdd(line(4));
    expect(cart.$cart.get()).toEqual([]);
    expect(toasts).toContainEqual({ text: 'Item is already in the cart', kind: 'error' });
  });

  it("the server's answer replaces the cart once nothing newer waits, and the totals are kept in fils", async () => {
    cart.replaceCart([line(1)]);
    cart.setCartQuantity(1, 2);
    const answer = serverCart([{ product_id: 1, quantity: 2 }]);
    answer.data.subtotal = 228.57;
    answer.data.tax_amount = 11.43;
    answer.data.grand_total = 240;
    answers = [{ status: 200, body: answer }];
    const result = await sync.syncQuantity(1, 2, 1);
    expect(result).toEqual({ ok: true, message: 'Quantity updated' });
    expect(cart.$cart.get()[0]).toMatchObject({ name: 'Server P1', unitPrice: 120_00, quantity: 2 });
    expect(totals.$serverCart.get()).toMatchObject({ key: '1x2|', subtotal: 22_857, vat: 1_143, grandTotal: 24_000 });
  });

  it('changes reach the server in order, and an older answer does not undo a newer change', async () => {
    cart.replaceCart([line(1)]);
    cart.setCartQuantity(1, 2);
    const first = sync.syncQuantity(1, 2, 1);
    cart.setCartQuantity(1, 3);
    const second = sync.syncQuantity(1, 3, 2);
    answers = [
      { status: 200, body: serverCart([{ product_id: 1, quantity: 2 }]) },
      { status: 200, body: serverCart([{ product_id: 1, quantity: 3 }]) },
    ];
    await first;
    expect(cart.$cart.get()[0]!.quantity).toBe(3);
    await second;
    expect(requests.map((r) => (r.body as { quantity: number }).quantity)).toEqual([2, 3]);
    expect(cart.$cart.get()[0]).toMatchObject({ quantity: 3, name: 'Server P1' });
  });
});
