// Shared steps of the inbox specs (desktop and 390 px): a contact message sent through the API,
// a newsletter sign-up and its welcome mail's unsubscribe link read from the development outbox
// (docs/decisions/0021-email.md), and the unsubscribe page's flows.
import fs from 'node:fs';
import path from 'node:path';
import { expect, type APIRequestContext, type Page } from '@playwright/test';
import { e2eDataDir } from '../playwright.config';
import { uniqueEmail } from './auth.helpers';
import { expectNoSeriousViolations } from './axe.helpers';
import { expectNoSidewaysScroll, waitForIslands } from './helpers';

const outbox = path.join(e2eDataDir, 'outbox');

/** Sends a contact message as a shopper would; answers the sender's e-mail and the text. */
export async function sendContactMessage(request: APIRequestContext, tag: string): Promise<{ email: string; text: string; name: string }> {
  const email = uniqueEmail(tag);
  const text = `Do you deliver the FG-30S to Sharjah? (${Math.random().toString(36).slice(2, 8)})`;
  const r = await request.post('/api/contact', {
    data: { first_name: 'Reem', last_name: `Inbox ${tag}`, email, phone: '0501234567', message: text },
  });
  expect(r.status(), await r.text()).toBe(200);
  return { email, text, name: `Reem Inbox ${tag}` };
}

/** The raw mails to `email` in the outbox, oldest first. */
export function mailsTo(email: string): string[] {
  const files = fs.existsSync(outbox) ? fs.readdirSync(outbox).sort() : [];
  return files
    .map((file) => fs.readFileSync(path.join(outbox, file), 'utf8'))
    .filter((text) => (/^To:\s*(.+)$/im.exec(text)?.[1] ?? '').toLowerCase().includes(email.toLowerCase()));
}

/** A header of a raw mail, unfolded. */
export function headerOf(raw: string, name: string): string | null {
  const head = raw.slice(0, raw.search(/\r?\n\r?\n/)).replace(/\r?\n[ \t]+/g, ' ');
  return new RegExp(`^${name}:\\s*(.+)$`, 'im').exec(head)?.[1]?.trim() ?? null;
}

/** Signs an e-mail up for the newsletter and answers the unsubscribe token of its welcome mail. */
export async function subscribeAndReadToken(request: APIRequestContext, tag: string): Promise<{ email: string; token: string }> {
  const email = uniqueEmail(tag);
  const r = await request.post('/api/subscriber/add-subscriber', { data: { email } });
  expect(r.status(), await r.text()).toBe(200);
  let mail = '';
  await expect.poll(() => (mail = mailsTo(email).at(-1) ?? ''), { message: `the welcome mail to ${email}`, timeout: 15_000 }).not.toBe('');
  expect(headerOf(mail, 'List-Unsubscribe-Post')).toBe('List-Unsubscribe=One-Click');
  const link = /^<(.+)>$/.exec(headerOf(mail, 'List-Unsubscribe') ?? '')?.[1] ?? '';
  const token = new URL(link).searchParams.get('token') ?? '';
  expect(token).toMatch(/^[0-9a-f]{32}$/);
  return { email, token };
}

/** The unsubscribe page: masked address and button, done, already, a bad link; axe clean. */
export async function unsubscribeJourney(page: Page): Promise<void> {
  const { email, token } = await subscribeAndReadToken(page.request, 'unsub');
  const masked = `${email[0]}***@example.ae`;
  await page.goto(`/unsubscribe?token=${token}`);
  const card = page.getByTestId('unsubscribe');
  await expect(card.getByRole('heading', { level: 1 })).toHaveText('Unsubscribe from our newsletter');
  await expect(card).toContainText(`Stop sending deals and news to ${masked}?`);
  await expect(card).not.toContainText(email);
  await expectNoSeriousViolations(page, 'unsubscribe page');
  await expectNoSidewaysScroll(page);
  // Opening the link changed nothing: the page still asks.
  await page.reload();
  await card.getByRole('button', { name: 'Unsubscribe' }).click();
  await expect(card.getByRole('status')).toHaveText(`${masked} is unsubscribed. You will get no more newsletter e-mails from us.`);
  await expectNoSeriousViolations(page, 'unsubscribe page, done');
  await page.goto(`/unsubscribe?token=${token}`);
  await expect(card.getByRole('status')).toHaveText(`${masked} is already unsubscribed. Nothing more to do.`);
  await expect(card.getByRole('button', { name: 'Unsubscribe' })).toHaveCount(0);

  const bad = await page.goto(`/unsubscribe?token=${'0'.repeat(32)}`);
  expect(bad?.status()).toBe(404);
  await expect(card.getByRole('alert')).toContainText('This unsubscribe link is not valid.');
  await page.goto('/unsubscribe?token=cut');
  await expect(card.getByRole('alert')).toContainText('This unsubscribe link is not valid.');
  await expectNoSeriousViolations(page, 'unsubscribe page, bad link');
}

