// Product reviews (docs/product.md#product-page, #data, #validation): one per customer and product, the product's average and
// count kept in step in the same transaction, and the verified-purchase mark. A review hidden by
// staff is out of the list, the average and the count (docs/decisions/0035-messages-reviews-audit.md#reviews-moderation).
import { and, desc, eq, isNull, sql } from 'drizzle-orm';
import type { Db } from '@/server/db/client';
import { products } from '@/server/db/schema/catalog';
import { reviews } from '@/server/db/schema/shopping';
import type { SessionUser } from '@/server/accounts/session.service';
import type { Page } from '@/server/catalog/catalog.service';
import { NotFoundError, ValidationError } from '@/server/errors';
import { consumeRateLimit } from '@/server/rate-limit/rate-limit.service';
import { totalOf } from '@/server/paging';
import { lastPageOf } from '@/domain/pager';
import { type AddReviewInput } from '@/domain/review';
import { reviewMessages } from '@/domain/messages/reviews';
import type { ReviewView } from '@/domain/review-checks';
import { catalogTransaction, touch } from '@/server/cache/invalidate';
import { cacheTags } from '@/server/cache/tags';

export type { ReviewView };

// Someone reviewing what they bought writes a handful an hour at most; a script posting reviews
// from one address is stopped after 10.
export const REVIEW_LIMIT_PER_ADDRESS = { name: 'review:ip', limit: 10, windowSeconds: 3600 };
// And 10 an hour per customer, whatever the address, so one account cannot post from many addresses.
export const REVIEW_LIMIT_PER_CUSTOMER = { name: 'review:customer', limit: 10, windowSeconds: 3600 };

export interface ProductRating {
  rating: number;
  reviewCount: number;
}

/**
 * A review is a verified purchase when its writer has an order with the product that was paid or
 * delivered (cash on delivery) and not cancelled or refunded. Worked out when read, so a review
 * written before the delivery gains the mark once the order arrives.
 */
// Written out with qualified names: drizzle leaves columns of a one-table select unqualified,
// which would make the correlated subquery ambiguous.
const verifiedPurchase = sql<boolean>`exists (
  select 1 from order_lines ol join orders o on o.id = ol.order_id
  where ol.product_id = "reviews"."product_id" and o.user_id = "reviews"."user_id"
    and (o.payment_status = 'paid' or o.delivery_status = 'delivered')
    and o.delivery_status not in ('cancelled', 'refund')
)`.mapWith(Boolean);

const reviewColumns = {
  id: reviews.id,
  rating: reviews.rating,
  comments: reviews.comments,
  createdAt: reviews.createdAt,
  customerName: reviews.customerName,
  verifiedPurchase,
};

const toView = <R extends ReviewView>(row: R): R => ({ ...row, createdAt: new Date(row.createdAt) });

/** A review the shoppers see: not hidden by staff. */
const visible = isNull(reviews.hiddenAt);

export async function listReviews(db: Db, productId: number, page: number, perPage: number): Promise<Page<ReviewView>> {
  const where = and(eq(reviews.productId, productId), visible);
  const rows = await db
    .select({ ...reviewColumns, total: sql<number>`count(*) over()`.mapWith(Number) })
    .from(reviews)
    .where(where)
    .orderBy(desc(reviews.createdAt), desc(reviews.id))
    .limit(perPage)
    .offset((page - 1) * perPage);
  const total = await totalOf(db, rows, page, reviews, where);
  return { items: rows.map(({ total: _t, ...r }) => toView(r)), page, perPage, total, lastPage: lastPageOf(total, perPage) };
}

/** The customer's own review and whether staff hid it (the author still sees and edits it, marked hidden). */
export interface OwnReview extends ReviewView {
  hidden: boolean;
}

