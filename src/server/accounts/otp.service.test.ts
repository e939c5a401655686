import { describe, expect, it } from 'vitest';
import { and, eq } from 'drizzle-orm';
import type { Db } from '@/server/db/client';
import { otpCodes } from '@/server/db/schema/accounts';
import { TooManyRequestsError, ValidationError } from '@/server/errors';
import type { OtpPurpose } from '@/domain/accounts';
import {
  InvalidOtpError,
  OTP_CHECK_LIMIT_PER_ADDRESS,
  OTP_MAX_WRONG_PER_CODE,
  OTP_MAX_WRONG_PER_EMAIL_PER_DAY,
  OTP_SEND_LIMIT_PER_ADDRESS,
  OTP_SEND_LIMIT_PER_EMAIL,
  OTP_SEND_LIMIT_PER_EMAIL_AND_ADDRESS,
  consumeValidatedOtp,
  issueOtp,
  validateOtp,
} from './otp.service';
import { useFreshDatabase } from '../../../tests/db';
import { wrongCode } from '../../../tests/accounts';

let db: Db;
useFreshDatabase((database) => {
  db = database.db;
});

// Every test starts on a fresh hour (aligned with the 10-minute and 1-hour rate-limit windows),
// with its own e-mails and client address, so no test sees another's counters.
let hour = 0;
function clockStart(): number {
  hour += 1;
  return Date.UTC(2030, 0, 1, hour, 0, 0);
}
let counter = 0;
const email = (label: string) => `${label}.${++counter}@example.ae`;
const address = () => `198.51.100.${++counter % 250}`;
const at = (ms: number) => new Date(ms);
const SECOND = 1000;
const MINUTE = 60 * SECOND;

/** Issues codes until one differs from `other` (a collision has odds of 1 in 10,000). */
async function issueDifferent(to: string, purpose: OtpPurpose, other: string, ip: string, now: Date): Promise<string> {
  for (let i = 0; i < 3; i++) {
    const code = await issueOtp(db, to, purpose, ip, now);
    if (code !== other) return code;
  }
  throw new Error('three equal codes in a row');
}

describe('issueOtp', () => {
  it('makes a 4-digit code and stores only its hash, valid 10 minutes', async () => {
    const t0 = clockStart();
    const to = email('fourdigits');
    const code = await issueOtp(db, to, 'register', address(), at(t0));
    expect(code).toMatch(/^\d{4}$/);
    const rows = await db.select().from(otpCodes).where(eq(otpCodes.email, to));
    expect(rows).toHaveLength(1);
    expect(rows[0]!.codeHash).not.toContain(code);
    expect(rows[0]!.codeHash).toMatch(/^[0-9a-f]{64}$/);
    expect(rows[0]!.expiresAt.getTime()).toBe(t0 + 10 * MINUTE);
    expect(rows[0]!.purpose).toBe('register');
  });

  it('spreads codes over all four digits, leading zeros included', async () => {
    // 10 codes per e-mail would trip the send limit: use many e-mails and addresses.
    const codes = new Set<string>();
    const t0 = clockStart();
    for (let i = 0; i < 9; i++) codes.add(await issueOtp(db, email('spread'), 'register', address(), at(t0)));
    for (const c of codes) expect(c).toMatch(/^\d{4}$/);
    expect(codes.size).toBeGreaterThan(1);
  });
});

