// The back office's endpoints (docs/decisions/0033-back-office-staff.md): staff and admin
// endpoints are called as the world's admin by the contract test.
import type { Contract } from '@/domain/api/index';
import { signedInStaff, STAFF_PASSWORD, totpCode } from '../staff';
import type { Examples } from './world';

export const adminAuthExamples: Examples<Contract['adminAuth']> = {
  login: async ({ db }) => {
    const member = await signedInStaff(db, 'staff');
    return { body: { email: member.staff.email, password: STAFF_PASSWORD, code: totpCode(member.secret) } };
  },
  logout: async ({ db }) => ({ staff: await signedInStaff(db, 'staff') }),
  me: () => ({}),
};
