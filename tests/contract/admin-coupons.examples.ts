// The coupons as staff run them: called as the world's admin.
import type { Contract } from '@/domain/api/index';
import { insertCoupon } from '../shopping';
import type { Examples } from './world';

let n = 0;
const form = () => ({
  code: `CONTRACT-${++n}`,
  discount_type: 'percent' as const,
  discount: '15',
  max_discount: '200',
  min_amount: '500',
  start_date: '',
  end_date: '2099-12-31',
  max_uses: '100',
  max_uses_per_customer: '1',
  active: true,
});

export const adminCouponsExamples: Examples<Contract['adminCoupons']> = {
  coupons: ({ admin }) => ({ staff: admin, query: { q: 'a', state: 'running' } }),
  coupon: async ({ db, admin }) => ({ staff: admin, params: { id: (await insertCoupon(db)).id } }),
  create: ({ admin }) => ({ staff: admin, body: form() }),
  update: async ({ db, admin }) => {
    const coupon = await insertCoupon(db);
    return { staff: admin, params: { id: coupon.id }, body: { ...form(), version: coupon.version } };
  },
};
