// Staff management (docs/decisions/0033-back-office-staff.md#staff-management): admins add, re-role,
// disable, enable and reset staff accounts, always leaving an active admin; every change audited
// without secrets; a staff member changes their own password.
import { describe, expect, it } from 'vitest';
import { and, eq, sql } from 'drizzle-orm';
import * as OTPAuth from 'otpauth';
import type { Db } from '@/server/db/client';
import { auditLog, staffUsers } from '@/server/db/schema/staff';
import { ConflictError, TooManyRequestsError, UnauthorizedError, ValidationError } from '@/server/errors';
import { staffMessages as t } from '@/domain/messages/staff';
import { RECOVERY_CODE_COUNT } from '@/domain/staff';
import { useFreshDatabase } from '../../../tests/db';
import { signedInStaff, STAFF_PASSWORD, totpCode, type StaffCaller } from '../../../tests/staff';
import { createStaffSession, signInStaff, staffForToken } from './staff.service';
import {
  addStaff,
  changeOwnPassword,
  changeRole,
  generateTemporaryPassword,
  listStaff,
  renewRecoveryCodes,
  resetSecondFactor,
  setStaffDisabled,
} from './staff-admin.service';

let db: Db;
useFreshDatabase((database) => {
  db = database.db;
});

let addressCounter = 0;
const request = (now = new Date()) => ({ clientAddress: `198.51.100.${++addressCounter % 250}`, userAgent: 'vitest', now });
const ISSUER = 'Safe Buddy';
const secretOf = (uri: string) => (OTPAuth.URI.parse(uri) as OTPAuth.TOTP).secret.base32;

async function auditFor(action: string, entityId: number) {
  return db
    .select()
    .from(auditLog)
    .where(and(eq(auditLog.action, action), eq(auditLog.entityId, String(entityId))));
}

/** Makes the admins in the database exactly the ones given (other tests leave admins behind). */
async function onlyAdmins(...keep: StaffCaller[]) {
  const ids = new Set(keep.map((k) => k.staff.id));
  const admins = await db.select({ id: staffUsers.id }).from(staffUsers).where(eq(staffUsers.role, 'admin'));
  for (const admin of admins) if (!ids.has(admin.id)) await db.update(staffUsers).set({ role: 'staff' }).where(eq(staffUsers.id, admin.id));
}

// Each test hashes several passwords at the real cost (docs/decisions/0033-back-office-staff.md): on a
// loaded 2-core machine that alone has taken over 30 s, so these tests get more time than the default.
const HASHING_TIMEOUT = 120_000;

describe('addStaff', { timeout: HASHING_TIMEOUT }, () => {
  it('makes a temporary password when none is typed; the new member signs in with it and the code; audited without secrets', async () => {
    const admin = await signedInStaff(db, 'admin');
    const created = await addStaff(
      db,
      admin.staff,
      { name: 'Mariam New', email: 'Mariam.New@shop.test', role: 'staff' },
      { issuer: ISSUER },
    );
    expect(created.generatedPassword).toMatch(/^[A-Z2-7]{4}(-[A-Z2-7]{4}){3}$/);
    expect(created.recoveryCodes).toHaveLength(RECOVERY_CODE_COUNT);
    expect(created.otpauthUri).toMatch(/^otpauth:\/\/totp\/Safe%20Buddy:mariam\.new%40shop\.test\?/);
    const signedIn = await signInStaff(
      db,
      { email: 'mariam.new@shop.test', password: created.generatedPassword!, code: totpCode(secretOf(created.otpauthUri)) },
      request(),
    );
    expect(signedIn.staff).toMatchObject({ id: created.staff.id, role: 'staff', name: 'Mariam New' });

    const [entry] = await auditFor('staff.create', created.staff.id);
    expect(entry).toMatchObject({ staffId: admin.staff.id, staffEmail: admin.staff.email, entityType: 'staff' });
    expect(entry!.after).toEqual({ email: 'mariam.new@shop.test', name: 'Mariam New', role: 'staff', disabled: false });
    const logged = JSON.stringify(entry);
    expect(logged).not.toContain(created.generatedPassword!);
    expect(logged).not.toContain(secretOf(created.otpauthUri));
    for (const code of created.recoveryCodes) expect(logged).not.toContain(code);
  });

  it("keeps the admin's password (not shown back) and refuses a short one or a taken e-mail, with nothing audited", async () => {
    const admin = await signedInStaff(db, 'admin');
    const typed = 'Typed by the admin 2026';
    const created = await addStaff(
      db,
      admin.staff,
      { name: 'Typed', email: 'typed@shop.test', role: 'admin', password: typed },
      { issuer: ISSUER },
    );
    expect(created.generatedPassword).toBeNull();
    await signInStaff(db, { email: 'typed@shop.test', password: typed, code: created.recoveryCodes[0]! }, request());
    await expect(
      addStaff(db, admin.staff, { name: 'Short', email: 'short@shop.test', role: 'staff', password: 'short' }, { issuer: ISSUER }),
    ).rejects.toThrow(ValidationError);
    await expect(addStaff(db, admin.staff, { name: 'Again', email: 'TYPED@shop.test', role: 'staff' }, { issuer: ISSUER })).rejects.toThrow(
      t.emailTaken,
    );
    const entries = await db.select().from(auditLog).where(eq(auditLog.action, 'staff.create'));
    expect(entries.filter((e) => (e.after as { email: string }).email === 'typed@shop.test')).toHaveLength(1);
  });

  it('makes a different temporary password each time', () => {
    expect(new Set(Array.from({ length: 50 }, generateTemporaryPassword)).size).toBe(50);
  });
});

