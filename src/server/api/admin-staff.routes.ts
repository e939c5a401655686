// Staff management and the own account (docs/decisions/0033-back-office-staff.md#staff-management).
import { adminStaffApi } from '@/domain/api/admin-staff';
import { staffMessages as t } from '@/domain/messages/staff';
import {
  addStaff,
  changeOwnPassword,
  changeRole,
  listStaff,
  renewRecoveryCodes,
  resetSecondFactor,
  setStaffDisabled,
} from '@/server/staff/staff-admin.service';
import { staffAccountJson } from '@/server/staff/staff.wire';
import { qrCodeDataUrl } from '@/server/staff/qr-code';
import { route } from './router';

const id = (params: Record<string, string>) => Number(params.id);

export const adminStaffRoutes = [
  route(adminStaffApi.list, async ({ db }) => ({ data: { staff: (await listStaff(db)).map(staffAccountJson) }, message: 'Staff' })),
  route(adminStaffApi.create, async ({ db, shopName, now }, { body, staff }) => {
    const created = await addStaff(db, staff, body, { issuer: shopName, now: now() });
    return {
      data: {
        staff: created.staff,
        otpauth_uri: created.otpauthUri,
        qr_code: await qrCodeDataUrl(created.otpauthUri),
        recovery_codes: created.recoveryCodes,
        generated_password: created.generatedPassword,
      },
      message: t.created,
      status: 201,
    };
  }),
  route(adminStaffApi.setRole, async ({ db, now }, { body, params, staff }) => ({
    data: { staff: await changeRole(db, staff, id(params), body.role, now()) },
    message: t.roleChanged,
  })),
  route(adminStaffApi.disable, async ({ db, now }, { params, staff }) => {
    const { sessionsEnded, ...member } = await setStaffDisabled(db, staff, id(params), true, now());
    return { data: { staff: member, sessions_ended: sessionsEnded }, message: t.disabled };
  }),
  route(adminStaffApi.enable, async ({ db, now }, { params, staff }) => {
    const { sessionsEnded: _, ...member } = await setStaffDisabled(db, staff, id(params), false, now());
    return { data: { staff: member }, message: t.enabled };
  }),
  route(adminStaffApi.resetSecondFactor, async ({ db, shopName, now }, { params, staff }) => {
    const reset = await resetSecondFactor(db, staff, id(params), { issuer: shopName, now: now() });
    return {
      data: {
        staff: reset.staff,
        otpauth_uri: reset.otpauthUri,
        qr_code: await qrCodeDataUrl(reset.otpauthUri),
        recovery_codes: reset.recoveryCodes,
      },
      message: t.secondFactorReset,
    };
  }),
  route(adminStaffApi.renewRecoveryCodes, async ({ db, now }, { params, staff }) => {
    const renewed = await renewRecoveryCodes(db, staff, id(params), now());
    return { data: { staff: renewed.staff, recovery_codes: renewed.recoveryCodes }, message: t.recoveryCodesRenewed };
  }),
  route(adminStaffApi.changeOwnPassword, async ({ db, staffToken, now }, { body, staff }) => {
    await changeOwnPassword(db, staff, staffToken, { currentPassword: body.current_password, newPassword: body.new_password }, now());
    return { data: null, message: t.passwordChanged };
  }),
];
