// Reviews through /api as the product page calls them (docs/product.md#product-page).
import { describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import type { Db } from '@/server/db/client';
import { reviews } from '@/server/db/schema/shopping';
import { orderLines, orders } from '@/server/db/schema/orders';
import { reviewMessages } from '@/domain/messages/reviews';
import { REVIEW_LIMIT_PER_ADDRESS, REVIEW_LIMIT_PER_CUSTOMER } from '@/server/reviews/review.service';
import { useFreshDatabase } from '../../../tests/db';
import { insertProduct, type ProductRow } from '../../../tests/factories';
import { signedInCustomer, type Customer } from '../../../tests/shopping';
import { callEndpoint, type EndpointCall } from '../../../tests/api';
import { catalogApi } from '@/domain/api/catalog';
import { reviewsApi } from '@/domain/api/reviews';
import type { BodyInput, Endpoint } from '@/domain/api/endpoint';
import { fils } from '@/domain/money';

let db: Db;
let safe: ProductRow;
let addressCounter = 0;

useFreshDatabase(async (database) => {
  db = database.db;
  safe = await insertProduct(db, { name: 'Reviewable Vault Safe RV-90', sku: 'RV-90' });
});

/** Each call from its own client address unless one is given: the limit has its own test. */
const call = <E extends Endpoint>(endpoint: E, options: EndpointCall<E> = {}) =>
  callEndpoint(db, endpoint, { ...options, deps: { clientAddress: `198.51.100.${(++addressCounter % 250) + 1}`, ...options.deps } });
/** As the review dialog sends it: a URL-encoded form. */
const addReview = (as: Customer | null, body: BodyInput<typeof reviewsApi.add>, options: EndpointCall<typeof reviewsApi.add> = {}) =>
  call(reviewsApi.add, { body, encoding: 'form', as, ...options });
const rowsOf = (productId: number) => db.select().from(reviews).where(eq(reviews.productId, productId));

describe('POST /api/products/add-review', () => {
  it('refuses a signed-out visitor with 401 and stores nothing', async () => {
    const r = await addReview(null, { product_id: safe.id, rating: 5, comments: 'Great' });
    expect(r.status).toBe(401);
    expect(r.success).toBe(false);
    expect(await rowsOf(safe.id)).toHaveLength(0);
  });

  it('refuses a missing or out-of-range rating and an empty comment with the spec messages under the fields', async () => {
    const reem = await signedInCustomer(db);
    for (const rating of ['0', '6', '4.5', 'five', '']) {
      const r = await addReview(reem, { product_id: safe.id, rating, comments: 'Fine' });
      expect(r.status, `rating ${rating}`).toBe(422);
      expect(r.data).toEqual({ rating: [reviewMessages.ratingRequired] });
    }
    const noComment = await addReview(reem, { product_id: safe.id, rating: 4, comments: '   ' });
    expect(noComment.status).toBe(422);
    expect(noComment.data).toEqual({ comments: [reviewMessages.commentRequired] });
    // Rating and comment left out, as no form sends it.
    const nothing = await addReview(reem, { product_id: safe.id } as BodyInput<typeof reviewsApi.add>);
    expect(nothing.data).toEqual({ rating: [reviewMessages.ratingRequired], comments: [reviewMessages.commentRequired] });
    expect(await rowsOf(safe.id)).toHaveLength(0);
  });

  it("refuses another customer's id (403) and an unknown product (404)", async () => {
    const reem = await signedInCustomer(db);
    const other = await signedInCustomer(db);
    const forged = await addReview(reem, { product_id: safe.id, rating: 1, comments: 'Bad', customer_id: other.user.id });
    expect(forged.status).toBe(403);
    expect((await addReview(reem, { product_id: 999_999, rating: 5, comments: 'Hm' })).status).toBe(404);
    expect(await rowsOf(safe.id)).toHaveLength(0);
  });

  it('keeps one review per customer: the second updates the first, and the average follows at once everywhere', async () => {
    const product = await insertProduct(db, { name: 'Averaged Filing Cabinet AF-4', sku: 'AF-4' });
    const reem = await signedInCustomer(db);
    const omar = await signedInCustomer(db);
    const first = await addReview(reem, { product_id: product.id, rating: 2, comments: 'Dented drawer', customer_id: reem.user.id });
    expect(first.status).toBe(201);
    expect(first).toMatchObject({ success: true, message: reviewMessages.added });
    expect(first.data).toMatchObject({
      created: true,
      product: { id: product.id, rating: 2, review_count: 1 },
      review: { rating: 2, comments: 'Dented drawer', verified_purchase: false, customer: { name: reem.user.name } },
    });

    const second = await addReview(omar, { product_id: product.id, rating: 5, comments: 'Perfect' }, { encoding: 'json' });
    expect(second.data.product).toEqual({ id: product.id, rating: 3.5, review_count: 2 });

    const edited = await addReview(reem, { product_id: product.id, rating: 4, comments: 'The shop replaced the drawer' });
    expect(edited.status).toBe(200);
    expect(edited.data).toMatchObject({
      created: false,
      review: { id: first.data.review.id, rating: 4 },
      product: { rating: 4.5, review_count: 2 },
    });
    expect(await rowsOf(product.id)).toHaveLength(2);

    // The product page, the cards and the live search read the new figures.
    const view = await call(catalogApi.productView, { query: { product_id: product.id } });
    expect(view.data).toMatchObject({ rating: 4.5, review_count: 2 });
    const search = await call(catalogApi.productList, { query: { search: 'AF-4', limit: 6 } });
    expect(search.data.data.find((p) => p.id === product.id)).toMatchObject({ rating: 4.5, review_count: 2 });
    const list = await call(reviewsApi.list, { query: { product_id: product.id } });
    expect(list.data.data.map((r) => r.comments).sort()).toEqual(['Perfect', 'The shop replaced the drawer']);
  });

  it('marks the review of a customer who bought the product as a verified purchase', async () => {
    const product = await insertProduct(db);
    const buyer = await signedInCustomer(db);
    const [order] = await db
      .insert(orders)
      .values({
        userId: buyer.user.id,
        shippingAddress: {},
        subTotal: fils(1000),
        taxAmount: fils(50),
        grandTotal: fils(1050),
        paymentType: 'online',
        paymentStatus: 'paid',
      })
      .returning();
    await db.insert(orderLines).values({
      orderId: order!.id,
      productId: product.id,
      name: 'x',
      sku: 'x',
      thumbnailImgLink: '/x.svg',
      unitPrice: fils(1000),
      quantity: 1,
      lineTotal: fils(1000),
    });
    const r = await addReview(buyer, { product_id: product.id, rating: 5, comments: 'Bought it, love it' });
    expect(r.data.review.verified_purchase).toBe(true);
    const list = await call(reviewsApi.list, { query: { product_id: product.id } });
    expect(list.data.data[0]).toMatchObject({ verified_purchase: true });
  });

  it('stores the text as written (plain text: the page escapes it)', async () => {
    const product = await insertProduct(db);
    const writer = await signedInCustomer(db);
    const text = '<script>alert("x")</script> & <b>bold</b>';
    await addReview(writer, { product_id: product.id, rating: 3, comments: text });
    expect((await rowsOf(product.id))[0]!.comments).toBe(text);
  });

  it('rejects an oversized comment (422) and an oversized body (413) with a clear message', async () => {
    const writer = await signedInCustomer(db);
    const long = await addReview(writer, { product_id: safe.id, rating: 5, comments: 'x'.repeat(2001) });
    expect(long.status).toBe(422);
    expect(long.data).toEqual({ comments: ['At most 2000 characters'] });
    const huge = await addReview(writer, { product_id: safe.id, rating: 5, comments: 'x'.repeat(200_000) });
    expect(huge.status).toBe(413);
    expect(huge.message).toBe('The request is too large: send at most 64 KB');
    expect(await rowsOf(safe.id)).toHaveLength(0);
  });

  it('limits reviews per client address with 429 and Retry-After', async () => {
    const writer = await signedInCustomer(db);
    const deps = { clientAddress: '192.0.2.77' };
    for (let i = 0; i < REVIEW_LIMIT_PER_ADDRESS.limit; i++) {
      expect((await addReview(writer, { product_id: safe.id, rating: 5, comments: `Edit ${i}` }, { deps })).success).toBe(true);
    }
    const blocked = await addReview(writer, { product_id: safe.id, rating: 1, comments: 'Flood' }, { deps });
    expect(blocked.status).toBe(429);
    expect(blocked.message).toBe(reviewMessages.tooMany);
    expect(blocked.fields.retry_after).toBeGreaterThan(0);
    expect((await rowsOf(safe.id))[0]!.comments).toBe(`Edit ${REVIEW_LIMIT_PER_ADDRESS.limit - 1}`);
  });

  it('limits reviews per customer across client addresses, and another customer at the same address is not affected', async () => {
    const writer = await signedInCustomer(db);
    for (let i = 0; i < REVIEW_LIMIT_PER_CUSTOMER.limit; i++) {
      const r = await addReview(
        writer,
        { product_id: safe.id, rating: 4, comments: `Roaming ${i}` },
        { deps: { clientAddress: `203.0.113.${200 + i}` } },
      );
      expect(r.success).toBe(true);
    }
    const blocked = await addReview(
      writer,
      { product_id: safe.id, rating: 1, comments: 'Roaming flood' },
      { deps: { clientAddress: '203.0.113.250' } },
    );
    expect(blocked.status).toBe(429);
    expect(blocked.message).toBe(reviewMessages.tooMany);
    const neighbour = await signedInCustomer(db);
    expect(
      (await addReview(neighbour, { product_id: safe.id, rating: 5, comments: 'Mine' }, { deps: { clientAddress: '203.0.113.250' } }))
        .success,
    ).toBe(true);
  });
});
