// Staff accounts' rules (docs/decisions/0033-back-office-staff.md), shared by the sign-in page and
// the server: who may do what, how long a session lasts, what a second-factor code looks like.
import { z } from './zod';
import { emailField } from './accounts';
import { singleLine } from './input';
import { staffMessages as t } from './messages/staff';
import { STAFF_PASSWORD_MAX, STAFF_PASSWORD_MIN } from './constants';

export const STAFF_ROLES = ['admin', 'staff'] as const;
export type StaffRole = (typeof STAFF_ROLES)[number];

/** A staff session ends after this long without a request... */
export const STAFF_SESSION_IDLE_HOURS = 8;
/** ...and in any case this long after sign-in. */
export const STAFF_SESSION_MAX_HOURS = 24;
export const RECOVERY_CODE_COUNT = 10;

/** A 6-digit code from the authenticator app, or a recovery code (XXXXX-XXXXX). */
export const TOTP_PATTERN = /^\d{6}$/;
export const RECOVERY_CODE_PATTERN = /^[A-Z2-7]{5}-?[A-Z2-7]{5}$/;

/** The code as typed: spaces dropped, letters upper-cased. */
export function normaliseSecondFactor(code: string): string {
  return code.replace(/\s+/g, '').toUpperCase();
}

export const staffSignInBody = z.object({
  email: emailField(),
  password: z.string({ error: t.passwordRequired }).min(1, t.passwordRequired).max(STAFF_PASSWORD_MAX, t.signInFailed),
  code: singleLine(z.string({ error: t.codeRequired }))
    .transform(normaliseSecondFactor)
    .refine((code) => TOTP_PATTERN.test(code) || RECOVERY_CODE_PATTERN.test(code), t.codeInvalid),
});

export function staffPasswordProblem(password: string): string | null {
  if (password.length < STAFF_PASSWORD_MIN) return t.passwordTooShort;
  if (password.length > STAFF_PASSWORD_MAX) return t.passwordTooLong;
  return null;
}
