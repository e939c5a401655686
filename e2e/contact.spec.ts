// The contact page: the 'Talk to Buddy' form sends a message (mailed to the shop through the
// development outbox, docs/decisions/0021-email.md), Send waits for the privacy checkbox, and the spec's field messages.
import { expect, test, type Page } from '@playwright/test';
import { outboxMailMentioning, toasts } from './helpers';

const form = (page: Page) => page.locator('[data-contact-form]');

async function fill(page: Page, values: { first: string; last: string; email: string; phone: string; message: string }) {
  await form(page).getByLabel('First name').fill(values.first);
  await form(page).getByLabel('Last name').fill(values.last);
  await form(page).getByLabel('E-mail', { exact: true }).fill(values.email);
  await form(page).getByLabel('Phone number').fill(values.phone);
  await form(page).getByLabel('Message', { exact: true }).fill(values.message);
}

test('sends a message: success toast, and the shop receives it with a reply-to of the sender', async ({ page }) => {
  const email = `contact-${Date.now()}-${Math.random().toString(36).slice(2, 8)}@example.ae`;
  const marker = `Question ${Math.random().toString(36).slice(2, 10)} about a fire safe`;
  await page.goto('/contact');
  await expect(page.getByRole('heading', { level: 1, name: 'Talk to Buddy' })).toBeVisible();
  await fill(page, { first: 'Reem', last: 'Ali', email, phone: '0501234567', message: marker });
  await form(page).getByRole('checkbox').check();
  await form(page).getByRole('button', { name: 'Send' }).click();
  await expect(toasts(page)).toContainText('Message sent successfully!');
  await expect(form(page).getByLabel('First name')).toHaveValue('');

  let mail = '';
  await expect.poll(() => (mail = outboxMailMentioning(email))).not.toBe('');
  expect(mail).toMatch(new RegExp(`^Reply-To: ${email.replace(/[.+]/g, '\\$&')}`, 'mi'));
  expect(mail.replace(/=\r?\n/g, '')).toContain(marker);
});

test('Send stays disabled until the privacy-policy checkbox is ticked', async ({ page }) => {
  await page.goto('/contact');
  const send = form(page).getByRole('button', { name: 'Send' });
  await expect(send).toBeDisabled();
  await form(page).getByRole('checkbox').check();
  await expect(send).toBeEnabled();
  await form(page).getByRole('checkbox').uncheck();
  await expect(send).toBeDisabled();
});

test('an empty submit shows the spec message under each field', async ({ page }) => {
  await page.goto('/contact');
  await form(page).getByRole('checkbox').check();
  await form(page).getByRole('button', { name: 'Send' }).click();
  for (const text of [
    'First name is required',
    'Last name is required',
    'Email is required',
    'Phone number must be 10 digits',
    'Message is required',
  ]) {
    await expect(form(page).getByText(text)).toBeVisible();
  }
  await form(page).getByLabel('E-mail', { exact: true }).fill('not-an-email');
  await form(page).getByRole('button', { name: 'Send' }).click();
  await expect(form(page).getByText('Invalid email')).toBeVisible();
});

test('the phone field keeps digits and the signs people type between them, no letters', async ({ page }) => {
  await page.goto('/contact');
  const phone = form(page).getByLabel('Phone number');
  await phone.pressSequentially('+971 5a0b-123 4567');
  await expect(phone).toHaveValue('+971 50-123 4567');
});
