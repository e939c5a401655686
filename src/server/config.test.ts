import { describe, expect, it } from 'vitest';
import { parseConfig } from './config';

describe('parseConfig', () => {
  it('runs a fresh clone with no variables at all', () => {
    const c = parseConfig({});
    expect(c).toMatchObject({ PORT: 4321, DATA_DIR: './data', NODE_ENV: 'development', SHOP_NAME: 'Safe Buddy' });
    expect(c.DATABASE_URL).toBeUndefined();
  });

  it('takes PORT and DATABASE_URL from the environment; blank optional URLs count as unset', () => {
    const c = parseConfig({ PORT: '8080', DATABASE_URL: 'postgres://u@db:5432/shop', SMTP_URL: '' });
    expect(c.PORT).toBe(8080);
    expect(c.DATABASE_URL).toBe('postgres://u@db:5432/shop');
    expect(c.SMTP_URL).toBeUndefined();
  });

  it('refuses bad values with a message naming the variable', () => {
    expect(() => parseConfig({ PORT: 'eighty' })).toThrow(/PORT/);
    expect(() => parseConfig({ SHOP_WHATSAPP: '+971 50' })).toThrow(/SHOP_WHATSAPP/);
    expect(() => parseConfig({ DATABASE_URL: 'not a url' })).toThrow(/DATABASE_URL/);
  });

  it('refuses to start in production without SMTP (docs/decisions/0021-email.md)', () => {
    expect(() => parseConfig({ NODE_ENV: 'production' })).toThrow(/SMTP_URL/);
    expect(parseConfig({ NODE_ENV: 'production', SMTP_URL: 'smtp://mail.example:587' }).NODE_ENV).toBe('production');
  });
});

describe('production payment settings', () => {
  const production = { NODE_ENV: 'production', SMTP_URL: 'smtp://mail.example:587' };

  it('refuses Stripe keys without a webhook secret in production (payments would never be confirmed)', () => {
    expect(() => parseConfig({ ...production, STRIPE_SECRET_KEY: 'sk_live_x', STRIPE_PUBLISHABLE_KEY: 'pk_live_x' })).toThrow(
      /STRIPE_WEBHOOK_SECRET: required in production when STRIPE_SECRET_KEY is set/,
    );
    expect(() => parseConfig({ ...production, STRIPE_SECRET_KEY: 'sk_live_x', STRIPE_WEBHOOK_SECRET: '  ' })).toThrow(
      /STRIPE_WEBHOOK_SECRET/,
    );
    expect(parseConfig({ ...production, STRIPE_SECRET_KEY: 'sk_live_x', STRIPE_WEBHOOK_SECRET: 'whsec_x' }).STRIPE_WEBHOOK_SECRET).toBe(
      'whsec_x',
    );
  });

  it('still runs production without Stripe, and development with keys but no secret', () => {
    expect(parseConfig(production).STRIPE_SECRET_KEY).toBeUndefined();
    expect(parseConfig({ STRIPE_SECRET_KEY: 'sk_test_x' }).STRIPE_SECRET_KEY).toBe('sk_test_x');
  });
});

describe('database timeouts and shutdown', () => {
  it('has sane defaults, and takes milliseconds from the environment', () => {
    const c = parseConfig({});
    expect(c.DB_CONNECT_TIMEOUT_MS).toBe(5000);
    expect(c.DB_STATEMENT_TIMEOUT_MS).toBe(15000);
    expect(c.DB_START_WAIT_MS).toBe(60000);
    expect(c.SHUTDOWN_TIMEOUT_MS).toBe(10000);
    expect(parseConfig({ DB_CONNECT_TIMEOUT_MS: '250', DB_STATEMENT_TIMEOUT_MS: '1000' })).toMatchObject({
      DB_CONNECT_TIMEOUT_MS: 250,
      DB_STATEMENT_TIMEOUT_MS: 1000,
    });
    expect(() => parseConfig({ DB_STATEMENT_TIMEOUT_MS: '0' })).toThrow(/DB_STATEMENT_TIMEOUT_MS/);
  });
});
