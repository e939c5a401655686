// Accessibility at 390 px: no serious or critical axe violations (WCAG 2.0/2.1 A and AA) on
// the main pages and in their dialogs. The pages and checks are shared with a11y.spec.ts.
import { test } from '@playwright/test';
import { ACCOUNT_TEST_TIMEOUT_MS } from './auth.helpers';
import { A11Y_PAGES, checkAccountDialogs, checkCouponPicker, checkForgotDialog, checkGalleryViewer, checkPage, checkReviewDialog } from './axe.helpers';

test.describe('accessibility (390 px)', () => {
  test.describe.configure({ timeout: ACCOUNT_TEST_TIMEOUT_MS });

  for (const target of A11Y_PAGES) {
    test(`${target.name} (${target.path})`, async ({ page }) => checkPage(page, target));
  }

  test('sign-in and register dialogs', async ({ page }) => checkAccountDialogs(page));
  test('forgot-password dialog', async ({ page }) => checkForgotDialog(page));
  test('coupon picker on the cart', async ({ page }) => checkCouponPicker(page));
  test('product gallery viewer', async ({ page }) => checkGalleryViewer(page));
  test('reviews tab and the Write a Review dialog', async ({ page }) => checkReviewDialog(page));
});
