import { describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import type { Db } from '@/server/db/client';
import { products } from '@/server/db/schema/catalog';
import { reviews } from '@/server/db/schema/shopping';
import { auditLog, staffUsers } from '@/server/db/schema/staff';
import type { StaffMember } from '@/server/staff/staff.service';
import type { SessionUser } from '@/server/accounts/session.service';
import { ConflictError, NotFoundError, ValidationError } from '@/server/errors';
import { getProductDetail } from '@/server/catalog/catalog.service';
import { moderationMessages } from '@/domain/messages/moderation';
import { useFreshDatabase } from '../../../tests/db';
import { insertProduct, insertReview } from '../../../tests/factories';
import { insertUser } from '../../../tests/accounts';
import { findOwnReview, listReviews, saveReview } from './review.service';
import { hideReview, listReviewsForModeration, unhideReview } from './review-moderation.service';

const day = (n: number) => new Date(Date.UTC(2026, 0, n, 9));
let db: Db;
let moderator: StaffMember;
let staffCounter = 0;
let addressCounter = 0;

async function staffMember(role: StaffMember['role'] = 'staff', name = 'Sara Staff'): Promise<StaffMember> {
  const email = `staff${++staffCounter}@example.test`;
  const [row] = await db.insert(staffUsers).values({ email, name, role, passwordHash: 'x', totpSecret: 'x' }).returning();
  return { id: row!.id, email, name, role };
}

useFreshDatabase(async (database) => {
  db = database.db;
  moderator = await staffMember('staff', 'Maya Moderator');
});

const ratingOf = async (id: number) =>
  (await db.select({ rating: products.rating, reviewCount: products.reviewCount }).from(products).where(eq(products.id, id)))[0]!;

/** A product with reviews of 5, 4 and 1 stars written through saveReview, so its figures are kept. */
async function reviewedProduct() {
  const product = await insertProduct(db, { name: `Fire Safe ${++addressCounter}` });
  const written = [];
  for (const [rating, name] of [
    [5, 'Aisha'],
    [4, 'Omar'],
    [1, 'Troll'],
  ] as const) {
    const row = await insertUser(db, { name });
    const user: SessionUser = { id: row.id, name: row.name, email: row.email, profilePicture: null };
    const saved = await saveReview(
      db,
      user,
      { product_id: product.id, rating, comments: `${name} says` },
      `198.51.100.${++addressCounter}`,
    );
    written.push({ user, id: saved.review.id });
  }
  return { product, written };
}

describe('hideReview', () => {
  it("takes the review out of the product's average and count at once, and out of the list", async () => {
    const { product, written } = await reviewedProduct();
    expect(await ratingOf(product.id)).toEqual({ rating: 3.33, reviewCount: 3 });
    const troll = written[2]!;

    const result = await hideReview(db, moderator, troll.id, '  Abusive language  ', day(2));

    expect(result.product).toEqual({ id: product.id, rating: 4.5, reviewCount: 2 });
    expect(await ratingOf(product.id)).toEqual({ rating: 4.5, reviewCount: 2 });
    expect(result.review).toMatchObject({
      id: troll.id,
      hiddenAt: day(2),
      hiddenReason: 'Abusive language',
      hiddenBy: { id: moderator.id, name: 'Maya Moderator' },
    });
    // The product page reads the same figures (and so do its JSON-LD, cards and the rating filters).
    expect(await getProductDetail(db, product.id)).toMatchObject({ rating: 4.5, reviewCount: 2 });
    const page = await listReviews(db, product.id, 1, 10);
    expect(page.items.map((r) => r.id)).not.toContain(troll.id);
    expect(page.total).toBe(2);
  });

  it('writes the hide to the audit log with before and after, in the same transaction', async () => {
    const { product, written } = await reviewedProduct();
    const id = written[0]!.id;
    await hideReview(db, moderator, id, 'Spam link');
    const entries = await db
      .select()
      .from(auditLog)
      .where(eq(auditLog.entityId, String(id)));
    expect(entries).toHaveLength(1);
    expect(entries[0]).toMatchObject({
      staffId: moderator.id,
      staffEmail: moderator.email,
      action: 'review.hide',
      entityType: 'review',
      before: { hidden: false, hidden_reason: null, product_id: product.id, product_rating: 3.33, product_review_count: 3 },
      after: { hidden: true, hidden_reason: 'Spam link', product_id: product.id, product_rating: 2.5, product_review_count: 2 },
    });
  });

  it('requires a reason and changes nothing without one', async () => {
    const { product, written } = await reviewedProduct();
    for (const reason of ['', '   ', 'x'.repeat(501), 'bad\u0000text']) {
      const error = await hideReview(db, moderator, written[0]!.id, reason).catch((e: unknown) => e);
      expect(error).toBeInstanceOf(ValidationError);
      expect((error as ValidationError).fields).toHaveProperty('reason');
    }
    expect(await ratingOf(product.id)).toEqual({ rating: 3.33, reviewCount: 3 });
    expect(
      await db
        .select()
        .from(auditLog)
        .where(eq(auditLog.entityId, String(written[0]!.id))),
    ).toEqual([]);
  });

  it('refuses a review that does not exist, or one already hidden', async () => {
    await expect(hideReview(db, moderator, 999_999, 'x')).rejects.toThrow(NotFoundError);
    const { written } = await reviewedProduct();
    await hideReview(db, moderator, written[0]!.id, 'first');
    await expect(hideReview(db, moderator, written[0]!.id, 'second')).rejects.toThrow(new ConflictError(moderationMessages.alreadyHidden));
    const [row] = await db.select().from(reviews).where(eq(reviews.id, written[0]!.id));
    expect(row!.hiddenReason).toBe('first');
  });

  it('two staff hiding one review at once: one hides it, the other is told it is already hidden', async () => {
    const { product, written } = await reviewedProduct();
    const other = await staffMember();
    const results = await Promise.allSettled([
      hideReview(db, moderator, written[1]!.id, 'one'),
      hideReview(db, other, written[1]!.id, 'two'),
    ]);
    expect(results.filter((r) => r.status === 'fulfilled')).toHaveLength(1);
    const refused = results.find((r) => r.status === 'rejected') as PromiseRejectedResult;
    expect(refused.reason).toBeInstanceOf(ConflictError);
    expect(await ratingOf(product.id)).toEqual({ rating: 3, reviewCount: 2 });
    expect(
      await db
        .select()
        .from(auditLog)
        .where(eq(auditLog.entityId, String(written[1]!.id))),
    ).toHaveLength(1);
  });
});

describe('unhideReview', () => {
  it('brings the review back into the list, the average and the count, and logs it', async () => {
    const { product, written } = await reviewedProduct();
    const id = written[2]!.id;
    await hideReview(db, moderator, id, 'Looked like spam');
    const result = await unhideReview(db, moderator, id);
    expect(result.product).toEqual({ id: product.id, rating: 3.33, reviewCount: 3 });
    expect(result.review).toMatchObject({ hiddenAt: null, hiddenReason: null, hiddenBy: null });
    expect((await listReviews(db, product.id, 1, 10)).items.map((r) => r.id)).toContain(id);
    const [entry] = await db.select().from(auditLog).where(eq(auditLog.action, 'review.unhide'));
    expect(entry).toMatchObject({
      entityId: String(id),
      before: { hidden: true, hidden_reason: 'Looked like spam', product_review_count: 2 },
      after: { hidden: false, hidden_reason: null, product_review_count: 3 },
    });
  });

  it('refuses a review that is not hidden', async () => {
    const { written } = await reviewedProduct();
    await expect(unhideReview(db, moderator, written[0]!.id)).rejects.toThrow(new ConflictError(moderationMessages.alreadyVisible));
  });
});

describe("the author's hidden review", () => {
  it('stays hidden when its author writes it again, out of the figures, and is shown to its author as hidden', async () => {
    const { product, written } = await reviewedProduct();
    const troll = written[2]!;
    await hideReview(db, moderator, troll.id, 'Abusive');
    const saved = await saveReview(db, troll.user, { product_id: product.id, rating: 2, comments: 'Edited' }, '192.0.2.1');
    expect(saved).toMatchObject({ created: false, hidden: true, product: { rating: 4.5, reviewCount: 2 } });
    const [row] = await db.select().from(reviews).where(eq(reviews.id, troll.id));
    expect(row).toMatchObject({ rating: 2, comments: 'Edited', hiddenReason: 'Abusive' });
    expect(row!.hiddenAt).not.toBeNull();
    expect(await findOwnReview(db, troll.user.id, product.id)).toMatchObject({ id: troll.id, hidden: true, comments: 'Edited' });
    expect(await findOwnReview(db, written[0]!.user.id, product.id)).toMatchObject({ hidden: false });
    expect((await listReviews(db, product.id, 1, 10)).items.map((r) => r.id)).not.toContain(troll.id);
  });
});

describe('listReviewsForModeration', () => {
  it('lists every review newest first, hidden ones too, with filters, search and paging', async () => {
    const safe = await insertProduct(db, { name: 'Yale Moderation Safe' });
    const shredder = await insertProduct(db, { name: 'Rexel Moderation Shredder' });
    const a = await insertReview(db, safe.id, { rating: 5, customerName: 'Khalid Moderated', createdAt: day(10) });
    const b = await insertReview(db, shredder.id, { rating: 1, customerName: 'Noura Moderated', createdAt: day(11) });
    const c = await insertReview(db, safe.id, { rating: 1, customerName: 'Omar Moderated', createdAt: day(12) });
    await hideReview(db, moderator, b.id, 'Spam');
    const ids = async (filters: Parameters<typeof listReviewsForModeration>[1]) =>
      (await listReviewsForModeration(db, filters)).items.map((r) => r.id);
    const base = { search: 'Moderat', page: 1, perPage: 10 };

    expect(await ids(base)).toEqual([c.id, b.id, a.id]);
    expect(await ids({ ...base, status: 'hidden' })).toEqual([b.id]);
    expect(await ids({ ...base, status: 'visible' })).toEqual([c.id, a.id]);
    expect(await ids({ ...base, rating: 1 })).toEqual([c.id, b.id]);
    expect(await ids({ ...base, productId: safe.id })).toEqual([c.id, a.id]);
    expect(await ids({ ...base, reviewId: a.id })).toEqual([a.id]);
    expect(await ids({ ...base, search: 'rexel moderation' })).toEqual([b.id]);
    expect(await ids({ ...base, search: 'omar moderated' })).toEqual([c.id]);
    expect(await ids({ ...base, search: '100%_' })).toEqual([]);

    const hidden = (await listReviewsForModeration(db, { ...base, status: 'hidden' })).items[0]!;
    expect(hidden).toMatchObject({
      productId: shredder.id,
      productName: 'Rexel Moderation Shredder',
      customerName: 'Noura Moderated',
      hiddenReason: 'Spam',
      hiddenBy: { id: moderator.id, name: 'Maya Moderator' },
    });
    const second = await listReviewsForModeration(db, { ...base, page: 2, perPage: 2 });
    expect(second.items.map((r) => r.id)).toEqual([a.id]);
    expect(second).toMatchObject({ total: 3, lastPage: 2 });
    expect(await listReviewsForModeration(db, { ...base, page: 5, perPage: 2 })).toMatchObject({ items: [], total: 3, lastPage: 2 });
  });
});
