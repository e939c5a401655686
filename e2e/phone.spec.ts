// Phone numbers as people type them at 1280 px (docs/product.md#phone-numbers, docs/decisions/0027-phone-numbers.md):
// the address form saves '+971 50 123 4567' as 0501234567 and shows it as 050 123 4567; the contact form sends a
// number typed with 00971, which reaches the shop in the national form.
import { test, expect } from './fixtures';
import { outboxMailMentioning, toasts, waitForIslands } from './helpers';
import { addAddressTypingPhone } from './phone.helpers';

test('the address form takes +971 50 123 4567, refuses a foreign number, and keeps one form', async ({ signedInPage: page, shopper }) => {
  await addAddressTypingPhone(page, shopper.name);
});

test('the contact form takes 00971 55 123 4567 and says why a landline is refused', async ({ page }) => {
  await page.goto('/contact');
  await waitForIslands(page);
  const form = page.locator('form[data-contact-form]');
  await form.getByLabel('First name').fill('Reem');
  await form.getByLabel('Last name').fill('Ali');
  const email = `reem.phone.${Date.now()}.${Math.random().toString(36).slice(2, 8)}@example.ae`;
  await form.getByLabel('E-mail', { exact: true }).fill(email);
  await form.getByLabel('Message', { exact: true }).fill('Do you deliver to Fujairah?');
  await form.getByRole('checkbox').check();
  const phone = form.getByLabel('Phone number');
  await phone.pressSequentially('04 555 0199');
  await form.getByRole('button', { name: 'Send' }).click();
  await expect(form.getByText('Please enter a UAE mobile number, such as 050 123 4567')).toBeVisible();
  await phone.fill('');
  await phone.pressSequentially('00971 55 123 4567');
  await expect(phone).toHaveValue('00971 55 123 4567');
  await form.getByRole('button', { name: 'Send' }).click();
  await expect(toasts(page)).toContainText('Message sent successfully!');
  // The shop's copy carries the one stored form, not what was typed.
  let mail = '';
  await expect.poll(() => (mail = outboxMailMentioning(email))).not.toBe('');
  expect(mail.replace(/=\r?\n/g, '')).toContain('Phone: 0551234567');
});