/** A mail client's one-click POST (RFC 8058) to the List-Unsubscribe link unsubscribes. */
export async function oneClickUnsubscribe(page: Page): Promise<void> {
  const { token } = await subscribeAndReadToken(page.request, 'oneclick');
  const r = await page.request.post(`/unsubscribe?token=${token}`, { form: { 'List-Unsubscribe': 'One-Click' } });
  expect(r.status()).toBe(200);
  await page.goto(`/unsubscribe?token=${token}`);
  await expect(page.getByTestId('unsubscribe').getByRole('status')).toContainText('is already unsubscribed');
}

/**
 * A staff member finds the message (unread, in bold with a dot), opens it (read now), replies;
 * the reply shows at once and after a reload, the mail reaches the sender with the original
 * quoted, and "Mark as unread" puts the dot back. Axe clean on the list and the message.
 */
export async function readAndReplyJourney(page: Page): Promise<void> {
  const sent = await sendContactMessage(page.request, `reply${Math.random().toString(36).slice(2, 6)}`);
  await page.goto(`/admin/messages?q=${encodeURIComponent(sent.email)}`);
  const row = page.getByTestId('message-row');
  await expect(row).toHaveCount(1);
  await expect(row).toHaveAttribute('data-unread', 'true');
  await expect(row.getByText(sent.name)).toHaveClass(/font-bold/);
  await expect(row).toContainText(sent.text);
  await expectNoSeriousViolations(page, 'admin messages list');
  await expectNoSidewaysScroll(page);

  await row.getByRole('link').click();
  await expect(page.getByRole('heading', { level: 1, name: sent.name })).toBeVisible();
  await expect(page.getByTestId('message-text')).toHaveText(sent.text);
  const form = page.getByTestId('reply-form');
  // The reply form is an island: a click before it hydrates would post the page's plain form.
  await waitForIslands(page);
  await expect(form.getByRole('button', { name: 'Send reply' })).toBeEnabled();
  await form.getByRole('button', { name: 'Send reply' }).click();
  await expect(form.getByText('Write a reply first')).toBeVisible();
  const answer = `Yes, we deliver to Sharjah. ${Math.random().toString(36).slice(2, 8)}`;
  await form.getByLabel('Your reply').fill(answer);
  await form.getByRole('button', { name: 'Send reply' }).click();
  await expect(page.getByTestId('reply')).toContainText(answer);
  await expect(form.getByLabel('Your reply')).toHaveValue('');
  await expectNoSeriousViolations(page, 'admin message with a reply');
  await expectNoSidewaysScroll(page);

  let mail = '';
  await expect.poll(() => (mail = mailsTo(sent.email).at(-1) ?? ''), { message: `the reply to ${sent.email}` }).not.toBe('');
  expect(headerOf(mail, 'Subject')).toBe('Re: your message to Safe Buddy');
  const body = mail.replace(/=\r?\n/g, '');
  expect(body).toContain(answer);
  expect(body).toContain(`> ${sent.text}`);

  await page.reload();
  await expect(page.getByTestId('reply')).toContainText(answer);
  await page.getByTestId('mark-unread').click();
  await expect(page).toHaveURL(/\/admin\/messages$/);
  await page.goto(`/admin/messages?q=${encodeURIComponent(sent.email)}`);
  await expect(page.getByTestId('message-row')).toHaveAttribute('data-unread', 'true');
  await expect(page.getByTestId('message-row')).toContainText('1 reply');
}

/** The subscribers page: the new address under Subscribed, the export link downloads its CSV. */
export async function subscribersJourney(page: Page): Promise<void> {
  const { email } = await subscribeAndReadToken(page.request, 'listed');
  await page.goto(`/admin/subscribers?q=${encodeURIComponent(email)}`);
  await expect(page.getByTestId('subscriber-row')).toHaveCount(1);
  await expect(page.getByTestId('subscriber-row')).toContainText(email);
  await expect(page.getByTestId('subscriber-counts')).toContainText(/\d+ subscribed, \d+ unsubscribed/);
  await expectNoSeriousViolations(page, 'admin subscribers');
  await expectNoSidewaysScroll(page);
  const link = page.getByTestId('subscribers-export');
  await expect(link).toHaveAttribute(
    'href',
    `/api/admin/subscribers.csv?status=subscribed&q=${encodeURIComponent(email).replace(/%20/g, '+')}`,
  );
  const [download] = await Promise.all([page.waitForEvent('download'), link.click()]);
  const file = await download.path();
  const csv = fs.readFileSync(file, 'utf8').replace(/^\ufeff/, '');
  expect(csv.split(/\r?\n/)[0]).toBe('id,email,status,signed_up_at,unsubscribed_at');
  expect(csv).toContain(`,${email},subscribed,`);
}