/** The customer's own review of a product, to fill the dialog when they come back to edit it. */
export async function findOwnReview(db: Db, userId: number, productId: number): Promise<OwnReview | null> {
  const [row] = await db
    .select({ ...reviewColumns, hidden: sql<boolean>`(${reviews.hiddenAt} is not null)`.mapWith(Boolean) })
    .from(reviews)
    .where(and(eq(reviews.productId, productId), eq(reviews.userId, userId)));
  return row ? toView(row) : null;
}

/**
 * Recomputes a product's average and count from its visible reviews. Call it inside the
 * transaction that changed a review, after locking the product's row, so the figures move with
 * the change (cards, the product page, its JSON-LD and the rating filters read them).
 */
export async function recountProductRating(tx: Db, productId: number): Promise<ProductRating> {
  const mine = and(eq(reviews.productId, productId), visible);
  const [rating] = await tx
    .update(products)
    .set({
      rating: sql`(select coalesce(round(avg(${reviews.rating}), 2), 0) from ${reviews} where ${mine})`,
      reviewCount: sql`(select count(*) from ${reviews} where ${mine})`,
    })
    .where(eq(products.id, productId))
    .returning({ rating: products.rating, reviewCount: products.reviewCount });
  // The rating shows on the product's page and cards, and sorts lists by rating.
  touch(tx, [cacheTags.product(productId), cacheTags.lists]);
  return rating!;
}

export interface SavedReview {
  review: ReviewView;
  /** False when the customer's earlier review was updated. */
  created: boolean;
  /** True when staff hid the review: an edit keeps it hidden (it never unhides itself). */
  hidden: boolean;
  product: ProductRating;
}

/**
 * Saves the signed-in customer's review of a product: the first one is added, a later one replaces
 * it. The product's rating and count are recomputed in the same transaction, so cards, the product
 * page and the live search show the new figures at once.
 */
export async function saveReview(
  db: Db,
  user: SessionUser,
  input: AddReviewInput,
  clientAddress: string,
  now = new Date(),
): Promise<SavedReview> {
  const name = user.name.trim();
  if (!name) throw new ValidationError(reviewMessages.nameRequired);
  // The address first: an address already refused does not use up the customer's reviews.
  await consumeRateLimit(db, REVIEW_LIMIT_PER_ADDRESS, clientAddress, reviewMessages.tooMany, now);
  await consumeRateLimit(db, REVIEW_LIMIT_PER_CUSTOMER, String(user.id), reviewMessages.tooMany, now);
  const saved = await catalogTransaction(db, async (tx) => {
    // The product's row lock orders concurrent reviews of one product: each recount below then
    // sees every review committed before it.
    const [product] = await tx
      .select({ id: products.id })
      .from(products)
      .where(and(eq(products.id, input.product_id), eq(products.published, true)))
      .for('update');
    if (!product) throw new NotFoundError('Product not found');
    const [row] = await tx
      .insert(reviews)
      .values({
        productId: product.id,
        userId: user.id,
        customerName: name,
        rating: input.rating,
        comments: input.comments,
        createdAt: now,
        updatedAt: now,
      })
      .onConflictDoUpdate({
        target: [reviews.productId, reviews.userId],
        set: { rating: input.rating, comments: input.comments, customerName: name, updatedAt: now },
      })
      // xmax is 0 on a freshly inserted row and set on an updated one. The hidden columns are not
      // in the update: an edit of a hidden review leaves it hidden.
      .returning({
        id: reviews.id,
        created: sql<boolean>`(xmax = 0)`.mapWith(Boolean),
        hidden: sql<boolean>`(${reviews.hiddenAt} is not null)`.mapWith(Boolean),
      });
    const rating = await recountProductRating(tx, product.id);
    return { id: row!.id, created: row!.created, hidden: row!.hidden, product: rating };
  });
  // Read back for the verified-purchase mark, which a RETURNING clause cannot compute.
  const [review] = await db.select(reviewColumns).from(reviews).where(eq(reviews.id, saved.id));
  return { review: toView(review!), created: saved.created, hidden: saved.hidden, product: saved.product };
}
