// Reviews moderation at 1280 px: hide a review with a reason, the product page drops it, the audit
// page shows the entry (docs/decisions/0035-messages-reviews-audit.md#reviews-moderation).
import { test } from './admin.fixtures';
import { expect } from './auth.helpers';
import { hideReviewJourney } from './admin-moderation.shared';

/** A product no other spec reviews or counts. */
const PRODUCT_ID = 70;

test.describe.configure({ timeout: 120_000 });

test('an admin hides a review with a reason; the shop drops it and the audit log shows it', async ({ adminPage, browser, baseURL }) => {
  await hideReviewJourney(adminPage, browser, baseURL!, PRODUCT_ID, 'desktop');
});

test('a staff member moderates reviews but is told the audit log is for admins', async ({ staffPage }) => {
  await staffPage.goto('/admin/reviews');
  await expect(staffPage.getByRole('heading', { name: 'Reviews', level: 1 })).toBeVisible();
  const answer = await staffPage.goto('/admin/audit');
  expect(answer?.status()).toBe(403);
  await expect(staffPage.getByTestId('audit-admins-only')).toBeVisible();
  await expect(staffPage.getByTestId('audit-entries')).toHaveCount(0);
});