describe('listStaff', { timeout: HASHING_TIMEOUT }, () => {
  it('shows the last sign-in as the latest session start, none for a member never signed in, and who is disabled', async () => {
    const admin = await signedInStaff(db, 'admin');
    const member = await signedInStaff(db, 'staff', { name: 'Listed Member' });
    await createStaffSession(db, member.staff.id, 'vitest', new Date('2026-11-01T09:00:00Z'));
    await createStaffSession(db, member.staff.id, 'vitest', new Date('2026-11-02T09:00:00Z'));
    const never = await addStaff(db, admin.staff, { name: 'Never Signed', email: 'never@shop.test', role: 'staff' }, { issuer: ISSUER });
    await setStaffDisabled(db, admin.staff, never.staff.id, true);
    const list = await listStaff(db);
    const listed = list.find((s) => s.id === member.staff.id)!;
    // signedInStaff opened a session now; the latest one counts.
    expect(listed.lastSignInAt!.getTime()).toBeGreaterThan(new Date('2026-11-02T09:00:00Z').getTime());
    expect(list.find((s) => s.id === never.staff.id)).toMatchObject({ disabled: true, lastSignInAt: null });
    // Disabled accounts come last.
    expect(list.at(-1)!.disabled).toBe(true);
  });
});

describe('changeRole', { timeout: HASHING_TIMEOUT }, () => {
  it('changes the role, audited before and after', async () => {
    const admin = await signedInStaff(db, 'admin');
    const member = await signedInStaff(db, 'staff');
    const changed = await changeRole(db, admin.staff, member.staff.id, 'admin');
    expect(changed.role).toBe('admin');
    const [entry] = await auditFor('staff.role', member.staff.id);
    expect(entry!.before).toMatchObject({ role: 'staff' });
    expect(entry!.after).toMatchObject({ role: 'admin' });
    await expect(changeRole(db, admin.staff, member.staff.id, 'admin')).rejects.toThrow(t.roleUnchanged);
  });

  it('refuses to demote the last active admin (a disabled admin does not count), with nothing changed or audited', async () => {
    const admin = await signedInStaff(db, 'admin');
    const disabledAdmin = await signedInStaff(db, 'admin');
    await onlyAdmins(admin, disabledAdmin);
    await setStaffDisabled(db, admin.staff, disabledAdmin.staff.id, true);
    const refused = changeRole(db, admin.staff, admin.staff.id, 'staff');
    await expect(refused).rejects.toThrow(ConflictError);
    await expect(changeRole(db, admin.staff, admin.staff.id, 'staff')).rejects.toThrow(t.lastAdmin);
    const [row] = await db.select().from(staffUsers).where(eq(staffUsers.id, admin.staff.id));
    expect(row!.role).toBe('admin');
    expect(await auditFor('staff.role', admin.staff.id)).toHaveLength(0);
    // With a second active admin, demoting oneself is allowed.
    const second = await signedInStaff(db, 'admin');
    await expect(changeRole(db, admin.staff, admin.staff.id, 'staff')).resolves.toMatchObject({ role: 'staff' });
    await onlyAdmins(second);
  });

  it('two admins demoting each other at once: one change applies, the other is refused', async () => {
    const a = await signedInStaff(db, 'admin');
    const b = await signedInStaff(db, 'admin');
    await onlyAdmins(a, b);
    // Two open connections first (PostgreSQL), so neither change waits for a new one to connect.
    await Promise.all([db.execute(sql`select pg_sleep(0.05)`), db.execute(sql`select pg_sleep(0.05)`)]);
    const results = await Promise.allSettled([changeRole(db, a.staff, b.staff.id, 'staff'), changeRole(db, b.staff, a.staff.id, 'staff')]);
    expect(results.filter((r) => r.status === 'fulfilled')).toHaveLength(1);
    const rejected = results.find((r) => r.status === 'rejected') as PromiseRejectedResult;
    expect(rejected.reason).toBeInstanceOf(ConflictError);
    const admins = await db.select().from(staffUsers).where(eq(staffUsers.role, 'admin'));
    expect(admins.filter((r) => r.disabledAt === null)).toHaveLength(1);
  });
});

