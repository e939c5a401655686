// Reviews moderation and the audit log through /api/admin (docs/decisions/0035-messages-reviews-audit.md#reviews-moderation,
// #audit-log): who may call them, and what shoppers see at once after a hide.
import { describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import type { Db } from '@/server/db/client';
import { reviews } from '@/server/db/schema/shopping';
import { auditLog } from '@/server/db/schema/staff';
import { adminModerationApi } from '@/domain/api/admin-moderation';
import { catalogApi } from '@/domain/api/catalog';
import { reviewsApi } from '@/domain/api/reviews';
import { moderationMessages } from '@/domain/messages/moderation';
import { reviewMessages } from '@/domain/messages/reviews';
import { useFreshDatabase } from '../../../tests/db';
import { insertProduct, insertReview } from '../../../tests/factories';
import { signedInCustomer, type Customer } from '../../../tests/shopping';
import { signedInStaff } from '../../../tests/staff';
import { callEndpoint } from '../../../tests/api';
import { recountProductRating } from '@/server/reviews/review.service';

let db: Db;
let admin: Awaited<ReturnType<typeof signedInStaff>>;
let clerk: Awaited<ReturnType<typeof signedInStaff>>;
let shopper: Customer;

useFreshDatabase(async (database) => {
  db = database.db;
  admin = await signedInStaff(db, 'admin');
  clerk = await signedInStaff(db, 'staff');
  shopper = await signedInCustomer(db);
});

/** A product with reviews of 5, 4 and 1 stars, its figures in step. */
async function reviewed(name = 'Moderated Safe') {
  const product = await insertProduct(db, { name });
  const [five, four, one] = [
    await insertReview(db, product.id, { rating: 5, customerName: 'Aisha', createdAt: new Date('2026-01-01T10:00:00Z') }),
    await insertReview(db, product.id, { rating: 4, customerName: 'Omar', createdAt: new Date('2026-01-02T10:00:00Z') }),
    await insertReview(db, product.id, {
      rating: 1,
      customerName: 'Troll',
      comments: 'Rude words',
      createdAt: new Date('2026-01-03T10:00:00Z'),
    }),
  ];
  await db.transaction((tx) => recountProductRating(tx, product.id));
  return { product, five: five!, four: four!, one: one! };
}

describe('who may call the moderation and audit endpoints', () => {
  it('refuses a guest and a customer on every one of them, before reading the input', async () => {
    const { one } = await reviewed();
    const calls = [
      (as: Customer | null) => callEndpoint(db, adminModerationApi.reviews, { as }),
      (as: Customer | null) => callEndpoint(db, adminModerationApi.hide, { as, params: { id: one.id }, body: { reason: 'x' } }),
      (as: Customer | null) => callEndpoint(db, adminModerationApi.unhide, { as, params: { id: one.id } }),
      (as: Customer | null) => callEndpoint(db, adminModerationApi.audit, { as }),
    ];
    for (const call of calls) {
      for (const as of [null, shopper]) {
        const r = await call(as);
        expect([401, 403], r.text).toContain(r.status);
        expect(r.success).toBe(false);
      }
    }
    const [row] = await db.select().from(reviews).where(eq(reviews.id, one.id));
    expect(row!.hiddenAt).toBeNull();
  });

  it('lets staff moderate reviews but keeps the audit log for admins', async () => {
    expect((await callEndpoint(db, adminModerationApi.reviews, { staff: clerk })).status).toBe(200);
    const refused = await callEndpoint(db, adminModerationApi.audit, { staff: clerk });
    expect(refused.status).toBe(403);
    expect((await callEndpoint(db, adminModerationApi.audit, { staff: admin })).status).toBe(200);
  });
});

describe('POST /api/admin/reviews/:id/hide', () => {
  it('takes the review off the product, its figures and the reviews API at once, and logs it', async () => {
    const { product, one } = await reviewed('Hide Me Safe');
    const before = await callEndpoint(db, catalogApi.productView, { query: { product_id: product.id } });
    expect(before.data).toMatchObject({ rating: 3.33, review_count: 3 });

    const r = await callEndpoint(db, adminModerationApi.hide, {
      staff: clerk,
      params: { id: one.id },
      body: { reason: 'Abusive language' },
    });
    expect(r.status).toBe(200);
    expect(r.message).toBe(moderationMessages.hidden);
    expect(r.data).toMatchObject({
      review: { id: one.id, hidden: true, hidden_reason: 'Abusive language', hidden_by: { id: clerk.staff.id } },
      product: { id: product.id, rating: 4.5, review_count: 2 },
    });

    const after = await callEndpoint(db, catalogApi.productView, { query: { product_id: product.id } });
    expect(after.data).toMatchObject({ rating: 4.5, review_count: 2 });
    const list = await callEndpoint(db, reviewsApi.list, { query: { product_id: product.id } });
    expect(list.data.data.map((x) => x.id)).not.toContain(one.id);
    expect(list.data.total).toBe(2);

    const entries = await db
      .select()
      .from(auditLog)
      .where(eq(auditLog.entityId, String(one.id)));
    expect(entries).toMatchObject([
      { action: 'review.hide', staffId: clerk.staff.id, after: { hidden: true, hidden_reason: 'Abusive language' } },
    ]);
  });

  it('requires a reason (422 under the field), refuses an unknown review (404) and a second hide (409)', async () => {
    const { one } = await reviewed();
    for (const body of [{ reason: '' }, { reason: '   ' }, {}]) {
      const r = await callEndpoint(db, adminModerationApi.hide, { staff: clerk, params: { id: one.id }, body: body as { reason: string } });
      expect(r.status).toBe(422);
      expect(r.fields).toHaveProperty('reason');
    }
    expect((await callEndpoint(db, adminModerationApi.hide, { staff: clerk, params: { id: 99_999 }, body: { reason: 'x' } })).status).toBe(
      404,
    );
    expect(
      (await callEndpoint(db, adminModerationApi.hide, { staff: clerk, params: { id: one.id }, body: { reason: 'Spam' } })).status,
    ).toBe(200);
    const again = await callEndpoint(db, adminModerationApi.hide, { staff: admin, params: { id: one.id }, body: { reason: 'Spam' } });
    expect(again.status).toBe(409);
    expect(again.message).toBe(moderationMessages.alreadyHidden);
  });
});

describe("the author's hidden review", () => {
  it('stays hidden when its author sends it again, and the answer says so', async () => {
    const product = await insertProduct(db, { name: 'Author Edit Safe' });
    const author = await signedInCustomer(db);
    const first = await callEndpoint(db, reviewsApi.add, { as: author, body: { product_id: product.id, rating: 1, comments: 'Awful' } });
    expect(first.data).toMatchObject({ created: true, hidden: false, product: { review_count: 1 } });
    await callEndpoint(db, adminModerationApi.hide, { staff: clerk, params: { id: first.data.review.id }, body: { reason: 'Abuse' } });
    const again = await callEndpoint(db, reviewsApi.add, {
      as: author,
      body: { product_id: product.id, rating: 2, comments: 'Still awful' },
    });
    expect(again.status).toBe(200);
    expect(again.message).toBe(reviewMessages.savedHidden);
    expect(again.data).toMatchObject({ created: false, hidden: true, product: { rating: 0, review_count: 0 } });
    expect((await callEndpoint(db, reviewsApi.list, { query: { product_id: product.id } })).data.total).toBe(0);
  });
});

describe('POST /api/admin/reviews/:id/unhide', () => {
  it('brings the review back into the figures and the list', async () => {
    const { product, one } = await reviewed();
    await callEndpoint(db, adminModerationApi.hide, { staff: clerk, params: { id: one.id }, body: { reason: 'Spam' } });
    const r = await callEndpoint(db, adminModerationApi.unhide, { staff: clerk, params: { id: one.id } });
    expect(r.status).toBe(200);
    expect(r.data).toMatchObject({ review: { hidden: false, hidden_reason: null }, product: { rating: 3.33, review_count: 3 } });
    expect((await callEndpoint(db, reviewsApi.list, { query: { product_id: product.id } })).data.total).toBe(3);
    expect((await callEndpoint(db, adminModerationApi.unhide, { staff: clerk, params: { id: one.id } })).status).toBe(409);
  });
});

describe('GET /api/admin/reviews', () => {
  it('lists hidden and visible reviews with filters', async () => {
    const { product, one, four } = await reviewed('Filtered Listing Safe');
    await callEndpoint(db, adminModerationApi.hide, { staff: clerk, params: { id: one.id }, body: { reason: 'Spam' } });
    const hidden = await callEndpoint(db, adminModerationApi.reviews, {
      staff: clerk,
      query: { product_id: product.id, status: 'hidden' },
    });
    expect(hidden.data.data.map((r) => r.id)).toEqual([one.id]);
    expect(hidden.data.data[0]).toMatchObject({ product: { id: product.id, name: 'Filtered Listing Safe' }, customer: { name: 'Troll' } });
    const fours = await callEndpoint(db, adminModerationApi.reviews, { staff: clerk, query: { q: 'filtered listing', rating: 4 } });
    expect(fours.data.data.map((r) => r.id)).toEqual([four.id]);
    expect((await callEndpoint(db, adminModerationApi.reviews, { staff: clerk, query: { rating: 9 as 5 } })).status).toBe(422);
  });
});

describe('GET /api/admin/audit', () => {
  it('shows the hide with who, what, which record, the link and the changed fields; pages by cursor', async () => {
    const { one, four } = await reviewed();
    await callEndpoint(db, adminModerationApi.hide, { staff: clerk, params: { id: one.id }, body: { reason: 'Spam' } });
    await callEndpoint(db, adminModerationApi.hide, { staff: clerk, params: { id: four.id }, body: { reason: 'Off topic' } });
    const r = await callEndpoint(db, adminModerationApi.audit, {
      staff: admin,
      query: { entity_type: 'review', staff_id: clerk.staff.id, limit: 1 },
    });
    expect(r.status).toBe(200);
    expect(r.data.data).toHaveLength(1);
    expect(r.data.data[0]).toMatchObject({
      action: 'review.hide',
      entity_type: 'review',
      entity_id: String(four.id),
      link: `/admin/reviews?review_id=${four.id}`,
      staff: { id: clerk.staff.id, email: clerk.staff.email },
    });
    expect(r.data.data[0]!.changes).toEqual(
      expect.arrayContaining([
        { field: 'hidden', before: false, after: true },
        { field: 'hidden_reason', before: null, after: 'Off topic' },
      ]),
    );
    expect(r.data.next_cursor).toEqual(expect.any(String));
    const older = await callEndpoint(db, adminModerationApi.audit, {
      staff: admin,
      query: { entity_type: 'review', staff_id: clerk.staff.id, limit: 1, after: r.data.next_cursor! },
    });
    expect(older.data.data[0]).toMatchObject({ entity_id: String(one.id) });
    const bad = await callEndpoint(db, adminModerationApi.audit, { staff: admin, query: { from: '2026-02-30' } });
    expect(bad.status).toBe(422);
  });
});
