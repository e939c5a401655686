// Orders (docs/decisions/0002-money-in-fils-api-in-aed.md, docs/decisions/0020-orders-stock-and-payment.md): the server prices every line from its own data, takes the stock in the
// order's transaction (never below zero, never sold twice), makes one order per cart state, and
// gives stock back when an online order is abandoned, fails or is cancelled. A customer has at
// most one card order awaiting payment; it holds its stock ORDER_HOLD_MINUTES, checking out
// again resumes it, and a payment that comes too late is refunded rather than overselling
// (docs/decisions/0013-order-holds.md).
import { and, desc, eq, gt, ilike, inArray, isNull, lt, or, sql, type Placeholder, type SQL } from 'drizzle-orm';
import type { Db } from '@/server/db/client';
import { builtOnce } from '@/server/db/built-once';
import { products } from '@/server/db/schema/catalog';
import { cartItems } from '@/server/db/schema/shopping';
import { orderEvents, orderLines, orders, processedWebhookEvents } from '@/server/db/schema/orders';
import { users } from '@/server/db/schema/accounts';
import { DomainError, NotFoundError, ValidationError } from '@/server/errors';
import { ORDER_HOLD_MINUTES, ORDER_PAGE_SIZE, holdExpiresAt, todayInDubai } from '@/domain/checkout';
import { checkoutMessages as t } from '@/domain/messages/checkout';
import { lastPageOf } from '@/domain/pager';
import { totalOf } from '@/server/paging';
import { timesQuantity, type Fils } from '@/domain/money';
import { assertWithinCaps, getCart, type CartView } from '@/server/cart/cart.service';
import { deliveryFormUsed, getDeliveryForm, orderAddress, type Address, type DeliveryForm } from '@/server/addresses/address.service';
import { deliveryDetailsOf, deliverySnapshot, type DeliveryDetails } from './delivery-details';
import { addOrderEvent, orderEventRow } from './order-events';

export { deliveryDetailsOf, type DeliveryDetails } from './delivery-details';
import type { Mail, Mailer } from '@/server/mail/mailer';
import { holdExpiredMail, orderConfirmationMail, refundedMail } from '@/server/mail/order-mails';
import { mailsCommitted, queueMail, queueMailStatement, type MailKind } from '@/server/mail/outbox';
import type { PaymentEvent, PaymentIntentView, PaymentProvider } from '@/server/payments/payment-provider';
import type { SessionUser } from '@/server/accounts/session.service';
import { log } from '@/server/log';
import { consumeRateLimit } from '@/server/rate-limit/rate-limit.service';
import { catalogTransaction, touch } from '@/server/cache/invalidate';
import { checkBusinessBuyer, type BusinessBuyer } from '@/domain/business-buyer';
import { issueInvoice, taxDocumentsOfOrder, type TaxCreditNote, type TaxInvoice } from '@/server/invoices/invoice.service';
import { withTaxDocument } from '@/server/invoices/invoice-mail';
import type { InvoiceSettings } from '@/server/invoices/invoice-settings';
import { cacheTags, productTags } from '@/server/cache/tags';

/**
 * New card orders (each a 15-minute hold) per customer: a shopper whose card was declined tries
 * again a few times; cancelling and re-ordering to keep stock out of sale is stopped after 3, so one
 * customer holds at most CART_MAX_UNITS for 45 minutes an hour (docs/decisions/0013-order-holds.md).
 * Resuming the order awaiting payment is not a new hold and is not counted.
 */
export const CARD_HOLDS_PER_CUSTOMER = { name: 'card-hold:customer', limit: 3, windowSeconds: 3600 };

export type Order = typeof orders.$inferSelect;
export type OrderLine = typeof orderLines.$inferSelect;

export interface OrderDeps {
  db: Db;
  /** Sends the queued mails when no outbox sender runs in this process (tests, scripts): see mailsCommitted. */
  mailer: Mailer;
  shopName: string;
  /** null: card payment is switched off (production without keys, docs/decisions/0020-orders-stock-and-payment.md). */
  payments: PaymentProvider | null;
  /** The shop as the supplier on its tax invoices; null or absent: no SHOP_TRN, none is issued (docs/decisions/0051-tax-invoices.md). */
  invoicing?: InvoiceSettings | null;
  now?: () => Date;
}

const clock = (deps: { now?: () => Date }) => (deps.now ? deps.now() : new Date());

export interface PlaceOrderInput {
  addressId: number;
  deliveryFormId?: number | null | undefined;
  couponCode?: string | undefined;
  idempotencyKey?: string | undefined;
  paymentType: 'online' | 'cash_on_delivery';
  /** A VAT-registered buyer's company name and TRN, both or neither (docs/decisions/0051-tax-invoices.md#the-business-buyer). */
  buyerCompany?: string | null | undefined;
  buyerTrn?: string | null | undefined;
}

export interface PlacedOrder {
  order: Order;
  clientSecret: string | null;
}

/** A card order still waiting for its payment, its stock held (until holdExpiresAt(createdAt)). */
export function isAwaitingPayment(order: Pick<Order, 'paymentType' | 'paymentStatus' | 'stockReleasedAt'>): boolean {
  return order.paymentType === 'online' && order.paymentStatus === 'unpaid' && order.stockReleasedAt === null;
}

/** The customer's card orders awaiting payment (at most one: placement keeps it so). */
const awaitingPaymentOf = (userId: number | Placeholder) =>
  and(eq(orders.userId, userId), eq(orders.paymentType, 'online'), eq(orders.paymentStatus, 'unpaid'), isNull(orders.stockReleasedAt));

