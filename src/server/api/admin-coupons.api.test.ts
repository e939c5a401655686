// The staff's coupons through /api/admin (docs/decisions/0047-coupons-by-staff.md): a bad form gets
// each field's message and stores nothing; a coupon is created, shown with its uses and state,
// edited against its version (409 when stale) and audited; a used coupon keeps its code; the
// shop's cart applies the new terms at once. Who may call these is walked by admin-access.api.test.ts.
import { describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import type { Db } from '@/server/db/client';
import { coupons } from '@/server/db/schema/shopping';
import { auditLog } from '@/server/db/schema/staff';
import { adminCouponsApi } from '@/domain/api/admin-coupons';
import { adminCouponMessages as t } from '@/domain/messages/admin-coupons';
import { uaeDayEnd, uaeDayStart } from '@/domain/coupon-admin';
import { fils } from '@/domain/money';
import { placeOrder } from '@/server/orders/order.service';
import { checkCoupon } from '@/server/coupons/coupon.service';
import { useFreshDatabase } from '../../../tests/db';
import { insertProduct } from '../../../tests/factories';
import { signedInStaff, type StaffCaller } from '../../../tests/staff';
import { callEndpoint } from '../../../tests/api';
import { orderDeps, putInCart, shopper } from '../../../tests/checkout';

let db: Db;
let clerk: StaffCaller;
useFreshDatabase(async (database) => {
  db = database.db;
  clerk = await signedInStaff(db, 'staff');
});

const form = (overrides: Record<string, unknown> = {}) => ({
  code: 'eid-15',
  discount_type: 'percent' as const,
  discount: '15',
  max_discount: '300',
  min_amount: '1000',
  start_date: '2026-12-01',
  end_date: '2026-12-10',
  max_uses: '50',
  max_uses_per_customer: '1',
  active: true,
  ...overrides,
});
const NOW = new Date('2026-12-05T10:00:00Z');

describe('the staff coupon API', () => {
  it('answers a bad form with each field’s message and stores nothing', async () => {
    const answer = await callEndpoint(db, adminCouponsApi.create, {
      staff: clerk,
      body: form({ code: 'a b', discount: '120', end_date: '2026-11-30', max_uses: '0', max_uses_per_customer: '' }) as never,
    });
    expect(answer.status).toBe(422);
    expect(answer.fields).toMatchObject({ code: [t.codeFormat], max_uses: [t.usesFormat] });
    const rules = await callEndpoint(db, adminCouponsApi.create, {
      staff: clerk,
      body: form({ discount: '120', end_date: '2026-11-30', max_uses: '1', max_uses_per_customer: '2' }) as never,
    });
    expect(rules.fields).toMatchObject({
      discount: [t.percentRange],
      end_date: [t.endBeforeStart],
      max_uses_per_customer: [t.perCustomerAboveTotal],
    });
    const fixed = await callEndpoint(db, adminCouponsApi.create, {
      staff: clerk,
      body: form({ discount_type: 'amount', discount: '12.345' }) as never,
    });
    expect(fixed.fields).toMatchObject({ discount: [t.amountFormat], max_discount: [t.maxDiscountPercentOnly] });
    expect(await db.select().from(coupons)).toEqual([]);
  });

  it('creates a coupon with UAE days, lists it with its uses, and saves against the version read; a stale save gets 409', async () => {
    const created = await callEndpoint(db, adminCouponsApi.create, { staff: clerk, body: form(), deps: { now: () => NOW } });
    expect(created.status).toBe(201);
    expect(created.data).toMatchObject({
      code: 'EID-15',
      discount: 15,
      max_discount: 300,
      min_amount: 1000,
      start_date: '2026-12-01',
      end_date: '2026-12-10',
      max_uses: 50,
      max_uses_per_customer: 1,
      uses: 0,
      state: 'running',
    });
    const [row] = await db.select().from(coupons).where(eq(coupons.id, created.data.id));
    expect(row!.startDate).toEqual(uaeDayStart('2026-12-01'));
    expect(row!.endDate).toEqual(uaeDayEnd('2026-12-10'));
    expect(row!.endDate.toISOString()).toBe('2026-12-10T19:59:59.999Z');

    const taken = await callEndpoint(db, adminCouponsApi.create, { staff: clerk, body: form({ code: 'Eid-15' }) });
    expect(taken.fields).toMatchObject({ code: [t.codeTaken('EID-15')] });

    const list = await callEndpoint(db, adminCouponsApi.coupons, { staff: clerk, query: { state: 'running' }, deps: { now: () => NOW } });
    expect(list.data.data.map((c) => c.code)).toEqual(['EID-15']);

    const { id, version } = created.data;
    const saved = await callEndpoint(db, adminCouponsApi.update, {
      staff: clerk,
      params: { id },
      body: { ...form({ discount_type: 'amount', discount: '75.50', max_discount: '' }), version },
      deps: { now: () => NOW },
    });
    expect(saved.status).toBe(200);
    expect(saved.data).toMatchObject({ discount_type: 'amount', discount: 75.5, max_discount: null, version: version + 1 });
    // The cart applies the new terms at once.
    expect((await checkCoupon(db, 'eid-15', fils(2000_00), NOW)).discount).toBe(75_50);
    const stale = await callEndpoint(db, adminCouponsApi.update, { staff: clerk, params: { id }, body: { ...form(), version } });
    expect(stale.status).toBe(409);
    expect(stale.message).toBe(t.staleVersion);
    const audit = await db.select({ action: auditLog.action }).from(auditLog).where(eq(auditLog.entityType, 'coupon'));
    expect(audit.map((a) => a.action).sort()).toEqual(['coupon.create', 'coupon.update']);
  });

  it('keeps the code of a used coupon, counts its uses and says when it is used up or switched off', async () => {
    const created = await callEndpoint(db, adminCouponsApi.create, {
      staff: clerk,
      body: form({ code: 'ONE-USE', start_date: '', end_date: '2099-01-01', min_amount: '', max_uses: '1' }),
    });
    const product = await insertProduct(db, { quantity: 5 });
    const s = await shopper(db);
    await putInCart(db, s.user.id, product.id, 1);
    await placeOrder(orderDeps(db, null), s.user, { addressId: s.address.id, paymentType: 'cash_on_delivery', couponCode: 'one-use' });

    const read = await callEndpoint(db, adminCouponsApi.coupon, { staff: clerk, params: { id: created.data.id } });
    expect(read.data).toMatchObject({ uses: 1, state: 'used_up' });
    const renamed = await callEndpoint(db, adminCouponsApi.update, {
      staff: clerk,
      params: { id: created.data.id },
      body: { ...form({ code: 'TWO-USE', start_date: '', end_date: '2099-01-01', max_uses: '2' }), version: read.data.version },
    });
    expect(renamed.fields).toMatchObject({ code: [t.codeFixed] });
    const off = await callEndpoint(db, adminCouponsApi.update, {
      staff: clerk,
      params: { id: created.data.id },
      body: {
        ...form({ code: 'ONE-USE', start_date: '', end_date: '2099-01-01', max_uses: '2', active: false }),
        version: read.data.version,
      },
    });
    expect(off.data).toMatchObject({ state: 'off', uses: 1, max_uses: 2 });
  });
});
