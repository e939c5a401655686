// The back office's endpoints (docs/decisions/0033-back-office-staff.md): staff and admin
// endpoints are called as the world's admin by the contract test.
import type { Contract } from '@/domain/api/index';
import { signedInStaff, STAFF_PASSWORD, totpCode } from '../staff';
import { setStaffDisabled } from '@/server/staff/staff-admin.service';
import type { Examples } from './world';

export const adminAuthExamples: Examples<Contract['adminAuth']> = {
  login: async ({ db }) => {
    const member = await signedInStaff(db, 'staff');
    return { body: { email: member.staff.email, password: STAFF_PASSWORD, code: totpCode(member.secret) } };
  },
  logout: async ({ db }) => ({ staff: await signedInStaff(db, 'staff') }),
  me: () => ({}),
};

export const adminStaffExamples: Examples<Contract['adminStaff']> = {
  list: () => ({}),
  create: () => ({ body: { name: 'Mariam Example', email: `new.staff.${Date.now()}@shop.test`, role: 'staff' } }),
  setRole: async ({ db }) => ({ params: { id: (await signedInStaff(db, 'staff')).staff.id }, body: { role: 'admin' } }),
  disable: async ({ db }) => ({ params: { id: (await signedInStaff(db, 'staff')).staff.id } }),
  enable: async ({ db, admin }) => {
    const other = await signedInStaff(db, 'staff');
    await setStaffDisabled(db, admin.staff, other.staff.id, true);
    return { params: { id: other.staff.id } };
  },
  resetSecondFactor: async ({ db }) => ({ params: { id: (await signedInStaff(db, 'staff')).staff.id } }),
  renewRecoveryCodes: async ({ db }) => ({ params: { id: (await signedInStaff(db, 'staff')).staff.id } }),
  changeOwnPassword: async ({ db }) => ({
    staff: await signedInStaff(db, 'staff'),
    body: { current_password: STAFF_PASSWORD, new_password: 'A new back-office pass 2026' },
  }),
};