// The placement's fixed-shape statements, built once (docs/decisions/0040-mail-outbox.md#built-once).
/** One placement per customer at a time, whatever the instance: the customer's row, locked. */
const lockCustomerForPlacement = builtOnce(
  'placement_lock',
  (db) =>
    db
      .select({ id: users.id })
      .from(users)
      .where(eq(users.id, sql.placeholder('userId')))
      .for('update'),
  // At start (warmBuiltStatements): ids begin at 1 and keys are `${userId}:…`, so these match nothing.
  { userId: 0 },
);
/** Whether an order is the one this idempotency key made, as a value. */
const madeWithKey = sql<boolean>`coalesce(${orders.idempotencyKey} = ${sql.placeholder('key')}, false)`;
/** The order this idempotency key made, else the customer's card order awaiting payment; the key's first. */
const keyedOrOpenOrder = builtOnce(
  'placement_keyed_or_open_order',
  (db) =>
    db
      .select({ order: orders, keyed: madeWithKey })
      .from(orders)
      .where(or(eq(orders.idempotencyKey, sql.placeholder('key')), awaitingPaymentOf(sql.placeholder('userId'))))
      .orderBy(desc(madeWithKey), desc(orders.id))
      .limit(1),
  { key: '', userId: 0 },
);
/** Without a key: the customer's card order awaiting payment. */
const openOrder = builtOnce(
  'placement_open_order',
  (db) =>
    db
      .select({ order: orders, keyed: sql<boolean>`false` })
      .from(orders)
      .where(awaitingPaymentOf(sql.placeholder('userId')))
      .orderBy(desc(orders.id))
      .limit(1),
  { userId: 0 },
);

export async function linesOf(db: Db, orderId: number): Promise<OrderLine[]> {
  return db.select().from(orderLines).where(eq(orderLines.orderId, orderId)).orderBy(orderLines.id);
}

async function resumed(deps: OrderDeps, order: Order, email: string): Promise<PlacedOrder> {
  if (order.paymentType !== 'online' || !deps.payments) return { order, clientSecret: null };
  if (order.paymentIntentId) return { order, clientSecret: (await deps.payments.retrieveIntent(order.paymentIntentId)).clientSecret };
  // The first submission has not saved its intent yet: ask for it with the same key, which
  // gives the same intent, so both answers can pay the one order.
  return attachIntent(deps, order, email);
}

async function attachIntent(deps: OrderDeps, order: Order, email: string): Promise<PlacedOrder> {
  const intent = await deps.payments!.createIntent({
    amount: order.grandTotal,
    orderId: order.id,
    customerEmail: email,
    idempotencyKey: `order-${order.id}`,
  });
  const [attached] = await deps.db
    .update(orders)
    .set({ paymentIntentId: intent.id, updatedAt: clock(deps) })
    .where(and(eq(orders.id, order.id), isNull(orders.paymentIntentId)))
    .returning();
  if (attached) return { order: attached, clientSecret: intent.clientSecret };
  const [current] = await deps.db.select().from(orders).where(eq(orders.id, order.id));
  // Another answer attached its intent first: pay that one, the only one the order knows.
  if (current!.paymentIntentId && current!.paymentIntentId !== intent.id) {
    return { order: current!, clientSecret: (await deps.payments!.retrieveIntent(current!.paymentIntentId)).clientSecret };
  }
  return { order: current!, clientSecret: intent.clientSecret };
}

/**
 * Places the customer's cart as an order. Every amount is computed here from the server's own
 * prices; the coupon, the stock and the quantity caps are checked again. One placement per
 * customer runs at a time (a row lock on the customer, on every instance) and reads the cart
 * inside that lock, so parallel submissions make one order per cart state, key or no key: cash
 * empties the cart in the same transaction, and a card submission finds the customer's order
 * awaiting payment and resumes it (same order and intent; lines, totals, stock and the intent's
 * amount follow a changed cart). A repeated submission (same key) returns the first order.
 */
export async function placeOrder(deps: OrderDeps, user: SessionUser, input: PlaceOrderInput): Promise<PlacedOrder> {
  if (input.paymentType === 'online' && !deps.payments) throw new DomainError(t.cardPaymentOff, 422);
  // A repeated submission (same key) is found under the customer's lock, inside the placement:
  // no lookup before it (docs/decisions/0040-mail-outbox.md#checkout-under-load: each statement is a round trip).
  const key = input.idempotencyKey ? `${user.id}:${input.idempotencyKey}` : null;
  // An order awaiting payment that has to go first (its hold ended, or the shopper now pays
  // cash) is closed outside the lock, since closing asks the provider; then placement retries.
  for (let attempt = 0; attempt < 3; attempt++) {
    const placement = await placeLocked(deps, user, input, key);
    if (placement.kind !== 'close-first') return finishPlacement(deps, user, placement);
    if ((await closeOrder(deps, placement.order, 'replaced')) === 'busy') break;
  }
  throw new DomainError(t.paymentInProgress, 409);
}

type Placement =
  | { kind: 'new'; order: Order; mailIds: number[] }
  | { kind: 'resumed'; order: Order }
  | { kind: 'changed'; order: Order; previousTotal: Fils }
  | { kind: 'close-first'; order: Order };

