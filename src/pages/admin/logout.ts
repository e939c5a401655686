// Sign out of the back office (docs/decisions/0033-back-office-staff.md): the layout's form posts
// here; the staff session is revoked and its cookie cleared. The cookie is SameSite=Strict, so a
// post from another site carries no session to end.
import type { APIRoute } from 'astro';
import { revokeStaffSession } from '@/server/staff/staff.service';
import { clearedStaffSessionCookie, staffTokenFromRequest } from '@/server/staff/staff-session';

export const POST: APIRoute = async ({ request, locals }) => {
  const token = staffTokenFromRequest(request);
  if (token) await revokeStaffSession(await locals.app.db(), token, locals.app.clock.now());
  const cookie = clearedStaffSessionCookie(locals.app.config.NODE_ENV === 'production');
  return new Response(null, { status: 303, headers: { location: '/admin/login', 'set-cookie': cookie } });
};
