// Account rules (docs/product.md#validation, docs/decisions/0008-sessions.md), shared by the dialogs and the server; their texts are
// accountMessages in the message catalog.
import { z } from './zod';
import { emailProblem } from './email';
import { accountMessages } from './messages/accounts';
import { singleLine } from './input';

// The limits are zod-free in account-limits.ts (the profile's islands read them without zod).
export * from './account-limits';

/** What a code is for; 'email_change' codes are only sent by the signed-in e-mail change flow. */
export const OTP_PURPOSES = ['register', 'reset', 'email_change'] as const;
export type OtpPurpose = (typeof OTP_PURPOSES)[number];
/** The purposes anyone may ask a code for (send-otp). */
export const SEND_OTP_PURPOSES = ['register', 'reset'] as const;
export type SendOtpPurpose = (typeof SEND_OTP_PURPOSES)[number];

const PASSWORD_PATTERN = /^(?=.*[a-z])(?=.*[A-Z])(?=.*\d)(?=.*[^A-Za-z0-9]).{8,32}$/;

export function passwordIsStrong(password: string): boolean {
  return PASSWORD_PATTERN.test(password);
}

/** An e-mail field: trimmed, checked with the shared rule, lower-cased. */
export const emailField = (
  messages: { required: string; invalid: string } = { required: accountMessages.emailRequired, invalid: accountMessages.emailInvalid },
) =>
  singleLine(
    z.string({ error: messages.required }).superRefine((value, ctx) => {
      const problem = emailProblem(value, messages);
      if (problem) ctx.addIssue({ code: 'custom', message: problem });
    }),
  ).transform((e) => e.trim().toLowerCase());

const requiredText = (message: string, max = 120) => singleLine(z.string({ error: message }).trim().min(1, message).max(max));
const newPassword = z
  .string({ error: accountMessages.passwordRequired })
  .min(1, accountMessages.passwordRequired)
  .refine(passwordIsStrong, accountMessages.passwordRule);

export const loginSchema = z.object({
  email: emailField(),
  password: z.string({ error: accountMessages.passwordRequired }).min(1, accountMessages.passwordRequired).max(200),
});

export const registerSchema = z
  .object({
    name: requiredText(accountMessages.nameRequired),
    email: emailField(),
    password: newPassword,
    c_password: z.string({ error: accountMessages.confirmRequired }).min(1, accountMessages.confirmRequired),
    user_type: z.literal('customer').optional(),
  })
  .refine((v) => v.password === v.c_password, { message: accountMessages.passwordsMustMatch, path: ['c_password'] });

export const sendOtpSchema = z.object({
  email: emailField(),
  purpose: z.enum(SEND_OTP_PURPOSES).default('register'),
});

export const otpCodeField = z
  .string({ error: accountMessages.otpRequired })
  .trim()
  .regex(/^\d{4}$/, accountMessages.otpRequired);

export const verifyOtpSchema = z.object({ email: emailField(), otp: otpCodeField });

export const resetPasswordSchema = z.object({ email: emailField(), new_password: newPassword });

/** The e-mail is optional: when sent, it must be the current one (a change has its own flow). */
export const profileUpdateSchema = z.object({
  name: requiredText(accountMessages.nameRequired),
  email: emailField({ required: accountMessages.emailRequired, invalid: accountMessages.emailFormat }).optional(),
});

const currentPasswordField = z
  .string({ error: accountMessages.currentPasswordRequired })
  .min(1, accountMessages.currentPasswordRequired)
  .max(200);
const newEmailField = emailField({ required: accountMessages.emailRequired, invalid: accountMessages.emailFormat });

/** E-mail change, step 1: the new address and the current password. */
export const emailChangeRequestSchema = z.object({ new_email: newEmailField, current_password: currentPasswordField });

/** E-mail change, step 2: the new address again and the code mailed to it. */
export const emailChangeConfirmSchema = z.object({ new_email: newEmailField, otp: otpCodeField });

export const changePasswordSchema = z
  .object({
    current_password: currentPasswordField,
    new_password: newPassword,
    confirm_password: z.string().optional(),
  })
  .refine((v) => v.confirm_password === undefined || v.confirm_password === v.new_password, {
    message: accountMessages.passwordsMustMatch,
    path: ['confirm_password'],
  });