describe('setStaffDisabled', { timeout: HASHING_TIMEOUT }, () => {
  it('disabling ends every session at once and refuses sign-in; enabling lets the member sign in again', async () => {
    const admin = await signedInStaff(db, 'admin');
    const member = await signedInStaff(db, 'staff');
    const second = await createStaffSession(db, member.staff.id, 'phone');
    const disabled = await setStaffDisabled(db, admin.staff, member.staff.id, true);
    expect(disabled.sessionsEnded).toBe(2);
    expect(await staffForToken(db, member.token)).toBeNull();
    expect(await staffForToken(db, second.token)).toBeNull();
    await expect(
      signInStaff(db, { email: member.staff.email, password: STAFF_PASSWORD, code: totpCode(member.secret) }, request()),
    ).rejects.toThrow(UnauthorizedError);
    const [entry] = await auditFor('staff.disable', member.staff.id);
    expect(entry!.before).toMatchObject({ disabled: false });
    expect(entry!.after).toMatchObject({ disabled: true, sessions_ended: 2 });

    await setStaffDisabled(db, admin.staff, member.staff.id, false);
    expect(await staffForToken(db, member.token)).toBeNull();
    const back = await signInStaff(db, { email: member.staff.email, password: STAFF_PASSWORD, code: totpCode(member.secret) }, request());
    expect(back.staff.id).toBe(member.staff.id);
    expect(await auditFor('staff.enable', member.staff.id)).toHaveLength(1);
  });

  it('refuses to disable the last active admin, oneself included', async () => {
    const admin = await signedInStaff(db, 'admin');
    await onlyAdmins(admin);
    await expect(setStaffDisabled(db, admin.staff, admin.staff.id, true)).rejects.toThrow(t.lastAdmin);
    expect(await staffForToken(db, admin.token)).not.toBeNull();
  });

  it('answers not found for an unknown account', async () => {
    const admin = await signedInStaff(db, 'admin');
    await expect(setStaffDisabled(db, admin.staff, 999_999, true)).rejects.toThrow(t.staffNotFound);
  });
});

