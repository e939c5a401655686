// The staff's coupons (docs/decisions/0047-coupons-by-staff.md): each handler calls the coupon
// admin service and answers the coupon with its uses, state and new version.
import { adminCouponsApi } from '@/domain/api/admin-coupons';
import { adminCouponMessages as t, adminCouponTexts } from '@/domain/messages/admin-coupons';
import * as coupons from '@/server/admin-coupons/coupon-admin.service';
import { adminCouponJson } from '@/server/admin-coupons/coupon-admin.wire';
import { route } from './router';

const couponId = (params: { id: string }) => Number(params.id);

export const adminCouponRoutes = [
  route(adminCouponsApi.coupons, async ({ db, now }, { query }) => {
    const page = await coupons.listCouponsForStaff(db, query, now());
    return {
      data: { data: page.rows.map(adminCouponJson), current_page: page.page, per_page: page.perPage, total: page.total },
      message: adminCouponTexts.title,
    };
  }),
  route(adminCouponsApi.coupon, async ({ db, now }, { params }) => ({
    data: adminCouponJson(await coupons.couponForEdit(db, couponId(params), now())),
    message: adminCouponTexts.title,
  })),
  route(adminCouponsApi.create, async ({ db, now }, { body, staff }) => ({
    data: adminCouponJson(await coupons.createCoupon(db, staff, body, now())),
    message: t.created,
    status: 201,
  })),
  route(adminCouponsApi.update, async ({ db, now }, { params, body, staff }) => {
    const { version, ...input } = body;
    return { data: adminCouponJson(await coupons.updateCoupon(db, staff, couponId(params), version, input, now())), message: t.saved };
  }),
];
