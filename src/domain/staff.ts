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

/** The password an admin may type for a new staff member (empty: the server makes one). */
const temporaryPassword = z
  .string()
  .max(STAFF_PASSWORD_MAX, t.passwordTooLong)
  .optional()
  .transform((value) => (value ? value : undefined))
  .refine((value) => value === undefined || value.length >= STAFF_PASSWORD_MIN, t.passwordTooShort);

export const staffRoleField = z.enum(STAFF_ROLES, { error: t.roleInvalid });

/** An admin adds a staff member (docs/decisions/0033-back-office-staff.md#staff-management). */
export const staffCreateBody = z.object({
  name: singleLine(z.string({ error: t.nameRequired }).trim().min(1, t.nameRequired).max(120, t.nameTooLong)),
  email: emailField(),
  role: staffRoleField,
  password: temporaryPassword,
});

export const staffRoleBody = z.object({ role: staffRoleField });

/** A staff member changes their own password: the current one, then the new one. */
export const staffOwnPasswordBody = z.object({
  current_password: z.string({ error: t.passwordRequired }).min(1, t.passwordRequired).max(STAFF_PASSWORD_MAX, t.currentPasswordWrong),
  new_password: z
    .string({ error: t.passwordRequired })
    .min(STAFF_PASSWORD_MIN, t.passwordTooShort)
    .max(STAFF_PASSWORD_MAX, t.passwordTooLong),
});
