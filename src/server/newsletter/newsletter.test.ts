import { describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import { api } from '@/server/api/index';
import { subscribers } from '@/server/db/schema/shopping';
import { newsletterMessages } from '@/domain/messages/newsletter';
import { NEWSLETTER_LIMIT_PER_ADDRESS, NEWSLETTER_LIMIT_PER_EMAIL } from './newsletter.service';
import { useFreshDatabase } from '../../../tests/db';
import { envelopeOf } from '../../../tests/api';
import { recordingMailer } from '../../../tests/accounts';

const database = useFreshDatabase();
const mailer = recordingMailer();

function post(body: BodyInit, headers: Record<string, string>, clientAddress = '203.0.113.7') {
  const request = new Request('http://shop.test/api/subscriber/add-subscriber', { method: 'POST', body, headers });
  return api.handle(request, { db: database.db, clientAddress, mailer, trustedOrigins: ['https://shop.example'] });
}
const json = (value: unknown) => JSON.stringify(value);

describe('POST /api/subscriber/add-subscriber', () => {
  it('subscribes an e-mail from JSON, normalised, and answers with a message', async () => {
    const r = await post(json({ email: '  Reem.Ali@Example.AE ' }), { 'content-type': 'application/json' }, '198.51.100.1');
    expect(r.status).toBe(200);
    const body = await envelopeOf(r);
    expect(body).toMatchObject({ success: true, message: newsletterMessages.subscribed });
    const rows = await database.db.select().from(subscribers).where(eq(subscribers.email, 'reem.ali@example.ae'));
    expect(rows).toHaveLength(1);
  });

  it('accepts a URL-encoded form as the spec sends it', async () => {
    const r = await post(
      new URLSearchParams({ email: 'form@example.ae' }),
      { 'content-type': 'application/x-www-form-urlencoded' },
      '198.51.100.2',
    );
    expect(r.status).toBe(200);
  });

  it('answers 422 "already subscribed" for the same address in another case', async () => {
    const r = await post(json({ email: 'REEM.ALI@example.ae' }), { 'content-type': 'application/json' }, '198.51.100.3');
    expect(r.status).toBe(422);
    expect(await envelopeOf(r)).toMatchObject({
      success: false,
      message: newsletterMessages.alreadySubscribed,
      data: { email: [newsletterMessages.alreadySubscribed] },
    });
  });

  it('answers 422 with the spec messages for a missing or invalid e-mail', async () => {
    const missing = await post(json({}), { 'content-type': 'application/json' }, '198.51.100.4');
    expect(missing.status).toBe(422);
    expect((await envelopeOf(missing)).data.email).toEqual([newsletterMessages.required]);
    const invalid = await post(json({ email: 'not-an-email' }), { 'content-type': 'application/json' }, '198.51.100.4');
    expect((await envelopeOf(invalid)).data.email).toEqual([newsletterMessages.invalid]);
    const notJson = await post('{oops', { 'content-type': 'application/json' }, '198.51.100.4');
    expect(notJson.status).toBe(422);
  });

  it('rejects an over-long address (422) and an oversized body (413) with a clear message, storing nothing', async () => {
    const long = `${'a'.repeat(250)}@example.ae`;
    const tooLong = await post(json({ email: long }), { 'content-type': 'application/json' }, '198.51.100.5');
    expect(tooLong.status).toBe(422);
    expect((await envelopeOf(tooLong)).data.email).toHaveLength(1);
    const huge = await post(
      json({ email: 'big@example.ae', padding: 'x'.repeat(100_000) }),
      { 'content-type': 'application/json' },
      '198.51.100.5',
    );
    expect(huge.status).toBe(413);
    expect((await envelopeOf(huge)).message).toBe('The request is too large: send at most 64 KB');
    expect(await database.db.select().from(subscribers).where(eq(subscribers.email, 'big@example.ae'))).toHaveLength(0);
  });

  it('limits sign-ups per client address with 429 and Retry-After', async () => {
    const address = '192.0.2.99';
    for (let i = 0; i < NEWSLETTER_LIMIT_PER_ADDRESS.limit; i++) {
      const r = await post(json({ email: `bulk${i}@example.ae` }), { 'content-type': 'application/json' }, address);
      expect(r.status).toBe(200);
    }
    const blocked = await post(json({ email: 'one-more@example.ae' }), { 'content-type': 'application/json' }, address);
    expect(blocked.status).toBe(429);
    expect(Number(blocked.headers.get('retry-after'))).toBeGreaterThan(0);
    expect((await envelopeOf(blocked)).message).toBe(newsletterMessages.tooMany);
    // Nothing was stored for the refused attempt, and another address is not affected.
    expect(await database.db.select().from(subscribers).where(eq(subscribers.email, 'one-more@example.ae'))).toHaveLength(0);
    expect((await post(json({ email: 'other@example.ae' }), { 'content-type': 'application/json' }, '192.0.2.100')).status).toBe(200);
  });

  it('limits attempts per e-mail across client addresses, so many addresses cannot probe or hammer one e-mail', async () => {
    const email = json({ email: 'probed@example.ae' });
    const statuses: number[] = [];
    for (let i = 0; i <= NEWSLETTER_LIMIT_PER_EMAIL.limit; i++)
      statuses.push((await post(email, { 'content-type': 'application/json' }, `203.0.113.${100 + i}`)).status);
    expect(statuses).toEqual([200, ...Array<number>(NEWSLETTER_LIMIT_PER_EMAIL.limit - 1).fill(422), 429]);
    // Those addresses may still sign up other e-mails.
    expect((await post(json({ email: 'not-probed@example.ae' }), { 'content-type': 'application/json' }, '203.0.113.100')).status).toBe(
      200,
    );
  });

  it('refuses cross-site writes (docs/decisions/0008-sessions.md), JSON included, and allows the site itself', async () => {
    const crossSite = await post(
      json({ email: 'x1@example.ae' }),
      { 'content-type': 'application/json', 'sec-fetch-site': 'cross-site' },
      '198.51.100.9',
    );
    expect(crossSite.status).toBe(403);
    const foreignOrigin = await post(
      json({ email: 'x2@example.ae' }),
      { 'content-type': 'application/json', origin: 'https://evil.example' },
      '198.51.100.9',
    );
    expect(foreignOrigin.status).toBe(403);
    expect(await database.db.select().from(subscribers).where(eq(subscribers.email, 'x2@example.ae'))).toHaveLength(0);
    const sameOrigin = await post(
      json({ email: 'x3@example.ae' }),
      { 'content-type': 'application/json', origin: 'http://shop.test', 'sec-fetch-site': 'same-origin' },
      '198.51.100.9',
    );
    expect(sameOrigin.status).toBe(200);
    const trusted = await post(
      json({ email: 'x4@example.ae' }),
      { 'content-type': 'application/json', origin: 'https://shop.example' },
      '198.51.100.9',
    );
    expect(trusted.status).toBe(200);
  });
});