/** What an order made from the cart would hold: the order's fields and its lines. */
interface Draft {
  values: Omit<typeof orders.$inferInsert, 'userId' | 'paymentType' | 'idempotencyKey' | 'createdAt' | 'updatedAt'>;
  lines: Omit<typeof orderLines.$inferInsert, 'orderId'>[];
}

/**
 * The delivery address as an order keeps it: a copy taken when it was placed, stored as JSON with
 * the API's field names (`pincode` is the PO box, docs/glossary.md).
 */
export interface AddressSnapshot {
  name: string;
  phone: string;
  address_type: string;
  flat_building: string;
  address: string;
  locality: string;
  land_mark: string;
  city: string;
  state: string;
  pincode: string;
}

/** An order's delivery address snapshot. */
export const addressSnapshotOf = (order: Pick<Order, 'shippingAddress'>) => order.shippingAddress as AddressSnapshot;

function draftOf(cart: CartView, address: Address, deliveryForm: DeliveryForm | null, buyer: BusinessBuyer | null, now: Date): Draft {
  return {
    values: {
      buyerCompany: buyer?.company ?? null,
      buyerTrn: buyer?.trn ?? null,
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
        pincode: address.poBox,
      } satisfies AddressSnapshot,
      deliveryFormId: deliveryForm?.id ?? null,
      deliveryDetails: deliveryForm ? deliverySnapshot(deliveryForm) : null,
      couponCode: cart.coupon?.code ?? null,
      subTotal: cart.totals.subtotal,
      discountAmount: cart.totals.discount,
      taxAmount: cart.totals.vat,
      grandTotal: cart.totals.grandTotal,
      totalWeightKg: cart.totalWeightKg,
      // The date the shopper chose for a heavy order; otherwise the shipping policy's.
      expectDate: deliveryForm?.dateOfDelivery ?? expectedDelivery(now, address.state),
    },
    lines: cart.lines.map((l) => ({
      productId: l.productId,
      name: l.name,
      sku: l.sku,
      thumbnailImgLink: l.thumbnail,
      unitPrice: l.unitPrice,
      discount: l.discount,
      quantity: l.quantity,
      lineTotal: timesQuantity(l.shelfPrice, l.quantity),
    })),
  };
}

const linesKey = (lines: readonly { productId?: number | null; quantity: number; unitPrice: Fils; discount?: number }[]) =>
  lines
    .map((l) => `${l.productId}:${l.quantity}:${l.unitPrice}:${l.discount ?? 0}`)
    .sort()
    .join(',');
const snapshotKey = (value: unknown) =>
  JSON.stringify(Object.entries(value as Record<string, unknown>).sort(([a], [b]) => a.localeCompare(b)));

/** The order awaiting payment already is what the cart would place now. */
function sameAsDraft(order: Order, lines: OrderLine[], draft: Draft): boolean {
  const v = draft.values;
  return (
    linesKey(lines) === linesKey(draft.lines) &&
    order.grandTotal === v.grandTotal &&
    order.addressId === v.addressId &&
    order.couponCode === v.couponCode &&
    order.deliveryFormId === v.deliveryFormId &&
    order.buyerCompany === v.buyerCompany &&
    order.buyerTrn === v.buyerTrn &&
    snapshotKey(order.shippingAddress) === snapshotKey(v.shippingAddress)
  );
}

