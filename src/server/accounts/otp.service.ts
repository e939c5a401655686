// One-time codes (D3): 4 digits, valid 10 minutes, bound to the e-mail and the purpose, locked
// for 3 minutes after a wrong try, used once (by registration or the password reset).
import { createHash, randomInt } from 'node:crypto';
import { and, desc, eq, gt, isNull } from 'drizzle-orm';
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
// Checking: the 3-minute lock already allows only ~4 guesses per code; this also caps guessing
// across many e-mails from one address.
export const OTP_CHECK_LIMIT_PER_ADDRESS = { name: 'otp-check:ip', limit: 20, windowSeconds: 600 };

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
  await consumeRateLimit(db, OTP_SEND_LIMIT_PER_EMAIL, `${purpose}:${email}`, t.otpTooMany, now);
  await consumeRateLimit(db, OTP_SEND_LIMIT_PER_ADDRESS, clientAddress, t.otpTooMany, now);
  const code = randomInt(0, 10_000).toString().padStart(4, '0');
  await db.transaction(async (tx) => {
    await tx.update(otpCodes).set({ consumedAt: now }).where(and(eq(otpCodes.email, email), eq(otpCodes.purpose, purpose), isNull(otpCodes.consumedAt)));
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

/** Checks a code; a right one is marked validated (not yet used), a wrong one locks the code for 3 minutes. */
export async function validateOtp(db: Db, email: string, purpose: OtpPurpose, code: string, clientAddress: string, now = new Date()): Promise<void> {
  await consumeRateLimit(db, OTP_CHECK_LIMIT_PER_ADDRESS, clientAddress, t.otpWait, now);
  const [current] = await db
    .select()
    .from(otpCodes)
    .where(and(eq(otpCodes.email, email), eq(otpCodes.purpose, purpose), isNull(otpCodes.consumedAt)))
    .orderBy(desc(otpCodes.createdAt), desc(otpCodes.id))
    .limit(1);
  if (!current || current.expiresAt.getTime() <= now.getTime()) throw new ValidationError(t.otpExpired, { otp: [t.otpExpired] });
  if (current.lockedUntil && current.lockedUntil.getTime() > now.getTime()) {
    throw new TooManyRequestsError(t.otpWait, Math.ceil((current.lockedUntil.getTime() - now.getTime()) / 1000));
  }
  if (current.codeHash !== codeHash(email, purpose, code)) {
    await db
      .update(otpCodes)
      .set({ failedAttempts: current.failedAttempts + 1, lockedUntil: new Date(now.getTime() + OTP_LOCK_SECONDS * 1000) })
      .where(eq(otpCodes.id, current.id));
    throw new InvalidOtpError();
  }
  await db.update(otpCodes).set({ validatedAt: now }).where(eq(otpCodes.id, current.id));
}

/**
 * Uses up the validated code of an e-mail and purpose, once: true when there was one, validated
 * within the last 10 minutes. One conditional update, so two requests cannot both use it.
 */
export async function consumeValidatedOtp(db: Db, email: string, purpose: OtpPurpose, now = new Date()): Promise<boolean> {
  const since = new Date(now.getTime() - OTP_VALID_MINUTES * 60_000);
  const used = await db
    .update(otpCodes)
    .set({ consumedAt: now })
    .where(and(eq(otpCodes.email, email), eq(otpCodes.purpose, purpose), isNull(otpCodes.consumedAt), gt(otpCodes.validatedAt, since)))
    .returning({ id: otpCodes.id });
  return used.length > 0;
}
