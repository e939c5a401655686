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

  it('refuses to start in production without SMTP (D7)', () => {
    expect(() => parseConfig({ NODE_ENV: 'production' })).toThrow(/SMTP_URL/);
    expect(parseConfig({ NODE_ENV: 'production', SMTP_URL: 'smtp://mail.example:587' }).NODE_ENV).toBe('production');
  });
});