async function placeLocked(deps: OrderDeps, user: SessionUser, input: PlaceOrderInput, key: string | null): Promise<Placement> {
  const now = clock(deps);
  const buyer = checkBusinessBuyer(input.buyerCompany, input.buyerTrn);
  if (!buyer.ok)
    throw new ValidationError(buyer.errors.trn ?? buyer.errors.company!, {
      ...(buyer.errors.company ? { buyer_company: [buyer.errors.company] } : {}),
      ...(buyer.errors.trn ? { buyer_trn: [buyer.errors.trn] } : {}),
    });
  const business = buyer.value;
  return catalogTransaction(deps.db, async (tx) => {
    // One placement per customer at a time, whatever the instance: the cart is read, checked
    // and emptied (cash) or held (card) under this lock.
    // The placement's fixed-shape statements are named: PostgreSQL parses and plans each once per
    // connection (docs/decisions/0040-mail-outbox.md#checkout-under-load).
    await lockCustomerForPlacement(tx, { userId: user.id });
    // Then, in one statement of its own (its snapshot is taken after the lock wait, so it sees an
    // order a concurrent placement committed meanwhile): the order this key already made, else
    // the customer's card order awaiting payment.
    const [found] = key ? await keyedOrOpenOrder(tx, { key, userId: user.id }) : await openOrder(tx, { userId: user.id });
    if (found?.keyed) return { kind: 'resumed', order: found.order };
    const open = found?.order;
    if (open && (input.paymentType === 'cash_on_delivery' || holdExpiresAt(open.createdAt) <= now))
      return { kind: 'close-first', order: open };

    const cart = await getCart(tx, user.id, input.couponCode, now, {
      formsOnlyWhenHeavy: true,
      couponUse: { lock: true, exceptOrderId: open?.id ?? null },
    });
    if (cart.lines.length === 0) throw new ValidationError(t.cartEmpty);
    assertWithinCaps(cart.lines.map((l) => l.quantity));
    if (input.couponCode && cart.couponProblem) throw new ValidationError(cart.couponProblem, { coupon: [cart.couponProblem] });
    const destination = await orderAddress(tx, user.id, input.addressId);
    if (!destination) throw new ValidationError(t.addDeliveryAddress, { address_id: [t.addDeliveryAddress] });
    if (input.paymentType === 'cash_on_delivery' && !destination.hasDefault) throw new ValidationError(t.addDeliveryAddress);
    const { address } = destination;
    let deliveryForm: DeliveryForm | null = null;
    if (cart.heavy) {
      // This checkout's form: one another order went through with is that order's (docs/decisions/0026-delivery-form-per-order.md).
      const form = input.deliveryFormId ? await getDeliveryForm(tx, user.id, input.deliveryFormId) : cart.deliveryForm;
      if (!form || (input.deliveryFormId && (await deliveryFormUsed(tx, form.id))))
        throw new ValidationError(t.fillDeliveryDetails, { weight_form_id: [t.fillDeliveryDetails] });
      if (form.dateOfDelivery < todayInDubai(now))
        throw new ValidationError(t.deliveryDateInPast, { weight_form_id: [t.deliveryDateInPast] });
      deliveryForm = form;
    }
    const draft = draftOf(cart, address, deliveryForm, business, now);

    if (open) {
      const held = await linesOf(tx, open.id);
      if (sameAsDraft(open, held, draft)) return { kind: 'resumed', order: open };
      // The cart changed: the same order follows it. Its old units go back and the new ones are
      // taken in this transaction (a line short of stock leaves the order as it was); the hold
      // keeps its first deadline, so resuming never extends it.
      await giveBack(tx, held, false);
      await takeStock(tx, draft.lines, (name) => stockGoneError(name));
      await tx.delete(orderLines).where(eq(orderLines.orderId, open.id));
      await tx.insert(orderLines).values(draft.lines.map((l) => ({ ...l, orderId: open.id })));
      const [changed] = await tx
        .update(orders)
        .set({ ...draft.values, updatedAt: now, version: sql`${orders.version} + 1` })
        .where(eq(orders.id, open.id))
        .returning();
      return { kind: 'changed', order: changed!, previousTotal: open.grandTotal };
    }

    // Counted in this transaction: a placement that fails (stock gone) spends nothing.
    if (input.paymentType === 'online') await consumeRateLimit(tx, CARD_HOLDS_PER_CUSTOMER, String(user.id), t.tooManyCardHolds, now);
    const cash = input.paymentType === 'cash_on_delivery';
    // The order, its lines, its 'placed' event and (cash) the emptied cart: one statement.
    const created = await insertOrder(tx, {
      values: { ...draft.values, userId: user.id, paymentType: input.paymentType, idempotencyKey: key, createdAt: now, updatedAt: now },
      lines: draft.lines,
      emptyCartOf: cash ? user.id : null,
    });
    // The stock last, in one statement: its product rows stay locked from there to the commit
    // only, so concurrent orders of the same products wait on each other the least
    // (docs/decisions/0040-mail-outbox.md#checkout-under-load). A cash order is a sale now (top
    // sellers count it, in the same update); a card order when it is paid. A cash order's
    // confirmation is queued in the same statement: no order without its mail, no mail without its order.
    const lines = draft.lines.map((l) => ({ ...l, discount: l.discount ?? 0 }));
    const mail = cash
      ? queueMailStatement(tx, 'order_confirmation', orderConfirmationMail(deps.shopName, user, created, lines))
      : undefined;
    const { mailIds } = await takeStock(tx, draft.lines, (name) => stockGoneError(name), { countAsSold: cash, mail });
    return { kind: 'new', order: created, mailIds };
  });
}

async function finishPlacement(
  deps: OrderDeps,
  user: SessionUser,
  placement: Exclude<Placement, { kind: 'close-first' }>,
): Promise<PlacedOrder> {
  const { order } = placement;
  if (placement.kind === 'resumed') return resumed(deps, order, user.email);
  if (order.paymentType === 'cash_on_delivery') {
    if (placement.kind === 'new') await mailsCommitted(deps, placement.mailIds);
    return { order, clientSecret: null };
  }
  try {
    if (placement.kind === 'new') return await attachIntent(deps, order, user.email);
    if (order.paymentIntentId && order.grandTotal !== placement.previousTotal)
      await deps.payments!.updateIntent(order.paymentIntentId, order.grandTotal);
    return await resumed(deps, order, user.email);
  } catch (error) {
    log.error(placement.kind === 'new' ? 'creating the payment intent failed' : 'updating the payment intent failed', {
      orderId: order.id,
      error,
    });
    // The order cannot be paid as it stands: closed (its intent canceled first), stock back.
    if (order.paymentIntentId)
      await closeOrder(deps, order, 'failed').catch((closing: unknown) =>
        log.error('closing the order failed', { orderId: order.id, error: closing }),
      );
    else await releaseStock(deps.db, order.id, clock(deps), 'failed');
    throw new PaymentIntentFailedError();
  }
}

class PaymentIntentFailedError extends DomainError {
  constructor() {
    super(t.paymentIntentFailed, 502);
  }
}

function stockGoneError(name: string): ValidationError {
  return new ValidationError(t.stockGone(name), { product_id: [t.stockGone(name)] });
}

type StockLine = { productId?: number | null | undefined; quantity: number; name: string };

/**
 * The lines that still name a product (a deleted product's line keeps only its snapshot), in
 * product order: every stock update goes in this order, so two orders never wait on each other.
 */
function inProductOrder<T extends { productId?: number | null | undefined }>(lines: readonly T[]): (T & { productId: number })[] {
  return lines
    .filter((l): l is T & { productId: number } => typeof l.productId === 'number' && l.productId > 0)
    .sort((a, b) => a.productId - b.productId);
}

