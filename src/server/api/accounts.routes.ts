// The account half of the API map: register, sign in and out, codes, reset, profile, password.
import { z } from 'zod';
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
import { accountMessages as t } from '@/domain/messages/accounts';
import * as accounts from '@/server/accounts/accounts.service';
import { validateOtp } from '@/server/accounts/otp.service';
import { clearedSessionCookie, revokeSession, sessionCookie, type SessionUser } from '@/server/accounts/session.service';
import { fail, ok, parseWith, queryObject, readBody } from './http';
import type { ApiContext, Route } from './router';

const deps = (ctx: ApiContext): accounts.AccountDeps => ({ db: ctx.db, mailer: ctx.mailer, shopName: ctx.shopName, dataDir: ctx.dataDir });

export function userJson(user: SessionUser) {
  return { id: user.id, name: user.name, email: user.email, profile_picture: user.profilePicture };
}

function signedInResponse(ctx: ApiContext, signedIn: accounts.SignedIn, message: string, status: number): Response {
  return ok({ token: signedIn.token, ...userJson(signedIn.user) }, message, status, {
    'set-cookie': sessionCookie(signedIn.token, signedIn.expiresAt, ctx.secureCookies),
  });
}

/**
 * The spec's GET send-otp is kept for other clients, but a browser must not be made to send it
 * from another site (a link or image there would mail codes): a request the browser marks as
 * cross-site or same-site (a sibling subdomain), or with a foreign Origin, is refused. The
 * islands use POST, which the router's cross-site guard covers (docs/decisions/0012-account-hardening.md).
 */
function isForeignCaller(ctx: ApiContext): boolean {
  const site = ctx.request.headers.get('sec-fetch-site');
  if (site === 'cross-site' || site === 'same-site') return true;
  const origin = ctx.request.headers.get('origin');
  return origin !== null && origin !== ctx.url.origin;
}

async function sendOtpAnswer(ctx: ApiContext, input: unknown): Promise<Response> {
  const { email, purpose } = parseWith(sendOtpSchema, input);
  await accounts.sendOtp(deps(ctx), email, purpose, ctx.clientAddress);
  return ok(null, t.otpSent);
}

const AVATAR_UPLOAD_BODY_LIMIT = 2 * AVATAR_MAX_BYTES + 64 * 1024;
const userIdQuery = z.object({ user_id: z.string().max(20).optional() });