describe('validateOtp', () => {
  it('accepts the right code and marks it validated', async () => {
    const t0 = clockStart();
    const to = email('right');
    const ip = address();
    const code = await issueOtp(db, to, 'register', ip, at(t0));
    await expect(validateOtp(db, to, 'register', code, ip, at(t0 + 30 * SECOND))).resolves.toBeUndefined();
    const [row] = await db.select().from(otpCodes).where(eq(otpCodes.email, to));
    expect(row!.validatedAt?.getTime()).toBe(t0 + 30 * SECOND);
    expect(row!.consumedAt).toBeNull();
  });

  it("refuses a wrong code with 400 'Invalid Otp', then refuses even the right code with 429 for 180 s", async () => {
    const t0 = clockStart();
    const to = email('locked');
    const ip = address();
    const code = await issueOtp(db, to, 'register', ip, at(t0));
    const failedAt = t0 + 10 * SECOND;

    const wrong = validateOtp(db, to, 'register', wrongCode(code), ip, at(failedAt));
    await expect(wrong).rejects.toBeInstanceOf(InvalidOtpError);
    await expect(validateOtp(db, to, 'register', wrongCode(code), ip, at(failedAt)).catch((e: unknown) => e)).resolves.toMatchObject({
      status: 429, // the second wrong try already meets the lock
    });

    const during = await validateOtp(db, to, 'register', code, ip, at(failedAt + 1 * SECOND)).catch((e: unknown) => e);
    expect(during).toBeInstanceOf(TooManyRequestsError);
    expect(during).toMatchObject({ status: 429, message: 'Wait for three minutes to verify again' });
    expect((during as TooManyRequestsError).retryAfterSeconds).toBe(179);

    const lastMoment = await validateOtp(db, to, 'register', code, ip, at(failedAt + 180 * SECOND - 1)).catch((e: unknown) => e);
    expect(lastMoment).toMatchObject({ status: 429, message: 'Wait for three minutes to verify again' });

    await expect(validateOtp(db, to, 'register', code, ip, at(failedAt + 180 * SECOND))).resolves.toBeUndefined();
  });

  it('answers the wrong code with exactly status 400 and the spec text', async () => {
    const t0 = clockStart();
    const to = email('status400');
    const ip = address();
    const code = await issueOtp(db, to, 'reset', ip, at(t0));
    const error = await validateOtp(db, to, 'reset', wrongCode(code), ip, at(t0)).catch((e: unknown) => e);
    expect(error).toMatchObject({ status: 400, message: 'Invalid Otp' });
    const [row] = await db.select().from(otpCodes).where(eq(otpCodes.email, to));
    expect(row!.failedAttempts).toBe(1);
    expect(row!.lockedUntil?.getTime()).toBe(t0 + 180 * SECOND);
    expect(row!.validatedAt).toBeNull();
  });

  it('lets a code expire after 10 minutes (422)', async () => {
    const t0 = clockStart();
    const ip = address();
    const fresh = email('fresh');
    const freshCode = await issueOtp(db, fresh, 'register', ip, at(t0));
    await expect(validateOtp(db, fresh, 'register', freshCode, ip, at(t0 + 10 * MINUTE - 1))).resolves.toBeUndefined();

    const stale = email('stale');
    const staleCode = await issueOtp(db, stale, 'register', ip, at(t0));
    const error = await validateOtp(db, stale, 'register', staleCode, ip, at(t0 + 10 * MINUTE)).catch((e: unknown) => e);
    expect(error).toBeInstanceOf(ValidationError);
    expect(error).toMatchObject({ status: 422, fields: { otp: [expect.any(String)] } });
    expect(await consumeValidatedOtp(db, stale, 'register', at(t0 + 10 * MINUTE))).toBe(false);
  });

  it('refuses a code for an e-mail that was sent none (422)', async () => {
    const t0 = clockStart();
    await expect(validateOtp(db, email('nocode'), 'register', '1234', address(), at(t0))).rejects.toMatchObject({ status: 422 });
  });

  it("binds a code to its e-mail: the same digits do not validate another e-mail's code", async () => {
    const t0 = clockStart();
    const ip = address();
    const alice = email('alice');
    const bob = email('bob');
    const alicesCode = await issueOtp(db, alice, 'register', ip, at(t0));
    // No code for Bob at all: Alice's code does nothing for him.
    await expect(validateOtp(db, bob, 'register', alicesCode, ip, at(t0))).rejects.toMatchObject({ status: 422 });
    // Bob has his own (different) code: Alice's digits are a wrong code for him.
    await issueDifferent(bob, 'register', alicesCode, ip, at(t0));
    await expect(validateOtp(db, bob, 'register', alicesCode, ip, at(t0))).rejects.toMatchObject({ status: 400, message: 'Invalid Otp' });
    // Alice's own code is untouched by Bob's lock.
    await expect(validateOtp(db, alice, 'register', alicesCode, ip, at(t0))).resolves.toBeUndefined();
    expect(await consumeValidatedOtp(db, bob, 'register', at(t0))).toBe(false);
  });

  it('binds a code to its purpose: a register code is no reset code', async () => {
    const t0 = clockStart();
    const ip = address();
    const to = email('purpose');
    const registerCode = await issueOtp(db, to, 'register', ip, at(t0));
    await expect(validateOtp(db, to, 'reset', registerCode, ip, at(t0))).rejects.toMatchObject({ status: 422 });
    await issueDifferent(to, 'reset', registerCode, ip, at(t0));
    await expect(validateOtp(db, to, 'reset', registerCode, ip, at(t0))).rejects.toMatchObject({ status: 400 });
    expect(await consumeValidatedOtp(db, to, 'reset', at(t0))).toBe(false);
    // The register code still works for registering.
    await validateOtp(db, to, 'register', registerCode, ip, at(t0));
    expect(await consumeValidatedOtp(db, to, 'reset', at(t0))).toBe(false);
    expect(await consumeValidatedOtp(db, to, 'register', at(t0))).toBe(true);
  });

  it('forgets the old code when a new one is issued', async () => {
    const t0 = clockStart();
    const ip = address();
    const to = email('reissue');
    const first = await issueOtp(db, to, 'register', ip, at(t0));
    const second = await issueDifferent(to, 'register', first, ip, at(t0 + 30 * SECOND));
    await expect(validateOtp(db, to, 'register', first, ip, at(t0 + 40 * SECOND))).rejects.toMatchObject({
      status: 400,
      message: 'Invalid Otp',
    });
    // After the lock the new code works.
    await expect(validateOtp(db, to, 'register', second, ip, at(t0 + 40 * SECOND + 180 * SECOND))).resolves.toBeUndefined();
  });

  it('a new code also cancels a validated, unused one', async () => {
    const t0 = clockStart();
    const ip = address();
    const to = email('revalidate');
    const code = await issueOtp(db, to, 'reset', ip, at(t0));
    await validateOtp(db, to, 'reset', code, ip, at(t0));
    await issueOtp(db, to, 'reset', ip, at(t0 + MINUTE));
    expect(await consumeValidatedOtp(db, to, 'reset', at(t0 + MINUTE))).toBe(false);
  });
});