/** The units of each product the lines name, in product order (a product on two lines counts once, summed). */
function unitsByProduct(lines: readonly StockLine[]): { productId: number; quantity: number; name: string }[] {
  const units = new Map<number, { productId: number; quantity: number; name: string }>();
  for (const line of inProductOrder(lines)) {
    const seen = units.get(line.productId);
    if (seen) seen.quantity += line.quantity;
    else units.set(line.productId, { productId: line.productId, quantity: line.quantity, name: line.name });
  }
  return [...units.values()];
}

/**
 * Takes the units of every line, or none: a line short of stock throws `shortOf(name)`, which
 * rolls the transaction back. `countAsSold` also adds them to units sold, in the same update;
 * `mail` (a queueMailStatement) is queued in the same statement and its id answered. One
 * statement whatever the number of lines (docs/decisions/0040-mail-outbox.md#checkout-under-load):
 * one conditional decrement per product, each the same single-row update as a statement of its
 * own (PostgreSQL checks it again against the latest row after a lock wait: two buyers of the
 * last unit cannot both pass), run in product order (the select reads them left to right), so
 * two orders never wait on each other in a cycle.
 */
async function takeStock(
  tx: Db,
  lines: readonly StockLine[],
  shortOf: (name: string) => Error,
  options: { countAsSold?: boolean; mail?: ReturnType<typeof queueMailStatement> } = {},
): Promise<{ mailIds: number[] }> {
  const wanted = unitsByProduct(lines);
  if (wanted.length === 0) return { mailIds: options.mail ? [(await options.mail)[0]!.id] : [] };
  const taken = (i: number) => sql.identifier(`taken_${i}`);
  const column = (name: string) => sql.identifier(name);
  // Written out rather than built: an update builder walks every column of products on each call.
  const updates = wanted.map((w, i) => {
    const sold = options.countAsSold ? sql`, ${column(products.unitsSold.name)} = ${products.unitsSold} + ${w.quantity}` : sql``;
    return sql`${taken(i)} as (update ${products} set ${column(products.quantity.name)} = ${products.quantity} - ${w.quantity}${sold}
      where ${products.id} = ${w.productId} and ${products.quantity} >= ${w.quantity} returning ${products.id})`;
  });
  const mail = options.mail ? [sql`mail as (${options.mail.getSQL()})`] : [];
  const result = (await tx.execute(sql`with ${sql.join([...updates, ...mail], sql`, `)}
    select ${sql.join(
      wanted.map((_, i) => sql`(select count(*) from ${taken(i)})::integer as ${sql.identifier(`got_${i}`)}`),
      sql`, `,
    )}, ${options.mail ? sql`(select id from mail)` : sql`null::integer`} as mail_id`)) as unknown as {
    rows: Record<string, number | null>[];
  };
  const [row] = result.rows;
  const short = wanted.find((_, i) => Number(row?.[`got_${i}`]) !== 1);
  if (short) throw shortOf(short.name);
  touch(tx, [...productTags(lines.map((l) => l.productId)), ...(options.countAsSold ? [cacheTags.topSellers] : [])]);
  return { mailIds: row?.mail_id === null || row?.mail_id === undefined ? [] : [Number(row.mail_id)] };
}

/** Inserts an order with its lines and its 'placed' event and (emptyCartOf) empties that customer's cart, in one statement. */
async function insertOrder(
  tx: Db,
  order: { values: typeof orders.$inferInsert; lines: Draft['lines']; emptyCartOf: number | null },
): Promise<Order> {
  const created = tx.$with('created').as(tx.insert(orders).values(order.values).returning());
  const from = (column: string) => sql`(select ${sql.identifier(column)} from ${sql.identifier('created')})`;
  const orderId = from(orders.id.name);
  const withLines = tx.$with('line_rows').as(
    tx
      .insert(orderLines)
      .values(order.lines.map((l) => ({ ...l, orderId })))
      .returning({ id: orderLines.id }),
  );
  const placed = tx.$with('placed').as(
    tx
      .insert(orderEvents)
      .values(
        orderEventRow({
          orderId,
          kind: 'placed',
          toValue: from(orders.deliveryStatus.name),
          amount: order.values.grandTotal,
          at: order.values.createdAt!,
        }),
      )
      .returning({ id: orderEvents.id }),
  );
  const emptied =
    order.emptyCartOf === null
      ? []
      : [tx.$with('emptied').as(tx.delete(cartItems).where(eq(cartItems.userId, order.emptyCartOf)).returning({ id: cartItems.id }))];
  const [row] = await tx
    .with(created, withLines, placed, ...emptied)
    .select()
    .from(created);
  return row!;
}

/** Gives the lines' units back; `uncount` also takes them off units sold (a counted sale undone). */
export async function giveBack(tx: Db, lines: readonly StockLine[], uncount: boolean): Promise<void> {
  for (const line of inProductOrder(lines)) {
    await tx
      .update(products)
      .set({
        quantity: sql`${products.quantity} + ${line.quantity}`,
        ...(uncount ? { unitsSold: sql`greatest(${products.unitsSold} - ${line.quantity}, 0)` } : {}),
      })
      .where(eq(products.id, line.productId));
  }
  touch(tx, [...productTags(lines.map((l) => l.productId)), ...(uncount ? [cacheTags.topSellers] : [])]);
}

