// Accounts: sign-up with a mailed code, sign-in and out, password reset, and the signed-in
// customer's profile, password and e-mail (docs/decisions/0008-sessions.md,
// docs/decisions/0012-account-hardening.md).
import { z } from '@/domain/zod';
import {
  AVATAR_MAX_BYTES,
  changePasswordSchema,
  emailChangeConfirmSchema,
  emailChangeRequestSchema,
  loginSchema,
  profileUpdateSchema,
  registerSchema,
  resetPasswordSchema,
  sendOtpSchema,
  verifyOtpSchema,
} from '@/domain/accounts';
import { businessBuyerSchema } from '@/domain/business-buyer-schema';
import { defineEndpoint } from './endpoint';
import { noData, wireId } from './wire';

/** The profile's optional `user_id`: when given, it must be the session's (the router checks it). */
export const userIdQuery = z.object({ user_id: z.string().max(20).optional() });

/**
 * The profile form (multipart): name, the current e-mail (a different one is refused: it has its
 * own flow) and a new picture. A text in place of the picture (a client sending back the current
 * picture's address) is ignored, as is an empty file.
 */
export const profileUpdateBody = profileUpdateSchema.extend({
  profile_picture: z.union([z.file(), z.string()]).optional(),
});

/** Room for a picture somewhat over the limit, so it gets the field's own message rather than a 413. */
export const AVATAR_UPLOAD_BODY_LIMIT = 2 * AVATAR_MAX_BYTES + 64 * 1024;

/** A customer's account as the API shows it. */
export const userWire = z.strictObject({
  id: wireId,
  name: z.string(),
  email: z.string(),
  profile_picture: z.string().nullable(),
});

/** After sign-up or sign-in: the account and the session token, for clients that do not keep the cookie. */
export const signedInWire = userWire.extend({ token: z.string() });

/** The customer's business details for tax invoices (both null: a consumer, docs/decisions/0051-tax-invoices.md). */
export const businessBuyerWire = z.strictObject({ company_name: z.string().nullable(), company_trn: z.string().nullable() });

export const accountsApi = {
  register: defineEndpoint({
    method: 'POST',
    path: 'user_register',
    summary: 'Create an account for an e-mail verified by its code; signs in (201, session cookie)',
    auth: 'public',
    body: registerSchema,
    answer: signedInWire,
  }),
  login: defineEndpoint({
    method: 'POST',
    path: 'login',
    summary: 'Sign in: sets the HttpOnly session cookie and returns the token for other clients',
    auth: 'public',
    body: loginSchema,
    answer: signedInWire,
  }),
  logout: defineEndpoint({
    method: 'POST',
    path: 'logout',
    summary: 'Sign out: revokes the session and clears the cookie',
    auth: 'public',
    answer: noData,
  }),
  sendOtp: defineEndpoint({
    method: 'POST',
    path: 'send-otp',
    summary: 'Mail a 4-digit code for register (default) or reset; the same answer whether the e-mail has an account',
    auth: 'public',
    body: sendOtpSchema,
    answer: noData,
  }),
  sendOtpByLink: defineEndpoint({
    method: 'GET',
    path: 'send-otp',
    summary: 'The same as POST send-otp, for the first clients; refused (403) when a browser sends it from another site',
    auth: 'public',
    query: sendOtpSchema,
    answer: noData,
  }),
  verifyOtp: defineEndpoint({
    method: 'POST',
    path: 'verify-otp',
    summary: 'Check a sign-up code (400: wrong code, then locked 3 minutes)',
    auth: 'public',
    body: verifyOtpSchema,
    answer: noData,
  }),
  validateOtp: defineEndpoint({
    method: 'POST',
    path: 'validate-otp',
    summary: 'Check a password reset code (400: wrong code, then locked 3 minutes)',
    auth: 'public',
    body: verifyOtpSchema,
    answer: noData,
  }),
  resetPassword: defineEndpoint({
    method: 'POST',
    path: 'user/reset_password',
    summary: 'New password for an e-mail whose reset code was validated; every session ends',
    auth: 'public',
    body: resetPasswordSchema,
    answer: noData,
  }),
  profile: defineEndpoint({
    method: 'GET',
    path: 'user/user-details',
    summary: "The session's profile (user_id, if given, must be the session's)",
    auth: 'customer',
    query: userIdQuery,
    answer: userWire,
  }),
  updateProfile: defineEndpoint({
    method: 'POST',
    path: 'user/user_update/:id',
    summary: 'Update name and picture (multipart); a different e-mail is refused (use user/email-change)',
    auth: 'customer',
    selfParam: 'id',
    body: profileUpdateBody,
    bodyLimit: AVATAR_UPLOAD_BODY_LIMIT,
    answer: userWire,
  }),
  businessDetails: defineEndpoint({
    method: 'GET',
    path: 'user/business-details',
    summary: "The session's business details for tax invoices: company name and TRN, or both null",
    auth: 'customer',
    answer: businessBuyerWire,
  }),
  updateBusinessDetails: defineEndpoint({
    method: 'POST',
    path: 'user/business-details',
    summary: 'Set the company name and TRN (both, or neither to remove them); checkout starts from them',
    auth: 'customer',
    body: businessBuyerSchema,
    answer: businessBuyerWire,
  }),
  changePassword: defineEndpoint({
    method: 'POST',
    path: 'user/change_password/:id',
    summary: 'Change the password (current password required); other sessions end',
    auth: 'customer',
    selfParam: 'id',
    body: changePasswordSchema,
    answer: noData,
  }),
  requestEmailChange: defineEndpoint({
    method: 'POST',
    path: 'user/email-change/request',
    summary: 'E-mail change, step 1: current password and new e-mail; mails a code to the new e-mail',
    auth: 'customer',
    body: emailChangeRequestSchema,
    answer: noData,
  }),
  confirmEmailChange: defineEndpoint({
    method: 'POST',
    path: 'user/email-change/confirm',
    summary: 'E-mail change, step 2: the code from the new e-mail; other sessions end, the old e-mail is told',
    auth: 'customer',
    body: emailChangeConfirmSchema,
    answer: userWire,
  }),
};
