// The staff's coupons (docs/decisions/0047-coupons-by-staff.md), one journey for 1280 and 390 px:
// the form refuses what is wrong with the server's messages, a coupon with use limits is created,
// listed with its terms and uses, the shop accepts it, then it is switched off and the shop
// refuses it at once.
import type { Page } from '@playwright/test';
import { expect } from './admin.fixtures';
import { expectNoSeriousViolations } from './axe.helpers';
import { expectNoSidewaysScroll } from './helpers';

export async function couponJourney(page: Page, label: string): Promise<void> {
  const code = `E2E${label.slice(0, 3).toUpperCase()}${Date.now().toString(36).toUpperCase()}`;
  await page.goto('/admin/coupons');
  await expect(page.getByRole('heading', { name: 'Coupons', level: 1 })).toBeVisible();
  await expect(page.getByRole('link', { name: 'Coupons', exact: true }).first()).toHaveAttribute('aria-current', 'page');
  await expectNoSidewaysScroll(page);
  await expectNoSeriousViolations(page, `${label}: coupons list`);

  await page.getByTestId('new-coupon').click();
  await expect(page).toHaveURL(/\/admin\/coupons\/new$/);
  const form = page.getByTestId('coupon-editor');
  await form.getByLabel('Code').fill('no spaces!');
  await form.getByLabel('Discount (%)').fill('120');
  await form.getByRole('button', { name: 'Create coupon' }).click();
  await expect(form.getByText('Use letters, digits and dashes only, starting with a letter or digit')).toBeVisible();
  await expect(form.getByText('Enter a whole percent from 1 to 100')).toBeVisible();
  await expectNoSeriousViolations(page, `${label}: new coupon with errors`);

  await form.getByLabel('Code').fill(code.toLowerCase());
  await form.getByLabel('Discount (%)').fill('10');
  await form.getByLabel('Largest discount (AED)').fill('250');
  await form.getByLabel('Last day').fill('2099-12-31');
  await form.getByLabel('Uses in all').fill('5');
  await form.getByLabel('Uses per customer').fill('1');
  await form.getByRole('button', { name: 'Create coupon' }).click();
  await expect(page).toHaveURL(/\/admin\/coupons\/\d+\?done=created$/);
  await expect(page.getByTestId('coupon-done')).toHaveText('Coupon created');
  await expect(page.getByTestId('coupon-state')).toHaveText('Running');
  await expect(page.getByTestId('coupon-uses')).toHaveText('Used 0 of 5 times, at most 1 per customer');
  await expectNoSidewaysScroll(page);

  // The shop takes it (its code in any case).
  const items = JSON.stringify([{ product_id: 5, quantity: 1 }]);
  const accepted = await page.request.get(`/api/coupon/check?coupon=${code.toLowerCase()}&items=${encodeURIComponent(items)}`);
  expect(accepted.status()).toBe(200);

  // Listed with its terms; found by part of its code.
  await page.goto(`/admin/coupons?q=${code.slice(3, 8)}`);
  const card = page.locator(`[data-admin-coupon="${code}"]`);
  await expect(card).toContainText('10% off, up to AED 250.00');
  await expect(card.getByTestId('coupon-state')).toHaveText('Running');

  // Switched off: refused by the shop at once.
  await card.getByRole('link', { name: code }).click();
  await page.getByTestId('coupon-editor').getByLabel('Switched on').uncheck();
  await page.getByTestId('coupon-save').click();
  await expect(page.getByTestId('coupon-done')).toHaveText('Coupon saved');
  await expect(page.getByTestId('coupon-state')).toHaveText('Switched off');
  const refused = await page.request.get(`/api/coupon/check?coupon=${code}&items=${encodeURIComponent(items)}`);
  expect(refused.status()).toBe(404);
  expect(((await refused.json()) as { message: string }).message).toBe('This coupon code is not valid');
  await expectNoSeriousViolations(page, `${label}: coupon page`);
}
