// Orders (D4, D6): the server prices every line from its own data, takes the stock in the
// order's transaction (never below zero, never sold twice), makes one order per submission, and
// gives stock back when an online order is abandoned, fails or is cancelled.
import { and, desc, eq, ilike, inArray, isNull, lt, or, sql, type SQL } from 'drizzle-orm';
import type { Db } from '@/server/db/client';
import { products } from '@/server/db/schema/catalog';
import { cartItems, deliveryLocationForms } from '@/server/db/schema/shopping';
import { orderLines, orders, processedWebhookEvents } from '@/server/db/schema/orders';
import { users } from '@/server/db/schema/accounts';
import { DomainError, NotFoundError, ValidationError } from '@/server/errors';
import { ABANDONED_ORDER_MINUTES, ORDER_PAGE_SIZE } from '@/domain/checkout';
import { checkoutMessages as t } from '@/domain/messages/checkout';
import { lastPageOf } from '@/domain/pager';
import { totalOf } from '@/server/paging';
import { getCart } from '@/server/cart/cart.service';
import { defaultAddress, getAddress, getDeliveryForm } from '@/server/addresses/address.service';
import type { Mailer } from '@/server/mail/mailer';
import { orderConfirmationMail } from '@/server/mail/order-mails';
import type { PaymentEvent, PaymentIntentView, PaymentProvider } from '@/server/payments/payment-provider';
import type { SessionUser } from '@/server/accounts/session.service';
import { log } from '@/server/log';

export type Order = typeof orders.$inferSelect;
export type OrderLine = typeof orderLines.$inferSelect;

export interface OrderDeps {
  db: Db;
  mailer: Mailer;
  shopName: string;
  /** null: card payment is switched off (production without keys, D6). */
  payments: PaymentProvider | null;
  now?: () => Date;
}

const clock = (deps: { now?: () => Date }) => (deps.now ? deps.now() : new Date());

export interface PlaceOrderInput {
  addressId: number;
  weightFormId?: number | null | undefined;
  couponCode?: string | undefined;
  idempotencyKey?: string | undefined;
  paymentType: 'online' | 'cash_on_delivery';
}

export interface PlacedOrder {
  order: Order;
  clientSecret: string | null;
}

async function orderByKey(db: Db, key: string): Promise<Order | null> {
  const [row] = await db.select().from(orders).where(eq(orders.idempotencyKey, key));
  return row ?? null;
}

async function resumed(deps: OrderDeps, order: Order, email: string): Promise<PlacedOrder> {
  if (order.paymentType !== 'online' || !deps.payments) return { order, clientSecret: null };
  if (order.paymentIntentId) return { order, clientSecret: (await deps.payments.retrieveIntent(order.paymentIntentId)).clientSecret };
  // The first submission has not saved its intent yet: ask for it with the same key, which
  // gives the same intent, so both answers can pay the one order.
  return attachIntent(deps, order, email);
}

async function attachIntent(deps: OrderDeps, order: Order, email: string): Promise<PlacedOrder> {
  const intent = await deps.payments!.createIntent({ amount: order.grandTotal, orderId: order.id, customerEmail: email, idempotencyKey: `order-${order.id}` });
  await deps.db.update(orders).set({ paymentIntentId: intent.id, updatedAt: clock(deps) }).where(and(eq(orders.id, order.id), isNull(orders.paymentIntentId)));
  const [current] = await deps.db.select().from(orders).where(eq(orders.id, order.id));
  // Another answer attached its intent first: pay that one, the only one the order knows.
  if (current!.paymentIntentId && current!.paymentIntentId !== intent.id) {
    return { order: current!, clientSecret: (await deps.payments!.retrieveIntent(current!.paymentIntentId)).clientSecret };
  }
  return { order: current!, clientSecret: intent.clientSecret };
}

/**
 * Places the customer's cart as an order. Every amount is computed here from the server's own
 * prices; the coupon and the stock are checked again; a repeated submission (same key) returns
 * the first order. Cash orders clear the cart at once, card orders when the payment succeeds.
 */
export async function placeOrder(deps: OrderDeps, user: SessionUser, input: PlaceOrderInput): Promise<PlacedOrder> {
  const key = input.idempotencyKey ? `${user.id}:${input.idempotencyKey}` : null;
  if (key) {
    const existing = await orderByKey(deps.db, key);
    if (existing) return resumed(deps, existing, user.email);
  }
  try {
    return await placeNewOrder(deps, user, input, key);
  } catch (error) {
    // The same submission raced itself: the first one won (its key, its stock, or its emptied
    // cart stopped this one), and this answer is that order. A provider failure is this
    // submission's own and is said as it is.
    if (key && !(error instanceof PaymentIntentFailedError)) {
      const existing = await orderByKey(deps.db, key);
      if (existing) return resumed(deps, existing, user.email);
    }
    throw error;
  }
}

