// The contact page on a 390 px phone: the hero and the 'Talk to Buddy' form fit and work by
// touch (fill, tick the privacy box, Send), nothing scrolls sideways, and the newsletter block
// on the page signs up.
import { expect, test, type Locator, type Page } from '@playwright/test';
import { pageWidths, toasts } from './helpers';

const form = (page: Page) => page.locator('[data-contact-form]');

/** Checked against the configured 390 px: a phone widens innerWidth to fit content that overflows. */
async function expectNoSideScroll(page: Page): Promise<void> {
  expect(page.viewportSize()!.width).toBe(390);
  expect(await pageWidths(page)).toEqual({ scrollWidth: 390, innerWidth: 390 });
}

/** Inside the 390 px viewport, left to right. */
async function expectWithinWidth(element: Locator): Promise<void> {
  const box = (await element.boundingBox())!;
  expect(box.x).toBeGreaterThanOrEqual(0);
  expect(box.x + box.width).toBeLessThanOrEqual(390);
}

test.describe('contact page at 390 px', () => {
  test('hero and form fit the screen; a message is sent by touch', async ({ page }) => {
    await page.goto('/contact');
    await expectNoSideScroll(page);
    await expect(page.getByRole('heading', { level: 1, name: 'Talk to Buddy' })).toBeInViewport();
    await expect(page.getByRole('main').getByRole('link', { name: /^\+?[\d\s]+$/ })).toBeVisible();

    const f = form(page);
    await expectWithinWidth(f);
    const email = `contact-m-${Date.now()}-${Math.random().toString(36).slice(2, 8)}@example.ae`;
    // Tapping a field focuses it, as a finger would before the keyboard comes up.
    for (const [label, value] of [
      ['First name', 'Noura'],
      ['Last name', 'Saeed'],
      ['E-mail', email],
      ['Phone number', '0551234567'],
      ['Message', 'Do you deliver a vault door to Al Ain?'],
    ] as const) {
      const field = f.getByLabel(label, { exact: true });
      await expectWithinWidth(field);
      await field.tap();
      await expect(field).toBeFocused();
      await field.fill(value);
    }
    const send = f.getByRole('button', { name: 'Send' });
    await expect(send).toBeDisabled();
    await f.getByRole('checkbox').tap();
    await expect(f.getByRole('checkbox')).toBeChecked();
    await expect(send).toBeEnabled();
    await expectWithinWidth(send);
    await send.tap();
    await expect(toasts(page)).toContainText('Message sent successfully!');
    await expect(f.getByLabel('First name')).toHaveValue('');
    await expectNoSideScroll(page);
  });

  test('field errors show under the fields without widening the page', async ({ page }) => {
    await page.goto('/contact');
    const f = form(page);
    await f.getByRole('checkbox').tap();
    await f.getByRole('button', { name: 'Send' }).tap();
    await expect(f.getByText('First name is required')).toBeVisible();
    await expect(f.getByText('Phone number must be 10 digits')).toBeVisible();
    await expect(f.getByLabel('First name')).toBeFocused();
    await expectNoSideScroll(page);
  });

  test('the newsletter block signs up, and a second sign-up is told it is already there', async ({ page }) => {
    await page.goto('/contact');
    const block = page.getByRole('region', { name: 'Sign up for deals, new products and promotions' });
    await block.scrollIntoViewIfNeeded();
    await expectWithinWidth(block);
    const email = block.getByRole('textbox', { name: 'E-mail' });
    const subscribe = block.getByRole('button', { name: 'Subscribe' });
    await expectWithinWidth(subscribe);

    // An invalid address is refused in the page.
    await email.fill('not-an-email');
    await subscribe.tap();
    await expect(block.getByText('Invalid email address')).toBeVisible();

    const address = `news-m-${Date.now()}-${Math.random().toString(36).slice(2, 8)}@example.ae`;
    await email.fill(address);
    await subscribe.tap();
    await expect(toasts(page)).toContainText('Thank you for subscribing!');
    await expect(email).toHaveValue('');
    await email.fill(address);
    await subscribe.tap();
    await expect(toasts(page)).toContainText('You have already subscribed with us');
    await expectNoSideScroll(page);
  });
});
