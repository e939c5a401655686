// Staff accounts on the wire (docs/decisions/0033-back-office-staff.md#staff-management).
import type { z } from 'zod';
import type { staffAccountWire } from '@/domain/api/admin-staff';
import type { StaffAccount } from './staff-admin.service';

export function staffAccountJson(account: StaffAccount): z.input<typeof staffAccountWire> {
  return {
    id: account.id,
    email: account.email,
    name: account.name,
    role: account.role,
    disabled: account.disabled,
    created_at: account.createdAt.toISOString(),
    last_sign_in_at: account.lastSignInAt?.toISOString() ?? null,
  };
}
