// One-time codes (docs/decisions/0008-sessions.md): 4 digits, valid 10 minutes, bound to the e-mail and the purpose, locked
// for 3 minutes after a wrong try, used once (by registration or the password reset).
import { createHash, randomInt } from 'node:crypto';
import { and, desc, eq, gt, isNull, sql } from 'drizzle-orm';
import type { Db } from '@/server/db/client';
import { otpCodes } from '@/server/db/schema/accounts';
import { DomainError, TooManyRequestsError, ValidationError } from '@/server/errors';
import { OTP_LOCK_SECONDS, OTP_VALID_MINUTES, type OtpPurpose } from '@/domain/accounts';
import { accountMessages as t } from '@/domain/messages/accounts';
import { consumeRateLimit } from '@/server/rate-limit/rate-limit.service';

// Sending: the dialog's countdown allows a resend every 3.5 minutes, so 3 codes per e-mail in
// 10 minutes covers honest resends; 10 per client address an hour stops mail-bombing many inboxes.
export const OTP_SEND_LIMIT_PER_EMAIL = { name: 'otp-send:email', limit: 3, windowSeconds: 600 };
export const OTP_SEND_LIMIT_PER_ADDRESS = { name: 'otp-send:ip', limit: 10, windowSeconds: 3600 };
export const OTP_SEND_LIMIT_PER_EMAIL_AND_ADDRESS = { name: 'otp-send:email-ip', limit: 2, windowSeconds: 600 };
// Checking: the 3-minute lock already allows only ~4 guesses per code; this also caps guessing
// across many e-mails from one address.
export const OTP_CHECK_LIMIT_PER_ADDRESS = { name: 'otp-check:ip', limit: 20, windowSeconds: 600 };
// Wrong tries (docs/decisions/0012-account-hardening.md): a code is dead after 5, whatever the
// lock; an e-mail and purpose get 10 a day across all its codes, so asking for a new code does
// not buy new guesses (at most 10 in 10,000, 0.1%, per e-mail per day).
export const OTP_MAX_WRONG_PER_CODE = 5;
export const OTP_MAX_WRONG_PER_EMAIL_PER_DAY = 10;
const DAY_MS = 86_400_000;

/** An OTP answer the spec gives its own status: 400 means a wrong code. */
export class InvalidOtpError extends DomainError {
  constructor() {
    super(t.otpInvalid, 400);
  }
}

function codeHash(email: string, purpose: OtpPurpose, code: string): string {
  return createHash('sha256').update(`${purpose}:${email}:${code}`).digest('hex');
}

/** Makes a new code for the e-mail and purpose (earlier ones stop working) and returns it for mailing. */
export async function issueOtp(db: Db, email: string, purpose: OtpPurpose, clientAddress: string, now = new Date()): Promise<string> {
  // The address first, then the e-mail from this address, then the e-mail: one address cannot
  // spend all of an inbox's sends, and a refused address spends none of them.
  await consumeRateLimit(db, OTP_SEND_LIMIT_PER_ADDRESS, clientAddress, t.otpTooMany, now);
  await consumeRateLimit(db, OTP_SEND_LIMIT_PER_EMAIL_AND_ADDRESS, `${purpose}:${email}:${clientAddress}`, t.otpTooMany, now);
  await consumeRateLimit(db, OTP_SEND_LIMIT_PER_EMAIL, `${purpose}:${email}`, t.otpTooMany, now);
  const code = randomInt(0, 10_000).toString().padStart(4, '0');
  await db.transaction(async (tx) => {
    await tx
      .update(otpCodes)
      .set({ consumedAt: now })
      .where(and(eq(otpCodes.email, email), eq(otpCodes.purpose, purpose), isNull(otpCodes.consumedAt)));
    await tx.insert(otpCodes).values({
      email,
      purpose,
      codeHash: codeHash(email, purpose, code),
      expiresAt: new Date(now.getTime() + OTP_VALID_MINUTES * 60_000),
      createdAt: now,
    });
  });
  return code;
}

type CheckOutcome = 'right' | 'wrong' | 'expired' | 'dead' | 'daily' | { lockedSeconds: number };

