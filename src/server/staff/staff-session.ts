// The staff session's cookie (docs/decisions/0033-back-office-staff.md): its own name, so a
// shopper's session never opens the back office and signing out of one leaves the other;
// SameSite=Strict, as no link from another site should arrive signed in to the back office.
import { STAFF_SESSION_MAX_HOURS } from '@/domain/staff';

export const STAFF_COOKIE = 'staff_session';

export function staffTokenFromRequest(request: Request): string | null {
  const cookie = request.headers.get('cookie') ?? '';
  for (const part of cookie.split(';')) {
    const [name, ...rest] = part.trim().split('=');
    if (name !== STAFF_COOKIE) continue;
    try {
      return decodeURIComponent(rest.join('=')) || null;
    } catch {
      return null;
    }
  }
  return null;
}

export function staffSessionCookie(token: string, secure: boolean): string {
  return `${STAFF_COOKIE}=${token}; Path=/; HttpOnly; SameSite=Strict; Max-Age=${STAFF_SESSION_MAX_HOURS * 3600}${secure ? '; Secure' : ''}`;
}

export function clearedStaffSessionCookie(secure: boolean): string {
  return `${STAFF_COOKIE}=; Path=/; HttpOnly; SameSite=Strict; Max-Age=0${secure ? '; Secure' : ''}`;
}
