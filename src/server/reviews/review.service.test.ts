import { describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import type { Db } from '@/server/db/client';
import { products } from '@/server/db/schema/catalog';
import { orderLines, orders } from '@/server/db/schema/orders';
import { reviews } from '@/server/db/schema/shopping';
import { NotFoundError, TooManyRequestsError, ValidationError } from '@/server/errors';
import type { SessionUser } from '@/server/accounts/session.service';
import { reviewMessages } from '@/domain/messages/reviews';
import { useFreshDatabase } from '../../../tests/db';
import { insertProduct, insertReview, type ProductRow } from '../../../tests/factories';
import { insertUser } from '../../../tests/accounts';
import { findOwnReview, listReviews, REVIEW_LIMIT_PER_ADDRESS, saveReview } from './review.service';
import { fils } from '@/domain/money';

const day = (n: number) => new Date(Date.UTC(2026, 0, n, 9));
let db: Db;
let safe: ProductRow, shredder: ProductRow, hidden: ProductRow;
let addressCounter = 0;
/** Each save from its own address, so the per-address limit stays out of the way. */
const freshAddress = () => `203.0.113.${++addressCounter}`;

useFreshDatabase(async (database) => {
  db = database.db;
  safe = await insertProduct(db, { name: 'Home Safe' });
  shredder = await insertProduct(db, { name: 'Shredder' });
  hidden = await insertProduct(db, { name: 'Hidden', published: false });
});

async function customer(name = 'Reem Ali'): Promise<SessionUser> {
  const row = await insertUser(db, { name });
  return { id: row.id, name: row.name, email: row.email, profilePicture: null };
}

type OrderState = Pick<typeof orders.$inferInsert, 'paymentType' | 'paymentStatus' | 'deliveryStatus'>;

async function orderOf(userId: number, productId: number, state: OrderState) {
  const [order] = await db
    .insert(orders)
    .values({ userId, shippingAddress: {}, subTotal: fils(1000), taxAmount: fils(50), grandTotal: fils(1050), ...state })
    .returning();
  await db.insert(orderLines).values({
    orderId: order!.id,
    productId,
    name: 'x',
    sku: 'x',
    thumbnailImgLink: '/x.svg',
    unitPrice: fils(1000),
    quantity: 1,
    lineTotal: fils(1000),
  });
  return order!;
}

const productRating = async (id: number) =>
  (await db.select({ rating: products.rating, reviewCount: products.reviewCount }).from(products).where(eq(products.id, id)))[0];

describe('listReviews', () => {
  it("lists a product's reviews newest first with paging", async () => {
    const product = await insertProduct(db);
    const other = await insertProduct(db);
    const older = await insertReview(db, product.id, { rating: 4, comments: 'Solid', customerName: 'Aisha', createdAt: day(20) });
    const newer = await insertReview(db, product.id, { rating: 5, comments: 'Great', customerName: 'Omar', createdAt: day(25) });
    await insertReview(db, other.id, { createdAt: day(30) });
    const page = await listReviews(db, product.id, 1, 10);
    expect(page.items.map((r) => r.id)).toEqual([newer.id, older.id]);
    expect(page.items[0]).toMatchObject({
      rating: 5,
      comments: 'Great',
      customerName: 'Omar',
      createdAt: day(25),
      verifiedPurchase: false,
    });
    expect(page).toMatchObject({ total: 2, lastPage: 1 });
    const second = await listReviews(db, product.id, 2, 1);
    expect(second.items.map((r) => r.id)).toEqual([older.id]);
    expect(second).toMatchObject({ total: 2, lastPage: 2 });
    expect(await listReviews(db, (await insertProduct(db)).id, 1, 10)).toMatchObject({ items: [], total: 0, lastPage: 1 });
  });
});

describe('saveReview', () => {
  it('adds the first review and sets the product average and count', async () => {
    const product = await insertProduct(db);
    const reem = await customer('Reem');
    const saved = await saveReview(db, reem, { product_id: product.id, rating: 4, comments: 'Heavy and solid' }, freshAddress());
    expect(saved.created).toBe(true);
    expect(saved.review).toMatchObject({ rating: 4, comments: 'Heavy and solid', customerName: 'Reem', verifiedPurchase: false });
    expect(saved.product).toEqual({ rating: 4, reviewCount: 1 });
    expect(await productRating(product.id)).toEqual({ rating: 4, reviewCount: 1 });

    const omar = await customer('Omar');
    const second = await saveReview(db, omar, { product_id: product.id, rating: 1, comments: 'Arrived late' }, freshAddress());
    expect(second.product).toEqual({ rating: 2.5, reviewCount: 2 });
    const third = await saveReview(db, await customer('Sara'), { product_id: product.id, rating: 5, comments: 'Good' }, freshAddress());
    // (4 + 1 + 5) / 3, kept to two places.
    expect(third.product).toEqual({ rating: 3.33, reviewCount: 3 });
  });

  it('keeps one review per customer and product: a second one updates the first', async () => {
    const product = await insertProduct(db);
    const reem = await customer('Reem');
    const first = await saveReview(db, reem, { product_id: product.id, rating: 2, comments: 'Scratched door' }, freshAddress());
    const again = await saveReview(db, reem, { product_id: product.id, rating: 5, comments: 'The shop replaced it' }, freshAddress());
    expect(again.created).toBe(false);
    expect(again.review.id).toBe(first.review.id);
    expect(again.product).toEqual({ rating: 5, reviewCount: 1 });
    const rows = await db.select().from(reviews).where(eq(reviews.productId, product.id));
    expect(rows).toHaveLength(1);
    expect(rows[0]).toMatchObject({ rating: 5, comments: 'The shop replaced it', userId: reem.id });
    expect(await findOwnReview(db, reem.id, product.id)).toMatchObject({ id: first.review.id, rating: 5 });
    expect(await findOwnReview(db, reem.id, shredder.id)).toBeNull();
    // The same customer may still review another product.
    expect((await saveReview(db, reem, { product_id: shredder.id, rating: 3, comments: 'Loud' }, freshAddress())).created).toBe(true);
  });

  it('counts reviews written without an account (seeded) in the average', async () => {
    const product = await insertProduct(db);
    await insertReview(db, product.id, { rating: 5 });
    await insertReview(db, product.id, { rating: 5 });
    const saved = await saveReview(db, await customer(), { product_id: product.id, rating: 2, comments: 'Meh' }, freshAddress());
    expect(saved.product).toEqual({ rating: 4, reviewCount: 3 });
  });

  it('keeps the count and average right when many customers review one product at once', async () => {
    const product = await insertProduct(db);
    const writers = await Promise.all(Array.from({ length: 8 }, (_, i) => customer(`Writer ${i}`)));
    await Promise.all(
      writers.map((w, i) => saveReview(db, w, { product_id: product.id, rating: (i % 5) + 1, comments: `Review ${i}` }, freshAddress())),
    );
    // Ratings 1,2,3,4,5,1,2,3: sum 21 over 8.
    expect(await productRating(product.id)).toEqual({ rating: 2.63, reviewCount: 8 });
  });

  it('marks a review as a verified purchase when the writer has a paid or delivered order of the product', async () => {
    const product = await insertProduct(db);
    const paid = await customer('Paid');
    const delivered = await customer('Delivered COD');
    const pendingCod = await customer('Pending COD');
    const cancelled = await customer('Cancelled');
    const otherProduct = await customer('Other product');
    await orderOf(paid.id, product.id, { paymentType: 'online', paymentStatus: 'paid', deliveryStatus: 'pending' });
    await orderOf(delivered.id, product.id, { paymentType: 'cash_on_delivery', paymentStatus: 'unpaid', deliveryStatus: 'delivered' });
    const codOrder = await orderOf(pendingCod.id, product.id, {
      paymentType: 'cash_on_delivery',
      paymentStatus: 'unpaid',
      deliveryStatus: 'pending',
    });
    await orderOf(cancelled.id, product.id, { paymentType: 'online', paymentStatus: 'paid', deliveryStatus: 'cancelled' });
    await orderOf(otherProduct.id, shredder.id, { paymentType: 'online', paymentStatus: 'paid', deliveryStatus: 'delivered' });
    const marks: Record<string, boolean> = {};
    for (const writer of [paid, delivered, pendingCod, cancelled, otherProduct]) {
      marks[writer.name] = (
        await saveReview(db, writer, { product_id: product.id, rating: 4, comments: 'Fine' }, freshAddress())
      ).review.verifiedPurchase;
    }
    expect(marks).toEqual({ Paid: true, 'Delivered COD': true, 'Pending COD': false, Cancelled: false, 'Other product': false });
    // The mark is worked out when read: the cash order arrives, and the review gains it.
    await db.update(orders).set({ deliveryStatus: 'delivered' }).where(eq(orders.id, codOrder.id));
    const listed = await listReviews(db, product.id, 1, 10);
    expect(listed.items.find((r) => r.customerName === 'Pending COD')?.verifiedPurchase).toBe(true);
  });

  it('refuses a customer without a name, an unknown or hidden product, and changes nothing', async () => {
    const product = await insertProduct(db);
    const nameless: SessionUser = { ...(await customer()), name: '  ' };
    await expect(saveReview(db, nameless, { product_id: product.id, rating: 5, comments: 'x' }, freshAddress())).rejects.toThrow(
      new ValidationError(reviewMessages.nameRequired),
    );
    const writer = await customer();
    await expect(saveReview(db, writer, { product_id: 999_999, rating: 5, comments: 'x' }, freshAddress())).rejects.toBeInstanceOf(
      NotFoundError,
    );
    await expect(saveReview(db, writer, { product_id: hidden.id, rating: 5, comments: 'x' }, freshAddress())).rejects.toBeInstanceOf(
      NotFoundError,
    );
    expect(await productRating(product.id)).toEqual({ rating: 0, reviewCount: 0 });
    expect(await db.select().from(reviews).where(eq(reviews.userId, writer.id))).toHaveLength(0);
  });

  it('limits reviews per client address', async () => {
    const address = '192.0.2.200';
    const writer = await customer();
    for (let i = 0; i < REVIEW_LIMIT_PER_ADDRESS.limit; i++) {
      await saveReview(db, writer, { product_id: safe.id, rating: 5, comments: `Edit ${i}` }, address);
    }
    await expect(saveReview(db, writer, { product_id: safe.id, rating: 1, comments: 'One more' }, address)).rejects.toBeInstanceOf(
      TooManyRequestsError,
    );
    expect((await findOwnReview(db, writer.id, safe.id))?.comments).toBe(`Edit ${REVIEW_LIMIT_PER_ADDRESS.limit - 1}`);
    // Another customer elsewhere writes; this customer, elsewhere, has used up the per-customer limit too.
    await saveReview(db, await customer(), { product_id: safe.id, rating: 1, comments: 'From elsewhere' }, '192.0.2.201');
    await expect(
      saveReview(db, writer, { product_id: safe.id, rating: 1, comments: 'Moved address' }, '192.0.2.202'),
    ).rejects.toBeInstanceOf(TooManyRequestsError);
  });
});
