// The back office's sign-in routes (docs/decisions/0033-back-office-staff.md).
import { adminAuthApi } from '@/domain/api/admin-auth';
import { staffMessages as t } from '@/domain/messages/staff';
import { revokeStaffSession, signInStaff } from '@/server/staff/staff.service';
import { clearedStaffSessionCookie, staffSessionCookie } from '@/server/staff/staff-session';
import { route } from './router';

export const adminAuthRoutes = [
  route(adminAuthApi.login, async (ctx, { body }) => {
    const signedIn = await signInStaff(ctx.db, body, {
      clientAddress: ctx.clientAddress,
      userAgent: ctx.request.headers.get('user-agent'),
      now: ctx.now(),
    });
    return {
      data: { staff: signedIn.staff },
      message: `Welcome, ${signedIn.staff.name}`,
      headers: { 'set-cookie': staffSessionCookie(signedIn.token, ctx.secureCookies) },
    };
  }),
  route(adminAuthApi.logout, async ({ db, staffToken, secureCookies, now }) => {
    if (staffToken) await revokeStaffSession(db, staffToken, now());
    return { data: null, message: t.signedOut, headers: { 'set-cookie': clearedStaffSessionCookie(secureCookies) } };
  }),
  route(adminAuthApi.me, async (_ctx, { staff }) => ({ data: { staff }, message: staff.name })),
];