async function placeNewOrder(deps: OrderDeps, user: SessionUser, input: PlaceOrderInput, key: string | null): Promise<PlacedOrder> {
  const now = clock(deps);
  if (input.paymentType === 'online' && !deps.payments) throw new DomainError(t.cardPaymentOff, 422);
  const cart = await getCart(deps.db, user.id, input.couponCode, now);
  if (cart.lines.length === 0) throw new ValidationError(t.cartEmpty);
  if (input.couponCode && cart.couponProblem) throw new ValidationError(cart.couponProblem, { coupon: [cart.couponProblem] });
  const address = await getAddress(deps.db, user.id, input.addressId).catch(() => {
    throw new ValidationError(t.addDeliveryAddress, { address_id: [t.addDeliveryAddress] });
  });
  if (input.paymentType === 'cash_on_delivery' && !(await defaultAddress(deps.db, user.id))) throw new ValidationError(t.addDeliveryAddress);
  let weightFormId: number | null = null;
  if (cart.heavy) {
    const form = input.weightFormId ? await getDeliveryForm(deps.db, user.id, input.weightFormId) : cart.weightForm;
    if (!form) throw new ValidationError(t.fillDeliveryDetails, { weight_form_id: [t.fillDeliveryDetails] });
    weightFormId = form.id;
  }

  const order: Order = await deps.db.transaction(async (tx) => {
      for (const line of cart.lines) {
        // Conditional decrement: two buyers of the last unit cannot both pass this line.
        const taken = await tx
          .update(products)
          .set({ quantity: sql`${products.quantity} - ${line.quantity}`, unitsSold: sql`${products.unitsSold} + ${line.quantity}` })
          .where(and(eq(products.id, line.productId), sql`${products.quantity} >= ${line.quantity}`))
          .returning({ id: products.id });
        if (taken.length === 0) throw new ValidationError(t.stockGone(line.name), { product_id: [t.stockGone(line.name)] });
      }
      const [created] = await tx
        .insert(orders)
        .values({
          userId: user.id,
          addressId: address.id,
          shippingAddress: {
            name: address.name,
            phone: address.phone,
            address_type: address.addressType,
            flat_building: address.flatBuilding,
            address: address.address,
            locality: address.locality,
            land_mark: address.landMark,
            city: address.city,
            state: address.state,
            pincode: address.pincode,
          },
          weightFormId,
          couponCode: cart.coupon?.code ?? null,
          subTotal: cart.totals.subtotal,
          discountAmount: cart.totals.discount,
          taxAmount: cart.totals.vat,
          grandTotal: cart.totals.grandTotal,
          totalWeightKg: cart.totalWeightKg,
          paymentType: input.paymentType,
          expectDate: expectedDelivery(now, address.state),
          idempotencyKey: key,
          createdAt: now,
          updatedAt: now,
        })
        .returning();
      await tx.insert(orderLines).values(
        cart.lines.map((l) => ({
          orderId: created!.id,
          productId: l.productId,
          name: l.name,
          sku: l.sku,
          thumbnailImgLink: l.thumbnail,
          unitPrice: l.unitPrice,
          discount: l.discount,
          quantity: l.quantity,
          lineTotal: l.shelfPrice * l.quantity,
        })),
      );
      if (input.paymentType === 'cash_on_delivery') await tx.delete(cartItems).where(eq(cartItems.userId, user.id));
      return created!;
    });

  if (input.paymentType === 'cash_on_delivery') {
    await sendConfirmation(deps, order);
    return { order, clientSecret: null };
  }
  try {
    return await attachIntent(deps, order, user.email);
  } catch (error) {
    log.error('creating the payment intent failed', { orderId: order.id, error });
    await releaseStock(deps.db, order.id, now, 'failed');
    throw new PaymentIntentFailedError();
  }
}

class PaymentIntentFailedError extends DomainError {
  constructor() {
    super(t.paymentIntentFailed, 502);
  }
}

/** Dubai next business day; Abu Dhabi 3-4 working days; the Northern Emirates 4-5 (shipping policy). */
export function expectedDelivery(now: Date, emirate: string): string {
  const days = emirate === 'Dubai' ? 1 : emirate === 'Abu Dhabi' ? 4 : 5;
  const date = new Date(now);
  let added = 0;
  while (added < days) {
    date.setUTCDate(date.getUTCDate() + 1);
    if (date.getUTCDay() !== 0) added++; // Sunday is the UAE's weekly day off for deliveries.
  }
  return date.toISOString().slice(0, 10);
}

