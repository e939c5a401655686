// The signed-in customer's cart. Prices, stock and totals always come from the server's own
// data through the one pricing module (docs/decisions/0002-money-in-fils-api-in-aed.md); whatever prices a client sends are ignored.
import { and, asc, eq, inArray, sql } from 'drizzle-orm';
import type { Db } from '@/server/db/client';
import { builtOnce } from '@/server/db/built-once';
import { products } from '@/server/db/schema/catalog';
import { cartItems } from '@/server/db/schema/shopping';
import { ConflictError, DomainError, NotFoundError, ValidationError } from '@/server/errors';
import { cartMessages as t } from '@/domain/messages/cart';
import { cartTotals, couponShortfall, shelfPrice, type CartTotals } from '@/domain/pricing';
import { formatPrice, type Fils } from '@/domain/money';
import { HEAVY_CART_KG } from '@/domain/constants';
import { CART_MAX_QUANTITY, CART_MAX_UNITS, cartCapProblem } from '@/domain/cart-rules';
import { CouponMinimumError, checkCoupon, couponTerms, type Coupon, type CouponUseCheck } from '@/server/coupons/coupon.service';
import { checkoutDeliveryForm, lastDeliveryForm, type DeliveryForm } from '@/server/addresses/address.service';
import { todayInDubai } from '@/domain/checkout';

export interface CartLine {
  productId: number;
  name: string;
  sku: string;
  thumbnail: string;
  unitPrice: Fils;
  /** Percent off the unit price. */
  discount: number;
  shelfPrice: Fils;
  quantity: number;
  stock: number;
  weightKg: number;
  color: string | null;
  attributeId: number | null;
}

export interface CartView {
  lines: CartLine[];
  totals: CartTotals;
  totalWeightKg: number;
  heavy: boolean;
  coupon: Coupon | null;
  /** Why a requested coupon gives nothing, when it does not apply. */
  couponProblem: string | null;
  /** This checkout's delivery location form, once filled (docs/decisions/0026-delivery-form-per-order.md). */
  deliveryForm: DeliveryForm | null;
  /** The customer's latest form, to prefill this checkout's. */
  lastDeliveryForm: DeliveryForm | null;
}

async function publishedProduct(db: Db, productId: number) {
  const [row] = await db
    .select({ id: products.id, quantity: products.quantity, colorName: products.colorName })
    .from(products)
    .where(and(eq(products.id, productId), eq(products.published, true)));
  if (!row) throw new NotFoundError(t.productMissing);
  return row;
}

function stockError(): ValidationError {
  return new ValidationError(t.quantityExceeded, { quantity: [t.quantityExceeded] });
}

/**
 * Refuses quantities over the caps (per line and per cart, domain/cart-rules.ts): the cart and
 * order placement both check them, so no client can hold more (docs/decisions/0013-order-holds.md).
 */
export function assertWithinCaps(quantities: readonly number[]): void {
  const problem = cartCapProblem(quantities);
  if (!problem) return;
  const message = problem === 'line' ? t.lineCap(CART_MAX_QUANTITY) : t.orderCap(CART_MAX_UNITS);
  throw new ValidationError(message, { quantity: [message] });
}

/** The quantities of the customer's other lines, for the per-cart cap. */
async function otherQuantities(db: Db, userId: number, productId: number): Promise<number[]> {
  const rows = await db
    .select({ productId: cartItems.productId, quantity: cartItems.quantity })
    .from(cartItems)
    .where(eq(cartItems.userId, userId));
  return rows.filter((r) => r.productId !== productId).map((r) => r.quantity);
}

/** Adds a product once; a second add is refused with 'Item is already in the cart'. */
export async function addToCart(
  db: Db,
  userId: number,
  input: { productId: number; quantity: number; color?: string | null | undefined; attributeId?: number | null | undefined },
): Promise<void> {
  const product = await publishedProduct(db, input.productId);
  if (product.quantity <= 0) throw new ValidationError(t.outOfStock, { product_id: [t.outOfStock] });
  if (input.quantity > product.quantity) throw stockError();
  assertWithinCaps([...(await otherQuantities(db, userId, input.productId)), input.quantity]);
  const inserted = await db
    .insert(cartItems)
    .values({
      userId,
      productId: input.productId,
      quantity: input.quantity,
      color: input.color ?? product.colorName,
      attributeId: input.attributeId ?? null,
    })
    .onConflictDoNothing()
    .returning({ id: cartItems.id });
  if (inserted.length === 0) throw new ConflictError(t.alreadyInCart);
}

