// The composition root (docs/decisions/0023-composition-root.md): createApp builds each dependency
// once, however often the pages, the API and the jobs ask for it, and what it hands out is made
// from the configuration it was given.
import { describe, expect, it, vi } from 'vitest';
import { parseConfig } from '@/server/config';
import type { DatabaseHandle, Db } from '@/server/db/client';
import type { Mailer } from '@/server/mail/mailer';
import type { PaymentProvider } from '@/server/payments/payment-provider';
import { createApp, stripeOptionsOf, type AppFactories, type Clock } from './app';
import { apiDeps } from './api/deps';

const db = { name: 'the database' } as unknown as Db;
const mailer: Mailer = { send: async () => {} };
const provider = (kind: PaymentProvider['kind']) => ({ kind }) as unknown as PaymentProvider;

function counted() {
  const handle = { db, kind: 'pglite', migrate: vi.fn(), close: vi.fn(async () => {}) } as unknown as DatabaseHandle;
  const factories = {
    openDatabase: vi.fn(async () => handle),
    createMailer: vi.fn(() => mailer),
    createStripe: vi.fn(() => provider('stripe')),
    createTestPayments: vi.fn(() => provider('test')),
  } satisfies Partial<AppFactories>;
  return { handle, factories };
}

const STRIPE_KEYS = { STRIPE_SECRET_KEY: 'sk_test_x', STRIPE_PUBLISHABLE_KEY: 'pk_test_x', STRIPE_WEBHOOK_SECRET: 'whsec_x' };

describe('createApp', () => {
  it('builds the database, the mailer and the Stripe client once each, however often they are asked for', async () => {
    const { handle, factories } = counted();
    const app = createApp(parseConfig(STRIPE_KEYS), factories);
    expect(factories.createMailer).toHaveBeenCalledTimes(1);
    // The database opens on first use, not when the app is built (a script may never need it).
    expect(factories.openDatabase).not.toHaveBeenCalled();

    const asked = await Promise.all([app.db(), app.db(), app.database(), app.db()]);
    expect(asked).toEqual([db, db, handle, db]);
    expect(factories.openDatabase).toHaveBeenCalledTimes(1);

    expect(app.payments(db)).toBe(app.payments(db));
    expect(app.payments(db)?.kind).toBe('stripe');
    expect(factories.createStripe).toHaveBeenCalledTimes(1);
    expect(factories.createStripe).toHaveBeenCalledWith(stripeOptionsOf(app.config));
    expect(factories.createTestPayments).not.toHaveBeenCalled();
    expect(app.mailer).toBe(mailer);
    expect(factories.createMailer).toHaveBeenCalledTimes(1);
  });

  it('opens the database again after a failed opening, and closes what it opened once', async () => {
    const { handle, factories } = counted();
    factories.openDatabase.mockRejectedValueOnce(new Error('PGlite could not open its folder'));
    const app = createApp(parseConfig({}), factories);
    await expect(app.db()).rejects.toThrow('could not open');
    expect(await app.db()).toBe(db);
    expect(factories.openDatabase).toHaveBeenCalledTimes(2);
    await app.close();
    await app.close();
    expect(handle.close).toHaveBeenCalledTimes(1);
  });

  it('without Stripe keys: the test payment provider over the given database outside production, none in production', () => {
    const { factories } = counted();
    const development = createApp(parseConfig({}), factories);
    expect(development.stripe).toBeNull();
    expect(development.payments(db)?.kind).toBe('test');
    expect(factories.createTestPayments).toHaveBeenCalledWith(db);
    const production = createApp(parseConfig({ NODE_ENV: 'production', SMTP_URL: 'smtp://mail.example:25' }), factories);
    expect(production.payments(db)).toBeNull();
    expect(factories.createStripe).not.toHaveBeenCalled();
  });

  it("gives the order service the app's mailer, shop name, provider and clock", () => {
    const { factories } = counted();
    const clock: Clock = { now: () => new Date('2026-01-02T03:04:05Z') };
    const app = createApp(parseConfig({ SHOP_NAME: 'Test Shop' }), { ...factories, clock });
    const deps = app.orderDeps(db);
    expect(deps).toMatchObject({ db, mailer, shopName: 'Test Shop' });
    expect(deps.payments?.kind).toBe('test');
    expect(deps.now?.()).toEqual(new Date('2026-01-02T03:04:05Z'));
  });
});

describe('apiDeps', () => {
  it("hands the API the app's parts and the request's own client address and session", async () => {
    const { factories } = counted();
    const clock: Clock = { now: () => new Date('2026-01-02T03:04:05Z') };
    const app = createApp(parseConfig({ SITE_URL: 'https://shop.example/', TRUSTED_PROXIES: '10.0.0.0/8', DATA_DIR: '/srv/shop' }), {
      ...factories,
      clock,
    });
    const request = new Request('https://shop.example/api/health', {
      headers: { 'x-forwarded-for': '203.0.113.9', authorization: 'Bearer a-token' },
    });
    const deps = await apiDeps(app, request, { peerAddress: '10.1.2.3', user: null });
    expect(deps).toMatchObject({
      db,
      clientAddress: '203.0.113.9',
      trustedOrigins: ['https://shop.example'],
      user: null,
      sessionToken: 'a-token',
      mailer,
      shopName: app.config.SHOP_NAME,
      dataDir: '/srv/shop',
      secureCookies: false,
      stripe: null,
    });
    expect(deps.payments?.kind).toBe('test');
    expect(deps.now?.()).toEqual(new Date('2026-01-02T03:04:05Z'));
    expect(factories.openDatabase).toHaveBeenCalledTimes(1);
  });
});
