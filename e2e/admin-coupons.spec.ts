// The staff's coupons at 1280 px (docs/decisions/0047-coupons-by-staff.md).
import { test } from './admin.fixtures';
import { couponJourney } from './admin-coupons.shared';

test.setTimeout(120_000);

test('staff create a coupon with use limits, see it listed with its terms, and switch it off', async ({ staffPage }) => {
  await couponJourney(staffPage, 'desktop');
});