/** Why a guest line did not come into the account's cart whole (docs/product.md#after-sign-in). */
export type MergeShortfallReason = 'unavailable' | 'out-of-stock' | 'stock' | 'line-cap' | 'cart-cap';

/** A guest line the merge could not take whole: how many were asked for, how many the cart now holds, and why. */
export interface MergeShortfall {
  productId: number;
  requested: number;
  kept: number;
  reason: MergeShortfallReason;
}

/**
 * Merges a guest cart after sign-in: new products are added, known ones keep the larger
 * quantity, all within stock and the caps (what passes a cap is left out, not refused).
 * Answers each line that did not come in whole, so the browser can show it instead of letting
 * it vanish (docs/decisions/0030-nothing-vanishes-and-coupon-states.md).
 */
export async function mergeCart(
  db: Db,
  userId: number,
  lines: { productId: number; quantity: number; color?: string | null | undefined }[],
): Promise<MergeShortfall[]> {
  if (lines.length === 0) return [];
  const held = new Map(
    (
      await db.select({ productId: cartItems.productId, quantity: cartItems.quantity }).from(cartItems).where(eq(cartItems.userId, userId))
    ).map((r) => [r.productId, r.quantity]),
  );
  let total = [...held.values()].reduce((sum, q) => sum + q, 0);
  const ids = [...new Set(lines.map((l) => l.productId))];
  const stock = new Map(
    (
      await db
        .select({ id: products.id, quantity: products.quantity, colorName: products.colorName })
        .from(products)
        .where(and(inArray(products.id, ids), eq(products.published, true)))
    ).map((p) => [p.id, p]),
  );
  for (const line of lines) {
    const product = stock.get(line.productId);
    if (!product || product.quantity <= 0) continue;
    const before = held.get(line.productId) ?? 0;
    const room = CART_MAX_UNITS - total + before;
    const quantity = Math.min(line.quantity, product.quantity, CART_MAX_QUANTITY, room);
    if (quantity < 1) continue;
    const after = Math.min(Math.max(before, quantity), product.quantity);
    total += after - before;
    held.set(line.productId, after);
    await db
      .insert(cartItems)
      .values({ userId, productId: line.productId, quantity, color: line.color ?? product.colorName })
      .onConflictDoUpdate({
        target: [cartItems.userId, cartItems.productId],
        set: { quantity: sql`least(greatest(${cartItems.quantity}, ${quantity}), ${product.quantity})` },
      });
  }
  const shortfalls: MergeShortfall[] = [];
  for (const productId of ids) {
    const requested = Math.max(...lines.filter((l) => l.productId === productId).map((l) => l.quantity));
    const product = stock.get(productId);
    const kept = product ? (held.get(productId) ?? 0) : 0;
    if (kept >= requested) continue;
    let reason: MergeShortfallReason;
    if (!product) reason = 'unavailable';
    else if (product.quantity <= 0 && kept === 0) reason = 'out-of-stock';
    else if (product.quantity < requested) reason = 'stock';
    else if (requested > CART_MAX_QUANTITY) reason = 'line-cap';
    else reason = 'cart-cap';
    shortfalls.push({ productId, requested, kept, reason });
  }
  return shortfalls;
}

export async function updateQuantity(db: Db, userId: number, productId: number, quantity: number): Promise<void> {
  const product = await publishedProduct(db, productId);
  if (quantity > product.quantity) throw stockError();
  assertWithinCaps([...(await otherQuantities(db, userId, productId)), quantity]);
  const updated = await db
    .update(cartItems)
    .set({ quantity })
    .where(and(eq(cartItems.userId, userId), eq(cartItems.productId, productId)))
    .returning({ id: cartItems.id });
  if (updated.length === 0) throw new NotFoundError(t.productMissing);
}

export async function removeFromCart(db: Db, userId: number, productId: number): Promise<void> {
  const removed = await db
    .delete(cartItems)
    .where(and(eq(cartItems.userId, userId), eq(cartItems.productId, productId)))
    .returning({ id: cartItems.id });
  if (removed.length === 0) throw new NotFoundError(t.removeFailed);
}