describe('consumeValidatedOtp', () => {
  it('works once, only after validation', async () => {
    const t0 = clockStart();
    const ip = address();
    const to = email('once');
    const code = await issueOtp(db, to, 'register', ip, at(t0));
    expect(await consumeValidatedOtp(db, to, 'register', at(t0))).toBe(false); // not validated yet
    await validateOtp(db, to, 'register', code, ip, at(t0 + SECOND));
    expect(await consumeValidatedOtp(db, to, 'register', at(t0 + 2 * SECOND))).toBe(true);
    expect(await consumeValidatedOtp(db, to, 'register', at(t0 + 3 * SECOND))).toBe(false);
    // A used code cannot be validated again.
    await expect(validateOtp(db, to, 'register', code, ip, at(t0 + 4 * SECOND))).rejects.toMatchObject({ status: 422 });
    const [row] = await db
      .select()
      .from(otpCodes)
      .where(and(eq(otpCodes.email, to), eq(otpCodes.purpose, 'register')));
    expect(row!.consumedAt?.getTime()).toBe(t0 + 2 * SECOND);
  });

  it('works only within 10 minutes of the validation', async () => {
    const t0 = clockStart();
    const ip = address();
    const inTime = email('intime');
    const late = email('late');
    const a = await issueOtp(db, inTime, 'reset', ip, at(t0));
    const b = await issueOtp(db, late, 'reset', ip, at(t0));
    await validateOtp(db, inTime, 'reset', a, ip, at(t0 + 5 * MINUTE));
    await validateOtp(db, late, 'reset', b, ip, at(t0 + 5 * MINUTE));
    expect(await consumeValidatedOtp(db, late, 'reset', at(t0 + 15 * MINUTE))).toBe(false);
    expect(await consumeValidatedOtp(db, inTime, 'reset', at(t0 + 15 * MINUTE - 1))).toBe(true);
  });

  it('lets only one of two simultaneous uses through', async () => {
    const t0 = clockStart();
    const ip = address();
    const to = email('race');
    const code = await issueOtp(db, to, 'reset', ip, at(t0));
    await validateOtp(db, to, 'reset', code, ip, at(t0));
    const results = await Promise.all([consumeValidatedOtp(db, to, 'reset', at(t0)), consumeValidatedOtp(db, to, 'reset', at(t0))]);
    expect(results.filter(Boolean)).toHaveLength(1);
  });
});

