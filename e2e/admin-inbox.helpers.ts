// Shared steps of the inbox specs (desktop and 390 px): a contact message sent through the API,
// a newsletter sign-up and its welcome mail's unsubscribe link read from the development outbox
// (docs/decisions/0021-email.md), and the unsubscribe page's flows.
import fs from 'node:fs';
import path from 'node:path';
import { expect, type APIRequestContext, type Page } from '@playwright/test';
import { e2eDataDir } from '../playwright.config';
import { uniqueEmail } from './auth.helpers';
import { expectNoSeriousViolations } from './axe.helpers';
import { pageWidths } from './helpers';

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

/** The page never scrolls sideways (390 px). */
export async function expectNoSidewaysScroll(page: Page): Promise<void> {
  const { scrollWidth, innerWidth } = await pageWidths(page);
  expect(scrollWidth).toBeLessThanOrEqual(innerWidth);
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
