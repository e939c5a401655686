// The account half of the API map: register, sign in and out, codes, reset, profile, password, e-mail.
import { getBusinessBuyer, saveBusinessBuyer } from '@/server/invoices/business-buyer.service';
import { businessBuyerJson } from '@/server/invoices/business-buyer.wire';
import { businessBuyerMessages as bt } from '@/domain/messages/invoices';
import { accountsApi } from '@/domain/api/accounts';
import { accountMessages as t } from '@/domain/messages/accounts';
import * as accounts from '@/server/accounts/accounts.service';
import { signedInJson, userJson } from '@/server/accounts/accounts.wire';
import { validateOtp } from '@/server/accounts/otp.service';
import { clearedSessionCookie, revokeSession, sessionCookie } from '@/server/accounts/session.service';
import { fail } from './http';
import { route, type ApiContext, type Reply } from './router';

const deps = (ctx: ApiContext): accounts.AccountDeps => ({ db: ctx.db, mailer: ctx.mailer, shopName: ctx.shopName, dataDir: ctx.dataDir });

/** A sign-up or sign-in answer: the account and token, and the session cookie. */
function signedInReply(
  ctx: ApiContext,
  signedIn: accounts.SignedIn,
  message: string,
  status = 200,
): Reply<ReturnType<typeof signedInJson>> {
  return {
    data: signedInJson(signedIn),
    message,
    status,
    headers: { 'set-cookie': sessionCookie(signedIn.token, signedIn.expiresAt, ctx.secureCookies) },
  };
}

/**
 * The GET send-otp is kept for the first clients, but a browser must not be made to send it
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

export const accountRoutes = [
  route(accountsApi.register, async (ctx, { body }) => {
    const signedIn = await accounts.register(deps(ctx), body, ctx.request.headers.get('user-agent'), ctx.clientAddress);
    return signedInReply(ctx, signedIn, t.registerSuccess, 201);
  }),
  route(accountsApi.login, async (ctx, { body }) => {
    const signedIn = await accounts.login(deps(ctx), body.email, body.password, ctx.clientAddress, ctx.request.headers.get('user-agent'));
    return signedInReply(ctx, signedIn, t.loginSuccess);
  }),
  route(accountsApi.logout, async ({ db, sessionToken, secureCookies }) => {
    if (sessionToken) await revokeSession(db, sessionToken);
    return { data: null, message: t.logoutSuccess, headers: { 'set-cookie': clearedSessionCookie(secureCookies) } };
  }),
  route(accountsApi.sendOtp, async (ctx, { body }) => {
    await accounts.sendOtp(deps(ctx), body.email, body.purpose, ctx.clientAddress);
    return { data: null, message: t.otpSent };
  }),
  route(accountsApi.sendOtpByLink, async (ctx, { query }) => {
    if (isForeignCaller(ctx)) return fail(403, t.crossSiteRefused);
    await accounts.sendOtp(deps(ctx), query.email, query.purpose, ctx.clientAddress);
    return { data: null, message: t.otpSent };
  }),
  route(accountsApi.verifyOtp, async ({ db, clientAddress }, { body }) => {
    await validateOtp(db, body.email, 'register', body.otp, clientAddress);
    return { data: null, message: t.otpVerified };
  }),
  route(accountsApi.validateOtp, async ({ db, clientAddress }, { body }) => {
    await validateOtp(db, body.email, 'reset', body.otp, clientAddress);
    return { data: null, message: t.otpVerified };
  }),
  route(accountsApi.resetPassword, async (ctx, { body }) => {
    await accounts.resetPassword(deps(ctx), body.email, body.new_password, ctx.clientAddress);
    return { data: null, message: t.resetSuccess };
  }),
  route(accountsApi.profile, async ({ db }, { user }) => ({ data: userJson(await accounts.getProfile(db, user.id)), message: 'Profile' })),
  route(accountsApi.updateProfile, async (ctx, { body, user }) => {
    const picture = body.profile_picture;
    const avatar = picture instanceof File && picture.size > 0 ? picture : null;
    const updated = await accounts.updateProfile(deps(ctx), user, body, avatar);
    return { data: userJson(updated), message: t.profileUpdated };
  }),
  route(accountsApi.businessDetails, async ({ db }, { user }) => ({
    data: businessBuyerJson(await getBusinessBuyer(db, user.id)),
    message: 'Business details',
  })),
  route(accountsApi.updateBusinessDetails, async (ctx, { body, user }) => {
    const saved = await saveBusinessBuyer(ctx.db, user.id, { company: body.company_name, trn: body.company_trn }, ctx.now());
    return { data: businessBuyerJson(saved), message: saved ? bt.saved : bt.removed };
  }),
  route(accountsApi.changePassword, async (ctx, { body, user }) => {
    await accounts.changePassword(deps(ctx), user, body.current_password, body.new_password, ctx.sessionToken);
    return { data: null, message: t.passwordUpdated };
  }),
  route(accountsApi.requestEmailChange, async (ctx, { body, user }) => {
    await accounts.requestEmailChange(deps(ctx), user, body.new_email, body.current_password, ctx.clientAddress);
    return { data: null, message: t.emailChangeCodeSent };
  }),
  route(accountsApi.confirmEmailChange, async (ctx, { body, user }) => {
    const updated = await accounts.confirmEmailChange(deps(ctx), user, body.new_email, body.otp, ctx.clientAddress, ctx.sessionToken);
    return { data: userJson(updated), message: t.emailChanged };
  }),
];