describe('rate limits', () => {
  it('has the documented limits', () => {
    expect(OTP_SEND_LIMIT_PER_EMAIL).toMatchObject({ limit: 3, windowSeconds: 600 });
    expect(OTP_SEND_LIMIT_PER_ADDRESS).toMatchObject({ limit: 10, windowSeconds: 3600 });
    expect(OTP_SEND_LIMIT_PER_EMAIL_AND_ADDRESS).toMatchObject({ limit: 2, windowSeconds: 600 });
    expect(OTP_CHECK_LIMIT_PER_ADDRESS).toMatchObject({ limit: 20, windowSeconds: 600 });
  });

  it('sends at most 3 codes per e-mail in 10 minutes, from any address', async () => {
    const t0 = clockStart();
    const to = email('sendcap');
    for (let i = 0; i < 3; i++) await issueOtp(db, to, 'register', address(), at(t0 + i * MINUTE));
    const refused = await issueOtp(db, to, 'register', address(), at(t0 + 4 * MINUTE)).catch((e: unknown) => e);
    expect(refused).toBeInstanceOf(TooManyRequestsError);
    expect(refused).toMatchObject({ status: 429, message: 'Too many codes requested. Please try again later' });
    expect((refused as TooManyRequestsError).retryAfterSeconds).toBe(6 * 60);
    // The refused request made no new code: the third code is still the current one.
    const rows = await db.select().from(otpCodes).where(eq(otpCodes.email, to));
    expect(rows).toHaveLength(3);
    // Another e-mail is not affected, and the next window allows this one again.
    await expect(issueOtp(db, email('sendcap-other'), 'register', address(), at(t0 + 4 * MINUTE))).resolves.toMatch(/^\d{4}$/);
    await expect(issueOtp(db, to, 'register', address(), at(t0 + 10 * MINUTE))).resolves.toMatch(/^\d{4}$/);
  });

  it("lets one address spend only 2 of an e-mail's sends, so another address can still get a code", async () => {
    const t0 = clockStart();
    const to = email('sendshare');
    const attacker = address();
    for (let i = 0; i < 2; i++) await issueOtp(db, to, 'reset', attacker, at(t0 + i * MINUTE));
    await expect(issueOtp(db, to, 'reset', attacker, at(t0 + 2 * MINUTE))).rejects.toMatchObject({ status: 429 });
    // The refused attempt spent none of the e-mail's three sends: the owner gets the third.
    await expect(issueOtp(db, to, 'reset', address(), at(t0 + 3 * MINUTE))).resolves.toMatch(/^\d{4}$/);
  });

  it('sends at most 10 codes per client address in an hour', async () => {
    const t0 = clockStart();
    const ip = address();
    for (let i = 0; i < 10; i++) await issueOtp(db, email('bomb'), 'register', ip, at(t0 + i * 5 * MINUTE));
    await expect(issueOtp(db, email('bomb'), 'register', ip, at(t0 + 55 * MINUTE))).rejects.toMatchObject({ status: 429 });
    await expect(issueOtp(db, email('bomb'), 'register', address(), at(t0 + 55 * MINUTE))).resolves.toMatch(/^\d{4}$/);
    await expect(issueOtp(db, email('bomb'), 'register', ip, at(t0 + 60 * MINUTE))).resolves.toMatch(/^\d{4}$/);
  });

  it('checks at most 20 codes per client address in 10 minutes, even right ones', async () => {
    const t0 = clockStart();
    const ip = address();
    const to = email('checkcap');
    const code = await issueOtp(db, to, 'register', address(), at(t0));
    // 20 checks of e-mails that have no code: each is refused (422) but counted.
    for (let i = 0; i < 20; i++) {
      await expect(validateOtp(db, email('guess'), 'register', '0000', ip, at(t0 + i * SECOND))).rejects.toMatchObject({ status: 422 });
    }
    const refused = await validateOtp(db, to, 'register', code, ip, at(t0 + 30 * SECOND)).catch((e: unknown) => e);
    expect(refused).toBeInstanceOf(TooManyRequestsError);
    expect(refused).toMatchObject({ status: 429 });
    // Nothing was validated by the refused check.
    expect(await consumeValidatedOtp(db, to, 'register', at(t0 + 30 * SECOND))).toBe(false);
    // From another address the same check passes.
    await expect(validateOtp(db, to, 'register', code, address(), at(t0 + 30 * SECOND))).resolves.toBeUndefined();
  });
});