/** Top sellers count sales (docs/decisions/0013-order-holds.md): a cash order when placed, a card order when paid. */
async function countSold(tx: Db, lines: readonly { productId?: number | null; quantity: number }[], sign: 1 | -1): Promise<void> {
  for (const line of inProductOrder(lines)) {
    await tx
      .update(products)
      .set({ unitsSold: sql`greatest(${products.unitsSold} + ${sign * line.quantity}, 0)` })
      .where(eq(products.id, line.productId));
  }
  touch(tx, [...productTags(lines.map((l) => l.productId)), cacheTags.topSellers]);
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

/**
 * Gives an order's units back once (abandoned, failed or cancelled); never a paid or refunded
 * order's. `mail`, when given, queues a mail in the same transaction, only when the release
 * took effect; its row ids are added to `mailIds`.
 */
export async function releaseStock(
  db: Db,
  orderId: number,
  now: Date,
  paymentStatus: 'unpaid' | 'failed' = 'unpaid',
  mail?: { mailIds: number[]; queue: (tx: Db) => Promise<number[]> },
): Promise<boolean> {
  return catalogTransaction(db, async (tx) => {
    const [released] = await tx
      .update(orders)
      .set({ stockReleasedAt: now, deliveryStatus: 'cancelled', paymentStatus, updatedAt: now, version: sql`${orders.version} + 1` })
      .where(and(eq(orders.id, orderId), isNull(orders.stockReleasedAt), sql`${orders.paymentStatus} not in ('paid', 'refunded')`))
      .returning({ id: orders.id, paymentType: orders.paymentType });
    if (!released) return false;
    if (paymentStatus === 'failed') await addOrderEvent(tx, { orderId, kind: 'payment', toValue: 'failed', at: now });
    await addOrderEvent(tx, { orderId, kind: 'status', toValue: 'cancelled', at: now });
    // A cash order was counted as sold when placed; a card order only when paid (never here).
    await giveBack(tx, await linesOf(tx, orderId), released.paymentType === 'cash_on_delivery');
    if (mail) mail.mailIds.push(...(await mail.queue(tx)));
    return true;
  });
}

export type CloseOutcome = 'released' | 'paid' | 'refunded' | 'busy' | 'gone';

/**
 * Ends an order awaiting payment (hold expired, cancelled by the shopper, replaced, or its intent
 * could not follow the cart). The intent is canceled with the provider BEFORE the stock goes back,
 * so no payment can land on units sold to someone else; if the payment won the race the order is
 * paid instead (or refunded when it cannot be), and 'busy' (still processing) leaves it for later.
 */
export async function closeOrder(
  deps: OrderDeps,
  order: Order,
  reason: 'expired' | 'cancelled' | 'replaced' | 'failed',
): Promise<CloseOutcome> {
  if (order.paymentIntentId && deps.payments) {
    const intent = await deps.payments.cancelIntent(order.paymentIntentId);
    if (intent.status === 'succeeded') {
      const settled = await settleSucceeded(deps, intent);
      return settled === 'none' ? 'gone' : settled;
    }
    if (intent.status !== 'canceled') return 'busy';
  }
  // Only the caller whose release took effect queues the mail, so two sweeping instances send one mail.
  const mailIds: number[] = [];
  const mail =
    reason === 'expired'
      ? {
          mailIds,
          queue: (tx: Db) =>
            queueCustomerMail(tx, order.userId, 'order_hold_expired', (customer) => holdExpiredMail(deps.shopName, customer, order)),
        }
      : undefined;
  const released = await releaseStock(deps.db, order.id, clock(deps), reason === 'failed' ? 'failed' : 'unpaid', mail);
  if (!released) return 'gone';
  await mailsCommitted(deps, mailIds);
  return 'released';
}

/**
 * The sweeper (docs/decisions/0013-order-holds.md): card orders awaiting payment past their hold (ORDER_HOLD_MINUTES) are closed
 * (intent canceled, then stock back, then one mail). Safe to run on every instance.
 */
export async function releaseAbandonedOrders(deps: OrderDeps): Promise<number> {
  const cutoff = new Date(clock(deps).getTime() - ORDER_HOLD_MINUTES * 60_000);
  const stale = await deps.db
    .select()
    .from(orders)
    .where(
      and(
        eq(orders.paymentType, 'online'),
        inArray(orders.paymentStatus, ['unpaid', 'failed']),
        isNull(orders.stockReleasedAt),
        lt(orders.createdAt, cutoff),
      ),
    );
  let count = 0;
  for (const order of stale) {
    try {
      if ((await closeOrder(deps, order, 'expired')) === 'released') count++;
    } catch (error) {
      // The provider could not be reached: the hold stays and the next sweep tries again.
      log.error('closing an expired order failed', { orderId: order.id, error });
    }
  }
  return count;
}

/** The shopper cancels their own order awaiting payment: the intent is canceled, then the stock goes back. */
export async function cancelOrder(deps: OrderDeps, user: SessionUser, orderId: number): Promise<Order> {
  const order = await getOwnOrder(deps.db, user.id, orderId);
  if (order.paymentStatus === 'paid') throw new DomainError(t.alreadyPaid, 409);
  if (!isAwaitingPayment(order)) throw new DomainError(t.cannotCancel, 409);
  const outcome = await closeOrder(deps, order, 'cancelled');
  if (outcome === 'paid') throw new DomainError(t.alreadyPaid, 409);
  if (outcome === 'busy') throw new DomainError(t.paymentInProgress, 409);
  return getOwnOrder(deps.db, user.id, orderId);
}

/** 'Complete payment' from the order list: the shopper's order awaiting payment and its intent, while the hold lasts. */
export async function resumePayment(deps: OrderDeps, user: SessionUser, orderId: number): Promise<PlacedOrder> {
  const order = await getOwnOrder(deps.db, user.id, orderId);
  if (order.paymentStatus === 'paid') throw new DomainError(t.alreadyPaid, 409);
  if (!isAwaitingPayment(order) || !deps.payments) throw new DomainError(t.cannotCancel, 409);
  if (holdExpiresAt(order.createdAt) <= clock(deps)) throw new DomainError(t.holdExpired, 409);
  return resumed(deps, order, user.email);
}

/**
 * The payment page's order (docs/product.md#payment): the shopper's latest card order awaiting
 * payment while its hold lasts, with its intent's secret, so the page is rendered whole by the
 * server; null when there is none (or card payments are off), and the page sends them to the cart.
 */
export async function pendingPayment(deps: OrderDeps, user: SessionUser): Promise<PlacedOrder | null> {
  if (!deps.payments) return null;
  const heldSince = new Date(clock(deps).getTime() - ORDER_HOLD_MINUTES * 60_000);
  const [order] = await deps.db
    .select()
    .from(orders)
    .where(
      and(
        eq(orders.userId, user.id),
        eq(orders.paymentType, 'online'),
        eq(orders.paymentStatus, 'unpaid'),
        isNull(orders.stockReleasedAt),
        gt(orders.createdAt, heldSince),
      ),
    )
    .orderBy(desc(orders.createdAt), desc(orders.id))
    .limit(1);
  return order ? resumed(deps, order, user.email) : null;
}

class StockGone extends Error {}

/**
 * A succeeded payment: the order is marked paid once, for its own intent and amount. An order
 * whose stock went back takes it again only if every unit is still there; otherwise, or when the
 * amount paid is not the order's total, the payment is refunded through the provider and the
 * order cancelled with a mail: it is never marked paid without its goods (no overselling).
 */
async function settleSucceeded(deps: OrderDeps, intent: PaymentIntentView, checked = false): Promise<'paid' | 'refunded' | 'none'> {
  const now = clock(deps);
  let found: Order | undefined;
  let outcome: 'paid' | 'done' | 'none' | 'mismatch' | 'stock-gone';
  let mailIds: number[] = [];
  try {
    outcome = await catalogTransaction(deps.db, async (tx) => {
      const [row] = await tx.select().from(orders).where(eq(orders.paymentIntentId, intent.id)).for('update');
      found = row;
      if (!row) return 'none';
      if (row.paymentStatus === 'paid' || row.paymentStatus === 'refunded') return 'done';
      if (row.grandTotal !== intent.amount) return 'mismatch';
      const lines = await linesOf(tx, row.id);
      if (row.stockReleasedAt) await takeStock(tx, lines, () => new StockGone());
      const [paid] = await tx
        .update(orders)
        .set({
          paymentStatus: 'paid',
          stockReleasedAt: null,
          deliveryStatus: 'pending',
          updatedAt: now,
          version: sql`${orders.version} + 1`,
        })
        .where(eq(orders.id, row.id))
        .returning();
      found = paid;
      await addOrderEvent(tx, {
        orderId: row.id,
        kind: 'payment',
        fromValue: row.paymentStatus,
        toValue: 'paid',
        amount: row.grandTotal,
        at: now,
      });
      await countSold(tx, lines, 1);
      await tx.delete(cartItems).where(eq(cartItems.userId, row.userId));
      // A card order's supply is its payment (SUPPLY_EVENT): paid with its invoice, or not at all.
      const invoice = await issueInvoice(tx, deps.invoicing, paid!, 'paid', now);
      mailIds = await queueCustomerMail(tx, row.userId, 'order_confirmation', (customer) =>
        withTaxDocument(orderConfirmationMail(deps.shopName, customer, paid!, lines), invoice && { type: 'invoice', id: invoice.id }),
      );
      return 'paid';
    });
  } catch (error) {
    if (!(error instanceof StockGone)) throw error;
    outcome = 'stock-gone';
  }
  const order = found;
  if (!order || outcome === 'none') return 'none';
  if (outcome === 'paid') {
    await mailsCommitted(deps, mailIds);
    return 'paid';
  }
  if (outcome === 'done') return order.paymentStatus === 'paid' ? 'paid' : 'refunded';
  if (outcome === 'mismatch') {
    // A copy of an intent may be stale or not a real payment: the provider says how it stands.
    const real = checked || !deps.payments ? intent : await deps.payments.retrieveIntent(intent.id);
    if (real.status !== 'succeeded') {
      log.warn('a success the provider does not confirm was ignored', { orderId: order.id });
      return 'none';
    }
    if (!checked) return settleSucceeded(deps, real, true);
    log.warn('paid amount differs from the order total: refunding', { orderId: order.id });
  } else {
    log.warn('paid after its stock was sold: refunding', { orderId: order.id });
  }
  await refundAndCancel(deps, order, intent.id);
  return 'refunded';
}

/** Refunds an order's payment in full (once, whoever asks), cancels the order and mails the shopper. */
async function refundAndCancel(deps: OrderDeps, order: Order, intentId: string): Promise<void> {
  if (!deps.payments) throw new Error('a payment to refund while card payments are off');
  await deps.payments.refund(intentId);
  const now = clock(deps);
  let mailIds: number[] = [];
  const cancelled = await catalogTransaction(deps.db, async (tx) => {
    const [row] = await tx.select().from(orders).where(eq(orders.id, order.id)).for('update');
    if (!row || row.paymentStatus === 'paid' || row.paymentStatus === 'refunded') return false;
    await tx
      .update(orders)
      .set({
        paymentStatus: 'refunded',
        deliveryStatus: 'cancelled',
        stockReleasedAt: row.stockReleasedAt ?? now,
        refundedAmount: row.grandTotal,
        updatedAt: now,
        version: sql`${orders.version} + 1`,
      })
      .where(eq(orders.id, row.id));
    await addOrderEvent(tx, {
      orderId: row.id,
      kind: 'payment',
      fromValue: row.paymentStatus,
      toValue: 'refunded',
      amount: row.grandTotal,
      at: now,
    });
    if (row.deliveryStatus !== 'cancelled')
      await addOrderEvent(tx, { orderId: row.id, kind: 'status', fromValue: row.deliveryStatus, toValue: 'cancelled', at: now });
    if (!row.stockReleasedAt) await giveBack(tx, await linesOf(tx, row.id), false);
    mailIds = await queueCustomerMail(tx, row.userId, 'order_refunded', (customer) => refundedMail(deps.shopName, customer, order));
    return true;
  });
  if (cancelled) await mailsCommitted(deps, mailIds);
}

/**
 * The success route's check: asks the provider about the intent (never trusting the query
 * string) and marks the customer's order paid when it succeeded. Answers the intent's status.
 */
export async function confirmPayment(
  deps: OrderDeps,
  user: SessionUser,
  orderId: number,
  paymentIntentId: string,
): Promise<{ status: string; order: Order }> {
  const order = await getOwnOrder(deps.db, user.id, orderId);
  if (!deps.payments || order.paymentIntentId !== paymentIntentId) throw new NotFoundError(t.orderMissing);
  const intent = await deps.payments.retrieveIntent(paymentIntentId);
  if (intent.status === 'succeeded') await settleSucceeded(deps, intent, true);
  return { status: intent.status, order: await getOwnOrder(deps.db, user.id, orderId) };
}

/** The success route's lookup: the customer's order paid through this intent, confirmed with the provider. */
export async function confirmByIntent(
  deps: OrderDeps,
  user: SessionUser,
  paymentIntentId: string,
): Promise<{ status: string; order: Order }> {
  const [order] = await deps.db
    .select({ id: orders.id })
    .from(orders)
    .where(and(eq(orders.paymentIntentId, paymentIntentId), eq(orders.userId, user.id)));
  if (!order) throw new NotFoundError(t.orderMissing);
  return confirmPayment(deps, user, order.id, paymentIntentId);
}

/** The webhook (source of truth): each event is handled once, whatever the retries. */
export async function handlePaymentEvent(deps: OrderDeps, event: PaymentEvent): Promise<'handled' | 'duplicate' | 'ignored'> {
  const [seen] = await deps.db
    .select({ id: processedWebhookEvents.eventId })
    .from(processedWebhookEvents)
    .where(eq(processedWebhookEvents.eventId, event.eventId));
  if (seen) return 'duplicate';
  // Handled first, recorded after: a failure leaves the event unrecorded, so Stripe's retry
  // handles it. Both handlers are idempotent, so a retry racing a late first try changes nothing twice.
  if (event.kind === 'succeeded') await settleSucceeded(deps, event.intent);
  if (event.kind === 'failed') {
    const [order] = await deps.db.select().from(orders).where(eq(orders.paymentIntentId, event.intent.id));
    if (order && order.paymentStatus !== 'paid') await releaseStock(deps.db, order.id, clock(deps), 'failed');
  }
  await deps.db.insert(processedWebhookEvents).values({ eventId: event.eventId, type: event.kind }).onConflictDoNothing();
  return event.kind === 'ignored' ? 'ignored' : 'handled';
}

async function getOwnOrder(db: Db, userId: number, orderId: number): Promise<Order> {
  const [order] = await db
    .select()
    .from(orders)
    .where(and(eq(orders.id, orderId), eq(orders.userId, userId)));
  // Another customer's order is simply not there (404, never 403: its existence is not told).
  if (!order) throw new NotFoundError(t.orderMissing);
  return order;
}

export interface OrderDetail {
  order: Order;
  lines: OrderLine[];
  /** The order's own copy of its delivery location form. */
  deliveryForm: DeliveryDetails | null;
  /** Its tax invoice (null until issued) and the credit notes on it (docs/decisions/0051-tax-invoices.md). */
  taxDocuments: { invoice: TaxInvoice | null; creditNotes: TaxCreditNote[] };
}

export async function getOrderDetail(db: Db, userId: number, orderId: number): Promise<OrderDetail> {
  const order = await getOwnOrder(db, userId, orderId);
  const [lines, taxDocuments] = await Promise.all([linesOf(db, order.id), taxDocumentsOfOrder(db, order.id)]);
  return { order, lines, deliveryForm: deliveryDetailsOf(order), taxDocuments };
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

/**
 * Queues a mail to the order's customer in the caller's transaction (docs/decisions/0040-mail-outbox.md);
 * the caller hands the ids to mailsCommitted after the commit. A customer gone answers no mail.
 */
async function queueCustomerMail(
  tx: Db,
  userId: number,
  kind: MailKind,
  build: (customer: { email: string; name: string }) => Mail,
): Promise<number[]> {
  const [customer] = await tx.select({ email: users.email, name: users.name }).from(users).where(eq(users.id, userId));
  return customer ? [await queueMail(tx, kind, build(customer))] : [];
}
