// Staff management for admins and the own account for every staff member
// (docs/decisions/0033-back-office-staff.md#staff-management). The enrolment link, its QR code,
// a generated password and recovery codes are in the answer that made them, and never again.
import { z } from 'zod';
import { STAFF_ROLES, staffCreateBody, staffOwnPasswordBody, staffRoleBody } from '@/domain/staff';
import { defineEndpoint } from './endpoint';
import { isoDateTime, noData, wireId } from './wire';
import { staffWire } from './admin-auth';

export const staffAccountWire = z.strictObject({
  id: wireId,
  email: z.string(),
  name: z.string(),
  role: z.enum(STAFF_ROLES),
  disabled: z.boolean(),
  created_at: isoDateTime,
  last_sign_in_at: isoDateTime.nullable(),
});

const secondFactorWire = z.strictObject({
  staff: staffWire,
  /** otpauth://totp/… for the authenticator app. */
  otpauth_uri: z.string(),
  /** The same link as a QR code (an SVG data URL). */
  qr_code: z.string(),
  recovery_codes: z.array(z.string()),
});

export const adminStaffApi = {
  list: defineEndpoint({
    method: 'GET',
    path: 'admin/staff',
    summary: 'Staff accounts: name, e-mail, role, disabled, last sign-in (admins)',
    auth: 'admin',
    answer: z.strictObject({ staff: z.array(staffAccountWire) }),
  }),
  create: defineEndpoint({
    method: 'POST',
    path: 'admin/staff',
    summary:
      'Add a staff member (201): the temporary password typed or generated (then in the answer), the enrolment link and its QR code, ten recovery codes; shown once (admins)',
    auth: 'admin',
    body: staffCreateBody,
    answer: secondFactorWire.extend({ generated_password: z.string().nullable() }),
  }),
  setRole: defineEndpoint({
    method: 'POST',
    path: 'admin/staff/:id/role',
    summary: "Change a staff member's role; the last active admin keeps theirs (409) (admins)",
    auth: 'admin',
    body: staffRoleBody,
    answer: z.strictObject({ staff: staffWire }),
  }),
  disable: defineEndpoint({
    method: 'POST',
    path: 'admin/staff/:id/disable',
    summary: 'Disable a staff account and end its sessions at once; never the last active admin (409) (admins)',
    auth: 'admin',
    answer: z.strictObject({ staff: staffWire, sessions_ended: z.number().int() }),
  }),
  enable: defineEndpoint({
    method: 'POST',
    path: 'admin/staff/:id/enable',
    summary: 'Enable a disabled staff account again (admins)',
    auth: 'admin',
    answer: z.strictObject({ staff: staffWire }),
  }),
  resetSecondFactor: defineEndpoint({
    method: 'POST',
    path: 'admin/staff/:id/reset-second-factor',
    summary: 'A new TOTP secret and new recovery codes, shown once; the old ones void and the sessions ended (admins)',
    auth: 'admin',
    answer: secondFactorWire,
  }),
  renewRecoveryCodes: defineEndpoint({
    method: 'POST',
    path: 'admin/staff/:id/recovery-codes',
    summary: 'Ten new recovery codes, shown once; the old ones void (admins)',
    auth: 'admin',
    answer: z.strictObject({ staff: staffWire, recovery_codes: z.array(z.string()) }),
  }),
  changeOwnPassword: defineEndpoint({
    method: 'POST',
    path: 'admin/account/password',
    summary: "The signed-in staff member's own password: the current one, then the new one; their other sessions end",
    auth: 'staff',
    body: staffOwnPasswordBody,
    answer: noData,
  }),
};
