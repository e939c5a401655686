// Reviews moderation (docs/decisions/0035-messages-reviews-audit.md#reviews-moderation): staff list every review, newest
// first, and hide one with a reason or show it again. Hiding takes the review out of the product's
// average and count in the same transaction (recountProductRating), and every hide or unhide is
// written to the audit log with the values before and after.
import { and, desc, eq, ilike, isNotNull, isNull, or, sql, type SQL } from 'drizzle-orm';
import type { Db } from '@/server/db/client';
import { products } from '@/server/db/schema/catalog';
import { reviews } from '@/server/db/schema/shopping';
import { staffUsers } from '@/server/db/schema/staff';
import type { Page } from '@/server/catalog/catalog.service';
import type { StaffMember } from '@/server/staff/staff.service';
import { recordAudit } from '@/server/audit/audit.service';
import { ConflictError, NotFoundError, ValidationError } from '@/server/errors';
import { lastPageOf } from '@/domain/pager';
import { hideReasonSchema, type ReviewStatus } from '@/domain/moderation';
import { moderationMessages as t } from '@/domain/messages/moderation';
import { recountProductRating, type ProductRating } from './review.service';
import type { z } from 'zod';
import type { adminReviewListQuery } from '@/domain/api/admin-moderation';
import { catalogTransaction } from '@/server/cache/invalidate';

type AdminReviewListQuery = z.output<typeof adminReviewListQuery>;

export const REVIEW_AUDIT_ENTITY = 'review';
export const REVIEW_HIDE_ACTION = 'review.hide';
export const REVIEW_UNHIDE_ACTION = 'review.unhide';

export interface ModerationFilters {
  status?: ReviewStatus | undefined;
  rating?: number | undefined;
  productId?: number | undefined;
  /** One review (the audit log links here). */
  reviewId?: number | undefined;
  /** Part of the product's name or the customer's name. */
  search?: string | undefined;
  page: number;
  perPage: number;
}

export interface ModeratedReview {
  id: number;
  productId: number;
  productName: string;
  userId: number | null;
  customerName: string;
  rating: number;
  comments: string;
  createdAt: Date;
  updatedAt: Date;
  hiddenAt: Date | null;
  hiddenReason: string | null;
  /** The staff member who hid it (null when visible, or when their account is gone). */
  hiddenBy: { id: number; name: string } | null;
}

const columns = {
  id: reviews.id,
  productId: reviews.productId,
  productName: products.name,
  userId: reviews.userId,
  customerName: reviews.customerName,
  rating: reviews.rating,
  comments: reviews.comments,
  createdAt: reviews.createdAt,
  updatedAt: reviews.updatedAt,
  hiddenAt: reviews.hiddenAt,
  hiddenReason: reviews.hiddenReason,
  hiddenById: staffUsers.id,
  hiddenByName: staffUsers.name,
};

type Row = { [K in keyof typeof columns]: unknown } & Record<string, unknown>;

function toModerated(row: Row): ModeratedReview {
  const date = (v: unknown) => (v === null ? null : new Date(v as string | Date));
  return {
    id: row.id as number,
    productId: row.productId as number,
    productName: row.productName as string,
    userId: row.userId as number | null,
    customerName: row.customerName as string,
    rating: row.rating as number,
    comments: row.comments as string,
    createdAt: date(row.createdAt)!,
    updatedAt: date(row.updatedAt)!,
    hiddenAt: date(row.hiddenAt),
    hiddenReason: row.hiddenReason as string | null,
    hiddenBy: row.hiddenById === null ? null : { id: row.hiddenById as number, name: row.hiddenByName as string },
  };
}

const likeText = (text: string) => `%${text.replace(/[\\%_]/g, '\\$&')}%`;

function conditions(filters: ModerationFilters): SQL | undefined {
  const where: (SQL | undefined)[] = [];
  if (filters.status === 'hidden') where.push(isNotNull(reviews.hiddenAt));
  if (filters.status === 'visible') where.push(isNull(reviews.hiddenAt));
  if (filters.rating !== undefined) where.push(eq(reviews.rating, filters.rating));
  if (filters.productId !== undefined) where.push(eq(reviews.productId, filters.productId));
  if (filters.reviewId !== undefined) where.push(eq(reviews.id, filters.reviewId));
  const search = filters.search?.trim();
  if (search) where.push(or(ilike(products.name, likeText(search)), ilike(reviews.customerName, likeText(search))));
  return where.length > 0 ? and(...where) : undefined;
}

/** Every review, hidden ones too, newest first, with the product's name and who hid it. */
/** The filters a review list query names (the API's and the page's, one schema). */
export function moderationFiltersOf(query: AdminReviewListQuery, perPage: number): ModerationFilters {
  return {
    status: query.status,
    rating: query.rating,
    productId: query.product_id,
    reviewId: query.review_id,
    search: query.q,
    page: query.page,
    perPage,
  };
}