/** Gives an order's units back once (abandoned, failed or cancelled). */
export async function releaseStock(db: Db, orderId: number, now: Date, paymentStatus: 'unpaid' | 'failed' = 'unpaid'): Promise<boolean> {
  return db.transaction(async (tx) => {
    const released = await tx
      .update(orders)
      .set({ stockReleasedAt: now, deliveryStatus: 'cancelled', paymentStatus, updatedAt: now })
      .where(and(eq(orders.id, orderId), isNull(orders.stockReleasedAt), sql`${orders.paymentStatus} <> 'paid'`))
      .returning({ id: orders.id });
    if (released.length === 0) return false;
    const lines = await tx.select({ productId: orderLines.productId, quantity: orderLines.quantity }).from(orderLines).where(eq(orderLines.orderId, orderId));
    for (const line of lines) {
      if (line.productId === null) continue;
      await tx
        .update(products)
        .set({ quantity: sql`${products.quantity} + ${line.quantity}`, unitsSold: sql`greatest(${products.unitsSold} - ${line.quantity}, 0)` })
        .where(eq(products.id, line.productId));
    }
    return true;
  });
}

/** Unpaid online orders older than 30 minutes give their stock back (D6). Safe to run on every instance. */
export async function releaseAbandonedOrders(db: Db, now = new Date()): Promise<number> {
  const cutoff = new Date(now.getTime() - ABANDONED_ORDER_MINUTES * 60_000);
  const stale = await db
    .select({ id: orders.id })
    .from(orders)
    .where(and(eq(orders.paymentType, 'online'), inArray(orders.paymentStatus, ['unpaid', 'failed']), isNull(orders.stockReleasedAt), lt(orders.createdAt, cutoff)));
  let count = 0;
  for (const { id } of stale) if (await releaseStock(db, id, now)) count++;
  return count;
}

/** Marks an order paid when the provider says so, for the order's own intent and amount; once. */
async function markPaid(deps: OrderDeps, intent: PaymentIntentView): Promise<Order | null> {
  const now = clock(deps);
  const order = await deps.db.transaction(async (tx) => {
    const [paid] = await tx
      .update(orders)
      .set({ paymentStatus: 'paid', updatedAt: now })
      .where(and(eq(orders.paymentIntentId, intent.id), eq(orders.grandTotal, intent.amount), sql`${orders.paymentStatus} <> 'paid'`))
      .returning();
    if (!paid) return null;
    if (paid.stockReleasedAt) {
      // Paid after its stock went back: take it again where it is still there.
      const lines = await tx.select().from(orderLines).where(eq(orderLines.orderId, paid.id));
      for (const l of lines) {
        if (l.productId === null) continue;
        const taken = await tx
          .update(products)
          .set({ quantity: sql`${products.quantity} - ${l.quantity}`, unitsSold: sql`${products.unitsSold} + ${l.quantity}` })
          .where(and(eq(products.id, l.productId), sql`${products.quantity} >= ${l.quantity}`))
          .returning({ id: products.id });
        if (taken.length === 0) log.warn('paid order lacks stock after release: needs attention', { orderId: paid.id, productId: l.productId });
      }
      await tx.update(orders).set({ stockReleasedAt: null, deliveryStatus: 'pending' }).where(eq(orders.id, paid.id));
    }
    await tx.delete(cartItems).where(eq(cartItems.userId, paid.userId));
    return paid;
  });
  if (order) await sendConfirmation(deps, order);
  return order;
}

/**
 * The success route's check: asks the provider about the intent (never trusting the query
 * string) and marks the customer's order paid when it succeeded. Answers the intent's status.
 */
export async function confirmPayment(deps: OrderDeps, user: SessionUser, orderId: number, paymentIntentId: string): Promise<{ status: string; order: Order }> {
  const order = await getOwnOrder(deps.db, user.id, orderId);
  if (!deps.payments || order.paymentIntentId !== paymentIntentId) throw new NotFoundError(t.orderMissing);
  const intent = await deps.payments.retrieveIntent(paymentIntentId);
  if (intent.status === 'succeeded') await markPaid(deps, intent);
  return { status: intent.status, order: await getOwnOrder(deps.db, user.id, orderId) };
}

/** The success route's lookup: the customer's order paid through this intent, confirmed with the provider. */
export async function confirmByIntent(deps: OrderDeps, user: SessionUser, paymentIntentId: string): Promise<{ status: string; order: Order }> {
  const [order] = await deps.db.select({ id: orders.id }).from(orders).where(and(eq(orders.paymentIntentId, paymentIntentId), eq(orders.userId, user.id)));
  if (!order) throw new NotFoundError(t.orderMissing);
  return confirmPayment(deps, user, order.id, paymentIntentId);
}

