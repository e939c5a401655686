// The moderation journey, the same at 1280 px (admin-moderation.spec.ts) and 390 px
// (admin-moderation.mobile.spec.ts): a shopper writes a review, an admin hides it with a reason,
// the product page drops it (list, count) while its author still sees it marked hidden, and
// the audit page shows the entry (docs/decisions/0035-messages-reviews-audit.md#reviews-moderation).
import type { Browser, Page } from '@playwright/test';
import { expect } from './auth.helpers';
import { expectNoSeriousViolations } from './axe.helpers';
import { signUpThroughApi } from './fixtures';
import { expectNoSidewaysScroll } from './helpers';

const reviewsTab = (page: Page) => page.getByRole('tab', { name: /^Reviews/ });

async function reviewCountOnTab(page: Page): Promise<number> {
  return Number(await reviewsTab(page).locator('[data-review-count]').textContent());
}

export async function hideReviewJourney(adminPage: Page, browser: Browser, baseURL: string, productId: number, tag: string): Promise<void> {
  // A shopper of their own writes the review (through the API, as the dialog would).
  const shopperContext = await browser.newContext({ baseURL });
  const shopper = await shopperContext.newPage();
  const name = `Moderated ${tag} ${Date.now()}`;
  const text = `Rude words about the lock ${tag}`;
  await shopper.goto(`/product/${productId}`);
  await signUpThroughApi(shopper, name, `moderation-${tag}`);
  const written = await shopper.request.post('/api/products/add-review', { data: { product_id: productId, rating: 1, comments: text } });
  expect(written.status(), await written.text()).toBe(201);
  await shopper.goto(`/product/${productId}`);
  const countBefore = await reviewCountOnTab(shopper);
  await reviewsTab(shopper).click();
  await expect(shopper.getByTestId('reviews')).toContainText(text);

  // The admin finds it and hides it with a reason.
  await adminPage.goto(`/admin/reviews?q=${encodeURIComponent(name)}`);
  const card = adminPage.getByTestId('admin-reviews').getByRole('listitem').filter({ hasText: text });
  await expect(card).toHaveCount(1);
  await expect(card.getByTestId('review-status')).toHaveText('Visible');
  await expectNoSeriousViolations(adminPage, 'admin reviews');
  await expectNoSidewaysScroll(adminPage);
  await card.getByRole('button', { name: /^Hide/ }).click();
  const dialog = adminPage.getByRole('dialog', { name: 'Hide this review' });
  await expect(dialog).toBeVisible();
  // No reason, no hide.
  await dialog.getByRole('button', { name: 'Hide' }).click();
  await expect(dialog).toContainText('Please give the reason for hiding this review');
  await expectNoSeriousViolations(adminPage, 'hide dialog');
  await dialog.getByLabel(/^Reason/).fill(`Abusive language ${tag}`);
  await dialog.getByRole('button', { name: 'Hide' }).click();
  await expect(card.getByTestId('review-status')).toHaveText('Hidden');
  await expect(card.getByTestId('hidden-reason')).toContainText(`Abusive language ${tag}`);

  // Everyone else: gone from the list, one fewer in the count.
  const guest = await browser.newPage({ baseURL });
  await guest.goto(`/product/${productId}`);
  expect(await reviewCountOnTab(guest)).toBe(countBefore - 1);
  await expect(guest.getByTestId('reviews')).not.toContainText(text);
  await guest.close();
  // Its author: still there for them, marked hidden.
  await shopper.reload();
  await reviewsTab(shopper).click();
  await expect(shopper.getByTestId('own-review-hidden')).toBeVisible();
  await expect(shopper.getByTestId('reviews')).not.toContainText(text);
  await shopperContext.close();

  // The audit page shows the entry with the reason.
  await adminPage.goto('/admin/audit?entity_type=review&action=review.hide');
  const entry = adminPage
    .getByTestId('audit-entries')
    .getByRole('listitem')
    .filter({ hasText: `Abusive language ${tag}` });
  await expect(entry).toHaveCount(1);
  await expect(entry.getByTestId('audit-action')).toHaveText('review.hide');
  await expect(entry.getByTestId('audit-changes')).toContainText('hidden_reason');
  await expectNoSeriousViolations(adminPage, 'audit log');
  await expectNoSidewaysScroll(adminPage);
  // Its record links back to the review in the moderation list.
  await entry.getByTestId('audit-record').getByRole('link').click();
  await expect(adminPage.getByTestId('admin-reviews').getByRole('listitem')).toHaveCount(1);
  await expect(adminPage.getByTestId('admin-reviews')).toContainText(text);
}
