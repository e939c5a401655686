// The staff's coupons at 390 px: the same journey on a phone, nothing scrolls sideways.
import { test } from './admin.fixtures';
import { couponJourney } from './admin-coupons.shared';

test.setTimeout(120_000);

test('on a phone, staff create a coupon with use limits, see it listed with its terms, and switch it off', async ({ staffPage }) => {
  await couponJourney(staffPage, 'mobile');
});
