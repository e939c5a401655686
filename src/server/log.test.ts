// The logger keeps personal data out of log lines (docs/decisions/0016-hostile-input.md).
import { afterEach, describe, expect, it, vi } from 'vitest';
import { DrizzleQueryError } from 'drizzle-orm/errors';
import { REDACTED, errorForLog, log, redact, scrubQueryString, scrubText } from './log';

afterEach(() => {
  vi.restoreAllMocks();
});

/** A driver error as node-postgres and PGlite throw it: a SQLSTATE, a message naming a value, a detail with the row. */
function driverError(): Error {
  return Object.assign(new Error('invalid input syntax for type integer: "omar@example.ae"'), {
    code: '22P02',
    severity: 'ERROR',
    detail: 'Failing row contains (7, Omar Saeed, omar@example.ae, 0501234567, Villa 9 Al Wasl Road).',
    where: "unnamed portal parameter $1 = 'omar@example.ae'",
    routine: 'pg_strtoint32_safe',
  });
}

describe('redact', () => {
  it('redacts known keys at any depth, whatever their case', () => {
    const out = redact({
      orderId: 12,
      user: {
        Email: 'a@b.ae',
        phone: '0501234567',
        name: 'Reem',
        first_name: 'Reem',
        address: { city: 'Dubai' },
        password: 'x',
        otp: '1234',
        token: 't',
      },
      headers: { Authorization: 'Bearer abc', cookie: 'session=abc' },
      list: [{ customer_name: 'Reem', code: '1234' }],
      replyTo: 'a@b.ae',
    }) as Record<string, unknown>;
    expect(out).toEqual({
      orderId: 12,
      user: {
        Email: REDACTED,
        phone: REDACTED,
        name: REDACTED,
        first_name: REDACTED,
        address: REDACTED,
        password: REDACTED,
        otp: REDACTED,
        token: REDACTED,
      },
      headers: { Authorization: REDACTED, cookie: REDACTED },
      list: [{ customer_name: REDACTED, code: REDACTED }],
      replyTo: REDACTED,
    });
  });

  it('keeps only the names of a query string and scrubs e-mails and phone numbers from free text', () => {
    expect(scrubQueryString('?email=reem%40example.ae&page=2&phone=0501234567')).toBe('?email&page&phone');
    expect(redact('?email=reem%40example.ae', 'query')).toBe('?email');
    expect(scrubText('mail to reem@example.ae failed, phone 050 123 4567 or +971501234567, on 2026-11-25')).toBe(
      'mail to [email] failed, phone [number] or [number], on 2026-11-25',
    );
  });
});

describe('errors in a log', () => {
  it("keep name, code, routine and frames, but never drizzle's parameters, the driver's detail or values in the message", () => {
    const wrapped = new DrizzleQueryError(
      'insert into "users" ("name", "email") values ($1, $2)',
      ['Omar Saeed', 'omar@example.ae'],
      driverError(),
    );
    const out = errorForLog(wrapped);
    const text = JSON.stringify(out);
    for (const secret of ['omar', 'Omar', '0501234567', 'Villa', 'Al Wasl']) expect(text).not.toContain(secret);
    expect(out).toMatchObject({ name: 'DrizzleQueryError', query: 'insert into "users" ("name", "email") values ($1, $2)' });
    expect(out.cause).toMatchObject({
      name: 'Error',
      code: '22P02',
      routine: 'pg_strtoint32_safe',
      message: 'invalid input syntax for type integer: "?"',
    });
    expect(String(out.stack)).toMatch(/^\s+at /);
  });

  it('are written by log.error with the context kept and the personal parts gone', () => {
    const lines: string[] = [];
    vi.spyOn(console, 'error').mockImplementation((line: string) => void lines.push(line));
    const wrapped = new DrizzleQueryError('select * from "users" where "email" = $1', ['omar@example.ae'], driverError());
    log.error('API request failed', {
      method: 'POST',
      path: '/api/login',
      query: '?email=omar%40example.ae',
      body: { email: 'omar@example.ae' },
      error: wrapped,
    });
    expect(lines).toHaveLength(1);
    expect(lines[0]).not.toContain('omar');
    expect(lines[0]).not.toContain('0501234567');
    const entry = JSON.parse(lines[0]!);
    expect(entry).toMatchObject({
      level: 'error',
      message: 'API request failed',
      method: 'POST',
      path: '/api/login',
      query: '?email',
      body: REDACTED,
    });
    expect(entry.error.cause.code).toBe('22P02');
  });
});