export const accountRoutes: Route[] = [
  {
    method: 'POST',
    path: 'user_register',
    summary: 'Create an account for an e-mail verified by its code; signs in',
    handler: async (ctx) => {
      const input = parseWith(registerSchema, await readBody(ctx.request));
      const signedIn = await accounts.register(deps(ctx), input, ctx.request.headers.get('user-agent'), ctx.clientAddress);
      return signedInResponse(ctx, signedIn, t.registerSuccess, 201);
    },
  },
  {
    method: 'POST',
    path: 'login',
    summary: 'Sign in: sets the HttpOnly session cookie and returns the token for other clients',
    handler: async (ctx) => {
      const { email, password } = parseWith(loginSchema, await readBody(ctx.request));
      const signedIn = await accounts.login(deps(ctx), email, password, ctx.clientAddress, ctx.request.headers.get('user-agent'));
      return signedInResponse(ctx, signedIn, t.loginSuccess, 200);
    },
  },
  {
    method: 'POST',
    path: 'logout',
    summary: 'Sign out: revokes the session',
    handler: async (ctx) => {
      if (ctx.sessionToken) await revokeSession(ctx.db, ctx.sessionToken);
      return ok(null, t.logoutSuccess, 200, { 'set-cookie': clearedSessionCookie(ctx.secureCookies) });
    },
  },
  {
    method: 'POST',
    path: 'send-otp',
    summary: 'Mail a 4-digit code for register (default) or reset; the same answer whether the e-mail has an account',
    handler: async (ctx) => sendOtpAnswer(ctx, await readBody(ctx.request)),
  },
  {
    method: 'GET',
    path: 'send-otp',
    summary: 'The same as POST send-otp (spec compatibility); refused when a browser sends it from another site',
    query: sendOtpSchema,
    handler: async (ctx) => (isForeignCaller(ctx) ? fail(403, t.crossSiteRefused) : sendOtpAnswer(ctx, queryObject(ctx.url))),
  },
  {
    method: 'POST',
    path: 'verify-otp',
    summary: 'Check a sign-up code (400: wrong code, then locked 3 minutes)',
    handler: async (ctx) => {
      const { email, otp } = parseWith(verifyOtpSchema, await readBody(ctx.request));
      await validateOtp(ctx.db, email, 'register', otp, ctx.clientAddress);
      return ok(null, t.otpVerified);
    },
  },
  {
    method: 'POST',
    path: 'validate-otp',
    summary: 'Check a password reset code (400: wrong code, then locked 3 minutes)',
    handler: async (ctx) => {
      const { email, otp } = parseWith(verifyOtpSchema, await readBody(ctx.request));
      await validateOtp(ctx.db, email, 'reset', otp, ctx.clientAddress);
      return ok(null, t.otpVerified);
    },
  },
  {
    method: 'POST',
    path: 'user/reset_password',
    summary: 'New password for an e-mail whose reset code was validated',
    handler: async (ctx) => {
      const { email, new_password } = parseWith(resetPasswordSchema, await readBody(ctx.request));
      await accounts.resetPassword(deps(ctx), email, new_password, ctx.clientAddress);
      return ok(null, t.resetSuccess);
    },
  },
  {
    method: 'GET',
    path: 'user/user-details',
    signedIn: true,
    summary: "The session's profile (user_id, if given, must be the session's)",
    query: userIdQuery,
    handler: async (ctx) => {
      const { user_id } = parseWith(userIdQuery, queryObject(ctx.url));
      const user = accounts.requireSelf(ctx.user, user_id);
      return ok(userJson(await accounts.getProfile(ctx.db, user.id)), 'Profile');
    },
  },
  {
    method: 'POST',
    path: 'user/user_update/:id',
    signedIn: true,
    summary: 'Update name and avatar (multipart); a different e-mail is refused (use user/email-change)',
    handler: async (ctx) => {
      const user = accounts.requireSelf(ctx.user, ctx.params.id);
      // Room for a picture somewhat over the limit, so it gets the field's own message.
      const body = await readBody(ctx.request, { maxBytes: AVATAR_UPLOAD_BODY_LIMIT });
      const input = parseWith(profileUpdateSchema, body);
      const picture = body.profile_picture;
      const avatar = picture instanceof File && picture.size > 0 ? picture : null;
      const updated = await accounts.updateProfile(deps(ctx), user, input, avatar);
      return ok(userJson(updated), t.profileUpdated);
    },
  },
  {
    method: 'POST',
    path: 'user/change_password/:id',
    signedIn: true,
    summary: 'Change the password (current password required)',
    handler: async (ctx) => {
      const user = accounts.requireSelf(ctx.user, ctx.params.id);
      const input = parseWith(changePasswordSchema, await readBody(ctx.request));
      await accounts.changePassword(deps(ctx), user, input.current_password, input.new_password, ctx.sessionToken);
      return ok(null, t.passwordUpdated);
    },
  },
  {
    method: 'POST',
    path: 'user/email-change/request',
    signedIn: true,
    summary: 'E-mail change, step 1: current password and new e-mail; mails a code to the new e-mail',
    handler: async (ctx) => {
      const user = accounts.requireSelf(ctx.user, null);
      const input = parseWith(emailChangeRequestSchema, await readBody(ctx.request));
      await accounts.requestEmailChange(deps(ctx), user, input.new_email, input.current_password, ctx.clientAddress);
      return ok(null, t.emailChangeCodeSent);
    },
  },
  {
    method: 'POST',
    path: 'user/email-change/confirm',
    signedIn: true,
    summary: 'E-mail change, step 2: the code from the new e-mail; other sessions end, the old e-mail is told',
    handler: async (ctx) => {
      const user = accounts.requireSelf(ctx.user, null);
      const input = parseWith(emailChangeConfirmSchema, await readBody(ctx.request));
      const updated = await accounts.confirmEmailChange(deps(ctx), user, input.new_email, input.otp, ctx.clientAddress, ctx.sessionToken);
      return ok(userJson(updated), t.emailChanged);
    },
  },
];