describe('wrong-try caps (issue 10, point 1)', () => {
  it('has the documented caps', () => {
    expect(OTP_MAX_WRONG_PER_CODE).toBe(5);
    expect(OTP_MAX_WRONG_PER_EMAIL_PER_DAY).toBe(10);
  });

  it('a code with 5 wrong tries is dead, even for the right code after its lock', async () => {
    const t0 = clockStart();
    const to = email('dead');
    const code = await issueOtp(db, to, 'reset', address(), at(t0));
    await db.update(otpCodes).set({ failedAttempts: OTP_MAX_WRONG_PER_CODE }).where(eq(otpCodes.email, to));
    const refused = await validateOtp(db, to, 'reset', code, address(), at(t0 + MINUTE)).catch((e: unknown) => e);
    expect(refused).toBeInstanceOf(ValidationError);
    expect(refused).toMatchObject({ status: 422, message: 'Too many wrong tries for this code. Please request a new one' });
    expect(await consumeValidatedOtp(db, to, 'reset', at(t0 + MINUTE))).toBe(false);
  });

  it('allows 10 wrong tries per e-mail a day across codes: a new code does not reset the count', async () => {
    const t0 = clockStart();
    const to = email('daily');
    let now = t0;
    let wrongTries = 0;
    let code: string;
    // A new code every 10 minutes (within the send limit), tried wrongly after each lock.
    while (wrongTries < OTP_MAX_WRONG_PER_EMAIL_PER_DAY) {
      code = await issueOtp(db, to, 'reset', address(), at(now));
      for (let i = 0; i < 3 && wrongTries < OTP_MAX_WRONG_PER_EMAIL_PER_DAY; i++) {
        await expect(validateOtp(db, to, 'reset', wrongCode(code), address(), at(now + i * 3 * MINUTE + SECOND))).rejects.toMatchObject({
          status: 400,
        });
        wrongTries += 1;
      }
      now += 10 * MINUTE;
    }
    // The next code, even its right digits, is refused until a day has passed since those codes.
    code = await issueOtp(db, to, 'reset', address(), at(now));
    const refused = await validateOtp(db, to, 'reset', code, address(), at(now + SECOND)).catch((e: unknown) => e);
    expect(refused).toBeInstanceOf(TooManyRequestsError);
    expect(refused).toMatchObject({ status: 429, message: 'Too many wrong codes for this e-mail today. Please try again tomorrow' });
    expect(await consumeValidatedOtp(db, to, 'reset', at(now + SECOND))).toBe(false);
    // Another purpose of the same e-mail has its own count.
    const signUp = await issueOtp(db, to, 'register', address(), at(now));
    await expect(validateOtp(db, to, 'register', signUp, address(), at(now + SECOND))).resolves.toBeUndefined();
    // A day after the first codes, a fresh code works again.
    const later = t0 + 24 * 60 * MINUTE + 40 * MINUTE;
    code = await issueOtp(db, to, 'reset', address(), at(later));
    await expect(validateOtp(db, to, 'reset', code, address(), at(later + SECOND))).resolves.toBeUndefined();
  });
});
