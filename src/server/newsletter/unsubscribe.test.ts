// The welcome mail's unsubscribe link and headers, the unsubscribe service and its public
// endpoint, re-subscribing, and the back office's subscriber list and export rows.
import { describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import { subscribers } from '@/server/db/schema/shopping';
import { config } from '@/server/config';
import { NotFoundError, ValidationError } from '@/server/errors';
import { newsletterApi } from '@/domain/api/newsletter';
import { newsletterMessages, unsubscribeTexts } from '@/domain/messages/newsletter';
import { maskEmail } from '@/domain/newsletter';
import { listSubscribers, subscribe, subscriberCounts, subscriberForToken, subscribersForExport, unsubscribe } from './newsletter.service';
import { unsubscribeUrl } from './newsletter-mails';
import { useFreshDatabase } from '../../../tests/db';
import { recordingMailer } from '../../../tests/accounts';
import { callApi, callEndpoint } from '../../../tests/api';
import { smtpMailer, startSmtpServer } from '../../../tests/smtp';

const database = useFreshDatabase();
const SITE = 'https://shop.example';
let address = 0;
/** A client address of its own per sign-up, so the per-address limit never interferes. */
const nextAddress = () => `203.0.113.${++address}`;

async function tokenOf(email: string): Promise<string> {
  const [row] = await database.db.select({ token: subscribers.unsubscribeToken }).from(subscribers).where(eq(subscribers.email, email));
  return row!.token;
}

describe('the welcome mail', () => {
  it('reaches a real SMTP server with the unsubscribe link in text and HTML and the RFC 8058 headers', async () => {
    const smtp = await startSmtpServer();
    try {
      const mailer = smtpMailer(smtp);
      await subscribe({ db: database.db, mailer, shopName: 'Safe Buddy', siteUrl: SITE }, 'welcome@example.ae', nextAddress());
      const token = await tokenOf('welcome@example.ae');
      expect(token).toMatch(/^[0-9a-f]{32}$/);
      const link = `${SITE}/unsubscribe?token=${token}`;
      expect(unsubscribeUrl(SITE, token)).toBe(link);
      const mail = smtp.lastTo('welcome@example.ae');
      expect(mail.parsed.subject).toBe('Welcome to the Safe Buddy newsletter');
      expect(mail.parsed.headers.get('list-unsubscribe')).toBe(`<${link}>`);
      expect(mail.parsed.headers.get('list-unsubscribe-post')).toBe('List-Unsubscribe=One-Click');
      expect(mail.parsed.text).toContain(link);
      expect(mail.parsed.html).toContain(`href="${link.replace('&', '&amp;')}"`);
    } finally {
      await smtp.close();
    }
  });

  it('does not fail the sign-up when the mail cannot be sent', async () => {
    const failing = { send: async () => Promise.reject(new Error('smtp down')) };
    await subscribe({ db: database.db, mailer: failing, shopName: 'Safe Buddy', siteUrl: SITE }, 'nomail@example.ae', nextAddress());
    expect(await subscriberForToken(database.db, await tokenOf('nomail@example.ae'))).toMatchObject({ unsubscribedAt: null });
  });
});

describe('unsubscribe', () => {
  it('unsubscribes once, says "already" the second time and keeps the first date', async () => {
    const mailer = recordingMailer();
    const deps = { db: database.db, mailer, shopName: 'Safe Buddy', siteUrl: SITE };
    await subscribe(deps, 'leaver@example.ae', nextAddress());
    const token = await tokenOf('leaver@example.ae');
    const first = new Date('2026-11-20T10:00:00Z');
    expect(await unsubscribe(database.db, token, first)).toEqual({ email: 'leaver@example.ae', outcome: 'unsubscribed' });
    expect(await unsubscribe(database.db, token, new Date('2026-11-21T10:00:00Z'))).toEqual({
      email: 'leaver@example.ae',
      outcome: 'already',
    });
    expect((await subscriberForToken(database.db, token))?.unsubscribedAt?.toISOString()).toBe(first.toISOString());
  });

  it('refuses an unknown token with the message that the link is not valid', async () => {
    await expect(unsubscribe(database.db, '0'.repeat(32))).rejects.toThrow(NotFoundError);
    await expect(unsubscribe(database.db, '0'.repeat(32))).rejects.toThrow(unsubscribeTexts.badToken);
  });

  it('subscribes again on a new sign-up after unsubscribing (same token, a new welcome mail), while a live one is still refused', async () => {
    const mailer = recordingMailer();
    const deps = { db: database.db, mailer, shopName: 'Safe Buddy', siteUrl: SITE };
    await subscribe(deps, 'returner@example.ae', nextAddress());
    const token = await tokenOf('returner@example.ae');
    await unsubscribe(database.db, token);
    await subscribe(deps, 'returner@example.ae', nextAddress());
    expect(await subscriberForToken(database.db, token)).toMatchObject({ email: 'returner@example.ae', unsubscribedAt: null });
    expect(mailer.to('returner@example.ae')).toHaveLength(2);
    const refused = await subscribe(deps, 'returner@example.ae', nextAddress()).catch((error: unknown) => error);
    expect(refused).toBeInstanceOf(ValidationError);
    expect((refused as ValidationError).message).toBe(newsletterMessages.alreadySubscribed);
  });

  it('masks the address shown to whoever holds the link', () => {
    expect(maskEmail('reem.ali@example.ae')).toBe('r***@example.ae');
    expect(maskEmail('a@b.ae')).toBe('a***@b.ae');
    expect(maskEmail('nonsense')).toBe('***');
  });
});

describe('POST /api/newsletter/unsubscribe', () => {
  it('unsubscribes with the token, then answers that it is already done, with the address masked', async () => {
    const [row] = await database.db
      .insert(subscribers)
      .values({ email: 'api.leaver@example.ae' })
      .returning({ token: subscribers.unsubscribeToken });
    const first = await callEndpoint(database.db, newsletterApi.unsubscribe, { body: { token: row!.token } });
    expect(first.status).toBe(200);
    expect(first).toMatchObject({ message: unsubscribeTexts.unsubscribed, data: { email: 'a***@example.ae', outcome: 'unsubscribed' } });
    const again = await callEndpoint(database.db, newsletterApi.unsubscribe, { body: { token: row!.token } });
    expect(again).toMatchObject({ message: unsubscribeTexts.alreadyUnsubscribed, data: { outcome: 'already' } });
  });

  it('answers 404 for an unknown token and 422 for a malformed or missing one', async () => {
    const unknown = await callApi(database.db, 'newsletter/unsubscribe', { json: { token: 'f'.repeat(32) } });
    expect(unknown.status).toBe(404);
    expect(unknown.body).toMatchObject({ success: false, message: unsubscribeTexts.badToken });
    const malformed = await callApi(database.db, 'newsletter/unsubscribe', { json: { token: "x' or 1=1 --" } });
    expect(malformed.status).toBe(422);
    const missing = await callApi(database.db, 'newsletter/unsubscribe', { json: {} });
    expect(missing.status).toBe(422);
    expect(missing.body).toMatchObject({ data: { token: [unsubscribeTexts.tokenRequired] } });
  });
});

describe('the subscriber list', () => {
  it('lists subscribed ones by default, unsubscribed ones on request, searches by e-mail and counts both', async () => {
    const db = database.db;
    await db.insert(subscribers).values([
      { email: 'list.one@example.ae', createdAt: new Date('2026-01-01T00:00:00Z') },
      { email: 'list.two@example.ae', createdAt: new Date('2026-01-02T00:00:00Z') },
      { email: 'list.gone@example.ae', createdAt: new Date('2026-01-03T00:00:00Z'), unsubscribedAt: new Date('2026-02-01T00:00:00Z') },
      { email: 'list_under@example.ae', createdAt: new Date('2026-01-04T00:00:00Z') },
    ]);
    const live = await listSubscribers(db, { page: 1, q: 'list', status: 'subscribed' });
    expect(live.items.map((s) => s.email)).toEqual(['list_under@example.ae', 'list.two@example.ae', 'list.one@example.ae']);
    const gone = await listSubscribers(db, { page: 1, q: 'list', status: 'unsubscribed' });
    expect(gone.items.map((s) => s.email)).toEqual(['list.gone@example.ae']);
    expect((await listSubscribers(db, { page: 1, q: 'list', status: 'all' })).total).toBe(4);
    // '_' is a letter in the search, not a LIKE wildcard.
    expect((await listSubscribers(db, { page: 1, q: 'list_', status: 'all' })).items.map((s) => s.email)).toEqual([
      'list_under@example.ae',
    ]);
    const past = await listSubscribers(db, { page: 9, q: 'list', status: 'all' });
    expect(past).toMatchObject({ items: [], total: 4, lastPage: 1 });
    const counts = await subscriberCounts(db);
    expect(counts.unsubscribed).toBeGreaterThanOrEqual(1);
    expect(counts.subscribed).toBeGreaterThanOrEqual(3);
  });

  it('exports every selected row in batches, oldest first', async () => {
    const db = database.db;
    const many = Array.from({ length: 2100 }, (_, i) => ({ email: `bulk.export.${String(i).padStart(4, '0')}@example.ae` }));
    await db.insert(subscribers).values(many);
    const exported: string[] = [];
    for await (const row of subscribersForExport(db, { q: 'bulk.export.', status: 'subscribed' })) exported.push(row.email);
    expect(exported).toHaveLength(2100);
    expect(exported[0]).toBe('bulk.export.0000@example.ae');
    expect(exported.at(-1)).toBe('bulk.export.2099@example.ae');
    expect(config().SITE_URL).toBeTruthy();
  });
});
