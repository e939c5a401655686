// Reviews moderation on a 390 px phone: the same journey as admin-moderation.spec.ts, with the
// cards and the hide dialog inside the screen (docs/decisions/0035-messages-reviews-audit.md#reviews-moderation).
import { test } from './admin.fixtures';
import { hideReviewJourney } from './admin-moderation.shared';

/** A product no other spec reviews or counts (not the desktop spec's). */
const PRODUCT_ID = 72;

test.describe.configure({ timeout: 120_000 });

test('hides a review on a phone; the shop drops it and the audit log shows it', async ({ adminPage, browser, baseURL }) => {
  await hideReviewJourney(adminPage, browser, baseURL!, PRODUCT_ID, 'phone');
});