/** Prices a guest's lines from the server's own products, within stock (a guest cannot buy more than there is). */
export async function priceLines(db: Db, lines: { productId: number; quantity: number }[]) {
  if (lines.length === 0) return [];
  const rows = await db
    .select({ id: products.id, unitPrice: products.unitPrice, discount: products.discount, stock: products.quantity })
    .from(products)
    .where(
      and(
        inArray(
          products.id,
          lines.map((l) => l.productId),
        ),
        eq(products.published, true),
      ),
    );
  const byId = new Map(rows.map((r) => [r.id, r]));
  return lines.flatMap((l) => {
    const p = byId.get(l.productId);
    return p && p.stock > 0 ? [{ unitPrice: p.unitPrice, discount: p.discount, quantity: Math.min(l.quantity, p.stock) }] : [];
  });
}

/** The cart with totals computed by the pricing module; a coupon that does not apply gives no discount and says why (docs/product.md#coupons). */
/** The cart's lines with their products, built once (docs/decisions/0040-mail-outbox.md#built-once): every cart view and placement reads it. */
const cartLines = builtOnce(
  'cart_lines',
  (db) =>
    db
      .select({
        productId: products.id,
        name: products.name,
        sku: products.sku,
        thumbnail: products.thumbnailImgLink,
        unitPrice: products.unitPrice,
        discount: products.discount,
        quantity: cartItems.quantity,
        stock: products.quantity,
        weightKg: products.weightKg,
        color: cartItems.color,
        attributeId: cartItems.attributeId,
      })
      .from(cartItems)
      .innerJoin(products, eq(products.id, cartItems.productId))
      .where(and(eq(cartItems.userId, sql.placeholder('userId')), eq(products.published, true)))
      .orderBy(asc(cartItems.createdAt), asc(cartItems.id)),
  // At start (warmBuiltStatements): ids begin at 1.
  { userId: 0 },
);

export async function getCart(
  db: Db,
  userId: number,
  couponCode?: string,
  now = new Date(),
  options: {
    /** Placement reads the delivery forms only for a heavy cart: two statements fewer in its transaction. */
    formsOnlyWhenHeavy?: boolean;
    /** Placement locks the coupon while it counts its uses (docs/decisions/0047-coupons-by-staff.md). */
    couponUse?: Omit<CouponUseCheck, 'userId'>;
  } = {},
): Promise<CartView> {
  const rows = await cartLines(db, { userId });
  const lines: CartLine[] = rows.map((r) => ({ ...r, shelfPrice: shelfPrice(r.unitPrice, r.discount) }));
  let coupon: Coupon | null = null;
  let couponProblem: string | null = null;
  const plain = cartTotals(lines, null, now);
  if (couponCode) {
    try {
      coupon = await checkCoupon(db, couponCode, plain.subtotal, now, { userId, ...options.couponUse });
    } catch (error) {
      if (!(error instanceof DomainError)) throw error;
      // Under the minimum, the cart says how much more to add (docs/product.md#coupons).
      couponProblem =
        error instanceof CouponMinimumError
          ? t.couponAddMore(formatPrice(couponShortfall(plain.shelfTotal, error.coupon.minAmount)), error.coupon.code)
          : error.message;
    }
  }
  const totals = coupon ? cartTotals(lines, couponTerms(coupon), now) : plain;
  const totalWeightKg = Math.round(lines.reduce((sum, l) => sum + l.weightKg * l.quantity, 0) * 100) / 100;
  const heavy = totalWeightKg > HEAVY_CART_KG;
  const readForms = heavy || !options.formsOnlyWhenHeavy;
  const deliveryForm = readForms ? await checkoutDeliveryForm(db, userId, todayInDubai(now)) : null;
  const lastForm = readForms ? (deliveryForm ?? (await lastDeliveryForm(db, userId))) : null;
  return {
    lines,
    totals,
    totalWeightKg,
    heavy,
    coupon,
    couponProblem,
    deliveryForm,
    lastDeliveryForm: lastForm,
  };
}

/**
 * The pre-tax subtotal a coupon's minimum is compared with: the signed-in customer's own cart
 * (whatever lines are claimed), or a guest's lines priced from the server's products.
 */
export async function subtotalFor(
  db: Db,
  user: { id: number } | null,
  guestLines: { productId: number; quantity: number }[],
  now = new Date(),
): Promise<Fils> {
  if (user) return (await getCart(db, user.id, undefined, now)).totals.subtotal;
  return cartTotals(await priceLines(db, guestLines), null, now).subtotal;
}