/** The webhook (source of truth): each event is handled once, whatever the retries. */
export async function handlePaymentEvent(deps: OrderDeps, event: PaymentEvent): Promise<'handled' | 'duplicate' | 'ignored'> {
  const [seen] = await deps.db.select({ id: processedWebhookEvents.eventId }).from(processedWebhookEvents).where(eq(processedWebhookEvents.eventId, event.eventId));
  if (seen) return 'duplicate';
  // Handled first, recorded after: a failure leaves the event unrecorded, so Stripe's retry
  // handles it. Both handlers are idempotent, so a retry racing a late first try changes nothing twice.
  if (event.kind === 'succeeded') await markPaid(deps, event.intent);
  if (event.kind === 'failed') {
    const [order] = await deps.db.select().from(orders).where(eq(orders.paymentIntentId, event.intent.id));
    if (order && order.paymentStatus !== 'paid') await releaseStock(deps.db, order.id, clock(deps), 'failed');
  }
  await deps.db.insert(processedWebhookEvents).values({ eventId: event.eventId, type: event.kind }).onConflictDoNothing();
  return event.kind === 'ignored' ? 'ignored' : 'handled';
}

async function getOwnOrder(db: Db, userId: number, orderId: number): Promise<Order> {
  const [order] = await db.select().from(orders).where(and(eq(orders.id, orderId), eq(orders.userId, userId)));
  // Another customer's order is simply not there (404, never 403: its existence is not told).
  if (!order) throw new NotFoundError(t.orderMissing);
  return order;
}

export interface OrderDetail {
  order: Order;
  lines: OrderLine[];
  weightForm: typeof deliveryLocationForms.$inferSelect | null;
}

export async function getOrderDetail(db: Db, userId: number, orderId: number): Promise<OrderDetail> {
  const order = await getOwnOrder(db, userId, orderId);
  const [lines, forms] = await Promise.all([
    db.select().from(orderLines).where(eq(orderLines.orderId, order.id)).orderBy(orderLines.id),
    order.weightFormId ? db.select().from(deliveryLocationForms).where(eq(deliveryLocationForms.id, order.weightFormId)) : Promise.resolve([]),
  ]);
  return { order, lines, weightForm: forms[0] ?? null };
}

export async function listOrders(db: Db, userId: number, options: { page: number; search?: string | undefined; filter: string }) {
  const conditions: SQL[] = [eq(orders.userId, userId)];
  if (options.filter !== 'all') conditions.push(sql`${orders.deliveryStatus} = ${options.filter}`);
  if (options.search) {
    const asId = /^#?\d+$/.test(options.search) ? Number(options.search.replace('#', '')) : null;
    const byName = sql`exists (select 1 from ${orderLines} where ${orderLines.orderId} = ${orders.id} and ${ilike(orderLines.name, `%${options.search.replace(/[\\%_]/g, '\\$&')}%`)})`;
    conditions.push(asId !== null ? or(eq(orders.id, asId), byName)! : byName);
  }
  const rows = await db
    .select({ order: orders, total: sql<number>`count(*) over()`.mapWith(Number) })
    .from(orders)
    .where(and(...conditions))
    .orderBy(desc(orders.createdAt), desc(orders.id))
    .limit(ORDER_PAGE_SIZE)
    .offset((options.page - 1) * ORDER_PAGE_SIZE);
  const ids = rows.map((r) => r.order.id);
  const lines = ids.length > 0 ? await db.select().from(orderLines).where(inArray(orderLines.orderId, ids)).orderBy(orderLines.id) : [];
  const total = await totalOf(db, rows, options.page, orders, and(...conditions));
  return {
    items: rows.map((r) => ({ order: r.order, lines: lines.filter((l) => l.orderId === r.order.id) })),
    page: options.page,
    total,
    lastPage: lastPageOf(total, ORDER_PAGE_SIZE),
  };
}

async function sendConfirmation(deps: OrderDeps, order: Order): Promise<void> {
  try {
    const [customer] = await deps.db.select({ email: users.email, name: users.name }).from(users).where(eq(users.id, order.userId));
    const lines = await deps.db.select().from(orderLines).where(eq(orderLines.orderId, order.id)).orderBy(orderLines.id);
    if (customer) await deps.mailer.send(orderConfirmationMail(deps.shopName, customer, order, lines));
  } catch (error) {
    // The order stands; a mail that failed is logged for the shop to resend.
    log.error('order confirmation mail failed', { orderId: order.id, error });
  }
}