export async function listReviewsForModeration(db: Db, filters: ModerationFilters): Promise<Page<ModeratedReview>> {
  const where = conditions(filters);
  const rows = await db
    .select({ ...columns, total: sql<number>`count(*) over()`.mapWith(Number) })
    .from(reviews)
    .innerJoin(products, eq(products.id, reviews.productId))
    .leftJoin(staffUsers, eq(staffUsers.id, reviews.hiddenBy))
    .where(where)
    .orderBy(desc(reviews.createdAt), desc(reviews.id))
    .limit(filters.perPage)
    .offset((filters.page - 1) * filters.perPage);
  let total = rows[0]?.total ?? 0;
  if (rows.length === 0 && filters.page > 1) {
    // Past the end: count on its own (the filter may name the product, hence the join).
    const [row] = await db
      .select({ n: sql<number>`count(*)`.mapWith(Number) })
      .from(reviews)
      .innerJoin(products, eq(products.id, reviews.productId))
      .where(where);
    total = row?.n ?? 0;
  }
  return {
    items: rows.map(({ total: _t, ...r }) => toModerated(r)),
    page: filters.page,
    perPage: filters.perPage,
    total,
    lastPage: lastPageOf(total, filters.perPage),
  };
}

export interface ModerationResult {
  review: ModeratedReview;
  /** The product's average and count after the change. */
  product: ProductRating & { id: number };
}

async function moderate(
  db: Db,
  staff: StaffMember,
  reviewId: number,
  hide: { reason: string } | null,
  now: Date,
): Promise<ModerationResult> {
  await catalogTransaction(db, async (tx) => {
    const [found] = await tx.select({ productId: reviews.productId }).from(reviews).where(eq(reviews.id, reviewId));
    if (!found) throw new NotFoundError(t.reviewNotFound);
    // The product's row first, as saveReview does: a review written meanwhile and this change are
    // counted one after the other, never past each other.
    const [before] = await tx
      .select({ rating: products.rating, reviewCount: products.reviewCount })
      .from(products)
      .where(eq(products.id, found.productId))
      .for('update');
    const [review] = await tx
      .select({ hiddenAt: reviews.hiddenAt, hiddenReason: reviews.hiddenReason })
      .from(reviews)
      .where(eq(reviews.id, reviewId))
      .for('update');
    if (!review || !before) throw new NotFoundError(t.reviewNotFound);
    const wasHidden = review.hiddenAt !== null;
    if (hide && wasHidden) throw new ConflictError(t.alreadyHidden);
    if (!hide && !wasHidden) throw new ConflictError(t.alreadyVisible);
    await tx
      .update(reviews)
      .set(hide ? { hiddenAt: now, hiddenReason: hide.reason, hiddenBy: staff.id } : { hiddenAt: null, hiddenReason: null, hiddenBy: null })
      .where(eq(reviews.id, reviewId));
    const after = await recountProductRating(tx, found.productId);
    await recordAudit(tx, staff, {
      action: hide ? REVIEW_HIDE_ACTION : REVIEW_UNHIDE_ACTION,
      entityType: REVIEW_AUDIT_ENTITY,
      entityId: reviewId,
      before: {
        hidden: wasHidden,
        hidden_reason: review.hiddenReason,
        product_id: found.productId,
        product_rating: Number(before.rating),
        product_review_count: before.reviewCount,
      },
      after: {
        hidden: hide !== null,
        hidden_reason: hide?.reason ?? null,
        product_id: found.productId,
        product_rating: Number(after.rating),
        product_review_count: after.reviewCount,
      },
    });
  });
  const [row] = await db
    .select(columns)
    .from(reviews)
    .innerJoin(products, eq(products.id, reviews.productId))
    .leftJoin(staffUsers, eq(staffUsers.id, reviews.hiddenBy))
    .where(eq(reviews.id, reviewId));
  const [rating] = await db
    .select({ id: products.id, rating: products.rating, reviewCount: products.reviewCount })
    .from(products)
    .innerJoin(reviews, eq(reviews.productId, products.id))
    .where(eq(reviews.id, reviewId));
  return { review: toModerated(row!), product: { id: rating!.id, rating: Number(rating!.rating), reviewCount: rating!.reviewCount } };
}

/** Hides a review with the reason staff give (required): off the product page, its average and its count at once. */
export async function hideReview(
  db: Db,
  staff: StaffMember,
  reviewId: number,
  reason: string,
  now = new Date(),
): Promise<ModerationResult> {
  const parsed = hideReasonSchema.safeParse(reason);
  if (!parsed.success) {
    const message = parsed.error.issues[0]?.message ?? t.reasonRequired;
    throw new ValidationError(message, { reason: [message] });
  }
  return moderate(db, staff, reviewId, { reason: parsed.data }, now);
}

/** Shows a hidden review again: back in the list, the average and the count. */
export async function unhideReview(db: Db, staff: StaffMember, reviewId: number, now = new Date()): Promise<ModerationResult> {
  return moderate(db, staff, reviewId, null, now);
}