/**
 * Checks a code; a right one is marked validated (not yet used), a wrong one locks the code for
 * 3 minutes. The code's row is locked (SELECT ... FOR UPDATE) before anything is read, so every
 * check of one e-mail and purpose runs one after another, on every app instance: simultaneous
 * guesses meet the lock or the caps the earlier ones wrote, and only those allowed are compared.
 */
export async function validateOtp(
  db: Db,
  email: string,
  purpose: OtpPurpose,
  code: string,
  clientAddress: string,
  now = new Date(),
): Promise<void> {
  await consumeRateLimit(db, OTP_CHECK_LIMIT_PER_ADDRESS, clientAddress, t.otpWait, now);
  const outcome = await db.transaction(async (tx): Promise<CheckOutcome> => {
    const [current] = await tx
      .select()
      .from(otpCodes)
      .where(and(eq(otpCodes.email, email), eq(otpCodes.purpose, purpose), isNull(otpCodes.consumedAt)))
      .orderBy(desc(otpCodes.createdAt), desc(otpCodes.id))
      .limit(1)
      .for('update');
    if (!current || current.expiresAt.getTime() <= now.getTime()) return 'expired';
    if (current.failedAttempts >= OTP_MAX_WRONG_PER_CODE) return 'dead';
    if (current.lockedUntil && current.lockedUntil.getTime() > now.getTime()) {
      return { lockedSeconds: Math.ceil((current.lockedUntil.getTime() - now.getTime()) / 1000) };
    }
    const [today] = await tx
      .select({ wrong: sql<number>`coalesce(sum(${otpCodes.failedAttempts}), 0)::int` })
      .from(otpCodes)
      .where(and(eq(otpCodes.email, email), eq(otpCodes.purpose, purpose), gt(otpCodes.createdAt, new Date(now.getTime() - DAY_MS))));
    if ((today?.wrong ?? 0) >= OTP_MAX_WRONG_PER_EMAIL_PER_DAY) return 'daily';
    if (current.codeHash !== codeHash(email, purpose, code)) {
      await tx
        .update(otpCodes)
        .set({ failedAttempts: sql`${otpCodes.failedAttempts} + 1`, lockedUntil: new Date(now.getTime() + OTP_LOCK_SECONDS * 1000) })
        .where(eq(otpCodes.id, current.id));
      return 'wrong';
    }
    await tx.update(otpCodes).set({ validatedAt: now }).where(eq(otpCodes.id, current.id));
    return 'right';
  });
  if (outcome === 'right') return;
  if (outcome === 'wrong') throw new InvalidOtpError();
  if (outcome === 'expired') throw new ValidationError(t.otpExpired, { otp: [t.otpExpired] });
  if (outcome === 'dead') throw new ValidationError(t.otpTooManyWrong, { otp: [t.otpTooManyWrong] });
  if (outcome === 'daily') throw new TooManyRequestsError(t.otpDailyCap, Math.ceil(DAY_MS / 1000));
  throw new TooManyRequestsError(t.otpWait, outcome.lockedSeconds);
}

const validatedSince = (now: Date) => new Date(now.getTime() - OTP_VALID_MINUTES * 60_000);

/** Whether the e-mail and purpose have a validated, unused code (checked before any hashing; using it up is consumeValidatedOtp). */
export async function hasValidatedOtp(db: Db, email: string, purpose: OtpPurpose, now = new Date()): Promise<boolean> {
  const [row] = await db
    .select({ id: otpCodes.id })
    .from(otpCodes)
    .where(
      and(
        eq(otpCodes.email, email),
        eq(otpCodes.purpose, purpose),
        isNull(otpCodes.consumedAt),
        gt(otpCodes.validatedAt, validatedSince(now)),
      ),
    )
    .limit(1);
  return row !== undefined;
}

/**
 * Uses up the validated code of an e-mail and purpose, once: true when there was one, validated
 * within the last 10 minutes. One conditional update, so two requests cannot both use it.
 */
export async function consumeValidatedOtp(db: Db, email: string, purpose: OtpPurpose, now = new Date()): Promise<boolean> {
  const since = validatedSince(now);
  const used = await db
    .update(otpCodes)
    .set({ consumedAt: now })
    .where(and(eq(otpCodes.email, email), eq(otpCodes.purpose, purpose), isNull(otpCodes.consumedAt), gt(otpCodes.validatedAt, since)))
    .returning({ id: otpCodes.id });
  return used.length > 0;
}
