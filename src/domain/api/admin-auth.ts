// The back office's sign-in (docs/decisions/0033-back-office-staff.md): password and second factor
// in one request, a staff session cookie of its own; who is signed in; sign out.
import { z } from 'zod';
import { staffSignInBody, STAFF_ROLES } from '@/domain/staff';
import { defineEndpoint } from './endpoint';
import { noData, wireId } from './wire';

export const staffWire = z.object({ id: wireId, email: z.string(), name: z.string(), role: z.enum(STAFF_ROLES) });

export const adminAuthApi = {
  login: defineEndpoint({
    method: 'POST',
    path: 'admin/auth/login',
    summary: 'Staff sign-in with password and second factor (TOTP or recovery code): sets the staff session cookie',
    auth: 'public',
    body: staffSignInBody,
    answer: z.object({ staff: staffWire }),
  }),
  logout: defineEndpoint({
    method: 'POST',
    path: 'admin/auth/logout',
    summary: 'Staff sign-out: revokes the staff session and clears its cookie',
    auth: 'staff',
    answer: noData,
  }),
  me: defineEndpoint({
    method: 'GET',
    path: 'admin/auth/me',
    summary: 'The signed-in staff member',
    auth: 'staff',
    answer: z.object({ staff: staffWire }),
  }),
};
