// The staff session's cookie (docs/decisions/0033-back-office-staff.md): its own name, HttpOnly,
// SameSite=Strict, gone by the session's absolute end at the latest, Secure when asked; a
// shopper's `session` cookie is never read as a staff token.
import { describe, expect, it } from 'vitest';
import { STAFF_SESSION_MAX_HOURS } from '@/domain/staff';
import { clearedStaffSessionCookie, STAFF_COOKIE, staffSessionCookie, staffTokenFromRequest } from './staff-session';

const request = (cookie: string) => new Request('http://shop.test/admin', { headers: { cookie } });

describe('the staff cookie', () => {
  it('is its own cookie: HttpOnly, SameSite=Strict, Path=/, kept no longer than the session may live, Secure only when asked', () => {
    expect(STAFF_COOKIE).toBe('staff_session');
    const attributes = staffSessionCookie('tok', false).split('; ');
    expect(attributes).toEqual(['staff_session=tok', 'Path=/', 'HttpOnly', 'SameSite=Strict', `Max-Age=${STAFF_SESSION_MAX_HOURS * 3600}`]);
    expect(STAFF_SESSION_MAX_HOURS).toBe(24);
    expect(staffSessionCookie('tok', true).split('; ')).toContain('Secure');
    expect(clearedStaffSessionCookie(true).split('; ')).toEqual([
      'staff_session=',
      'Path=/',
      'HttpOnly',
      'SameSite=Strict',
      'Max-Age=0',
      'Secure',
    ]);
  });

  it("reads the staff token from its own cookie only, never from the shopper's session cookie", () => {
    expect(staffTokenFromRequest(request('session=shopper; staff_session=staff%2Btoken'))).toBe('staff+token');
    expect(staffTokenFromRequest(request('session=shopper'))).toBeNull();
    expect(staffTokenFromRequest(request('xstaff_session=a; staff_sessionx=b'))).toBeNull();
    expect(staffTokenFromRequest(request('staff_session=%E0%A4%A'))).toBeNull();
    expect(staffTokenFromRequest(new Request('http://shop.test/admin'))).toBeNull();
  });
});