describe('resetSecondFactor and renewRecoveryCodes', { timeout: HASHING_TIMEOUT }, () => {
  it('a reset voids the old authenticator and recovery codes, ends the sessions, and the new ones work; no secret in the audit log', async () => {
    const admin = await signedInStaff(db, 'admin');
    const created = await addStaff(
      db,
      admin.staff,
      { name: 'Lost Phone', email: 'lost.phone@shop.test', role: 'staff' },
      { issuer: ISSUER },
    );
    const session = await createStaffSession(db, created.staff.id, 'old phone');
    const reset = await resetSecondFactor(db, admin.staff, created.staff.id, { issuer: ISSUER });
    expect(await staffForToken(db, session.token)).toBeNull();
    const credentials = { email: 'lost.phone@shop.test', password: created.generatedPassword! };
    await expect(signInStaff(db, { ...credentials, code: totpCode(secretOf(created.otpauthUri)) }, request())).rejects.toThrow(
      UnauthorizedError,
    );
    await expect(signInStaff(db, { ...credentials, code: created.recoveryCodes[0]! }, request())).rejects.toThrow(UnauthorizedError);
    await signInStaff(db, { ...credentials, code: totpCode(secretOf(reset.otpauthUri)) }, request());
    await signInStaff(db, { ...credentials, code: reset.recoveryCodes[0]! }, request());

    const [entry] = await auditFor('staff.reset_second_factor', created.staff.id);
    expect(entry!.before).toMatchObject({ unused_recovery_codes: 10 });
    expect(entry!.after).toMatchObject({ unused_recovery_codes: 10, sessions_ended: 1 });
    const logged = JSON.stringify(entry);
    expect(logged).not.toContain(secretOf(reset.otpauthUri));
    for (const code of reset.recoveryCodes) expect(logged).not.toContain(code);
  });

  it('new recovery codes void the old ones (the sessions stay)', async () => {
    const admin = await signedInStaff(db, 'admin');
    const created = await addStaff(db, admin.staff, { name: 'Codes', email: 'codes@shop.test', role: 'staff' }, { issuer: ISSUER });
    const session = await createStaffSession(db, created.staff.id, 'laptop');
    const renewed = await renewRecoveryCodes(db, admin.staff, created.staff.id);
    expect(renewed.recoveryCodes).toHaveLength(RECOVERY_CODE_COUNT);
    expect(await staffForToken(db, session.token)).not.toBeNull();
    const credentials = { email: 'codes@shop.test', password: created.generatedPassword! };
    await expect(signInStaff(db, { ...credentials, code: created.recoveryCodes[1]! }, request())).rejects.toThrow(UnauthorizedError);
    await signInStaff(db, { ...credentials, code: renewed.recoveryCodes[1]! }, request());
    expect(await auditFor('staff.recovery_codes', created.staff.id)).toHaveLength(1);
  });
});

describe('changeOwnPassword', { timeout: HASHING_TIMEOUT }, () => {
  it('needs the current password, ends the other sessions but not this one, and the new password signs in', async () => {
    const member = await signedInStaff(db, 'staff');
    const other = await createStaffSession(db, member.staff.id, 'other browser');
    const next = 'My new back-office password';
    await expect(
      changeOwnPassword(db, member.staff, member.token, { currentPassword: 'wrong password!', newPassword: next }),
    ).rejects.toThrow(t.currentPasswordWrong);
    await expect(
      changeOwnPassword(db, member.staff, member.token, { currentPassword: STAFF_PASSWORD, newPassword: STAFF_PASSWORD }),
    ).rejects.toThrow(t.passwordSame);
    const changed = await changeOwnPassword(db, member.staff, member.token, { currentPassword: STAFF_PASSWORD, newPassword: next });
    expect(changed.sessionsEnded).toBe(1);
    expect(await staffForToken(db, member.token)).not.toBeNull();
    expect(await staffForToken(db, other.token)).toBeNull();
    // Each code is made just before its sign-in: hashing on a busy machine can outlast a code's 60 s.
    const oldPassword = { email: member.staff.email, password: STAFF_PASSWORD, code: totpCode(member.secret) };
    await expect(signInStaff(db, oldPassword, request())).rejects.toThrow(UnauthorizedError);
    await signInStaff(db, { email: member.staff.email, password: next, code: totpCode(member.secret) }, request());
    const [entry] = await auditFor('staff.password', member.staff.id);
    expect(JSON.stringify(entry)).not.toContain(next);
  });

  it('stops guessing the current password after five tries in 15 minutes', async () => {
    const member = await signedInStaff(db, 'staff');
    const now = new Date('2026-11-27T10:00:00Z');
    for (let i = 0; i < 5; i++)
      await expect(
        changeOwnPassword(db, member.staff, member.token, { currentPassword: `guess number ${i}`, newPassword: 'Whatever new 2026' }, now),
      ).rejects.toThrow(ValidationError);
    await expect(
      changeOwnPassword(db, member.staff, member.token, { currentPassword: STAFF_PASSWORD, newPassword: 'Whatever new 2026' }, now),
    ).rejects.toThrow(TooManyRequestsError);
  });
});
