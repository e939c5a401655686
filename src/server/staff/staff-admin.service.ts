// Staff management (docs/decisions/0033-back-office-staff.md#staff-management): admins list, add,
// re-role, disable and enable staff accounts, reset a lost second factor and renew recovery codes;
// every staff member changes their own password. Each change is one transaction with its audit
// entry; the audit log never holds a password, a TOTP secret or a recovery code. There is always
// an active admin: the change that would leave none is refused, under a lock on the admins' rows
// so that two admins demoting each other at once cannot both succeed.
import { and, asc, eq, isNull, max, ne, sql } from 'drizzle-orm';
import * as OTPAuth from 'otpauth';
import type { Db } from '@/server/db/client';
import { staffRecoveryCodes, staffSessions, staffUsers } from '@/server/db/schema/staff';
import { ConflictError, NotFoundError, ValidationError } from '@/server/errors';
import { recordAudit } from '@/server/audit/audit.service';
import { consumeRateLimit } from '@/server/rate-limit/rate-limit.service';
import { hashPassword, verifyPassword } from '@/server/accounts/password';
import { passwordHashPool } from '@/server/accounts/hash-pool';
import { hashToken } from '@/server/accounts/session.service';
import { staffMessages as t } from '@/domain/messages/staff';
import { staffPasswordProblem, type StaffRole } from '@/domain/staff';
import { createStaff, hashCode, member, newSecondFactor, type NewStaff, type StaffMember, type Tx } from './staff.service';

/** A staff account as the admins' list shows it. */
export interface StaffAccount extends StaffMember {
  disabled: boolean;
  createdAt: Date;
  /** The latest staff session's start (sign-in), or null when never signed in. */
  lastSignInAt: Date | null;
}

/** What an admin sees once after adding a staff member. */
export interface CreatedStaff extends NewStaff {
  /** The temporary password the server made, or null when the admin typed one. */
  generatedPassword: string | null;
}

/** A new second factor, shown once. */
export interface SecondFactorReset {
  staff: StaffMember;
  otpauthUri: string;
  recoveryCodes: string[];
}

// Changing one's own password: a stolen open session must not be able to guess the current one.
export const STAFF_PASSWORD_CHANGE_LIMIT = { name: 'staff-password:id', limit: 5, windowSeconds: 900 };

/** The values the audit log keeps about an account (never a secret). */
function snapshot(row: { email: string; name: string; role: StaffRole; disabledAt: Date | null }) {
  return { email: row.email, name: row.name, role: row.role, disabled: row.disabledAt !== null };
}

/** A temporary password: 80 random bits as XXXX-XXXX-XXXX-XXXX (base32 letters and digits). */
export function generateTemporaryPassword(): string {
  const text = new OTPAuth.Secret({ size: 10 }).base32.slice(0, 16);
  return text.match(/.{4}/g)!.join('-');
}

export async function listStaff(db: Db): Promise<StaffAccount[]> {
  const last = db
    .select({ staffId: staffSessions.staffId, at: max(staffSessions.createdAt).as('last_sign_in_at') })
    .from(staffSessions)
    .groupBy(staffSessions.staffId)
    .as('last_sign_in');
  const rows = await db
    .select({
      id: staffUsers.id,
      email: staffUsers.email,
      name: staffUsers.name,
      role: staffUsers.role,
      disabledAt: staffUsers.disabledAt,
      createdAt: staffUsers.createdAt,
      lastSignInAt: last.at,
    })
    .from(staffUsers)
    .leftJoin(last, eq(last.staffId, staffUsers.id))
    .orderBy(sql`${staffUsers.disabledAt} is not null`, asc(sql`lower(${staffUsers.name})`), asc(staffUsers.id));
  return rows.map((row) => ({
    ...member(row),
    disabled: row.disabledAt !== null,
    createdAt: row.createdAt,
    lastSignInAt: row.lastSignInAt ? new Date(row.lastSignInAt) : null,
  }));
}

/** An admin adds a staff member; the password is the admin's or a generated one, both shown once. */
export async function addStaff(
  db: Db,
  admin: StaffMember,
  input: { email: string; name: string; role: StaffRole; password?: string },
  options: { issuer: string; now?: Date },
): Promise<CreatedStaff> {
  const generatedPassword = input.password ? null : generateTemporaryPassword();
  const created = await createStaff(
    db,
    { email: input.email, name: input.name, role: input.role, password: input.password ?? generatedPassword! },
    {
      ...options,
      onCreated: (tx, staff) =>
        recordAudit(
          tx,
          admin,
          {
            action: 'staff.create',
            entityType: 'staff',
            entityId: staff.id,
            before: null,
            after: { ...snapshot({ ...staff, disabledAt: null }) },
          },
          options.now,
        ),
    },
  );
  return { ...created, generatedPassword };
}

/**
 * Locks the active admins' rows and the target's, then reads the target. Every change that could
 * leave no active admin takes the same locks first, in the same order, so they run one at a time.
 */
async function lockedTarget(tx: Tx, staffId: number) {
  const admins = await tx
    .select({ id: staffUsers.id })
    .from(staffUsers)
    .where(and(eq(staffUsers.role, 'admin'), isNull(staffUsers.disabledAt)))
    .orderBy(asc(staffUsers.id))
    .for('update');
  const [target] = await tx.select().from(staffUsers).where(eq(staffUsers.id, staffId)).for('update');
  if (!target) throw new NotFoundError(t.staffNotFound);
  const isLastActiveAdmin = admins.length === 1 && admins[0]!.id === staffId;
  return { target, isLastActiveAdmin };
}

async function revokeSessionsOf(tx: Tx, staffId: number, now: Date, keepTokenHash?: string): Promise<number> {
  const revoked = await tx
    .update(staffSessions)
    .set({ revokedAt: now })
    .where(
      and(
        eq(staffSessions.staffId, staffId),
        isNull(staffSessions.revokedAt),
        keepTokenHash ? ne(staffSessions.tokenHash, keepTokenHash) : undefined,
      ),
    )
    .returning({ id: staffSessions.id });
  return revoked.length;
}

export async function changeRole(db: Db, admin: StaffMember, staffId: number, role: StaffRole, now = new Date()): Promise<StaffMember> {
  return db.transaction(async (tx) => {
    const { target, isLastActiveAdmin } = await lockedTarget(tx, staffId);
    if (target.role === role) throw new ValidationError(t.roleUnchanged, { role: [t.roleUnchanged] });
    if (role !== 'admin' && isLastActiveAdmin) throw new ConflictError(t.lastAdmin);
    const [updated] = await tx.update(staffUsers).set({ role, updatedAt: now }).where(eq(staffUsers.id, staffId)).returning();
    await recordAudit(
      tx,
      admin,
      { action: 'staff.role', entityType: 'staff', entityId: staffId, before: snapshot(target), after: snapshot(updated!) },
      now,
    );
    return member(updated!);
  });
}

/** Disabling ends every session of the account at once; enabling lets it sign in again. */
export async function setStaffDisabled(
  db: Db,
  admin: StaffMember,
  staffId: number,
  disabled: boolean,
  now = new Date(),
): Promise<StaffMember & { sessionsEnded: number }> {
  return db.transaction(async (tx) => {
    const { target, isLastActiveAdmin } = await lockedTarget(tx, staffId);
    if (disabled && isLastActiveAdmin) throw new ConflictError(t.lastAdmin);
    const [updated] = await tx
      .update(staffUsers)
      .set({ disabledAt: disabled ? (target.disabledAt ?? now) : null, updatedAt: now })
      .where(eq(staffUsers.id, staffId))
      .returning();
    const sessionsEnded = disabled ? await revokeSessionsOf(tx, staffId, now) : 0;
    await recordAudit(
      tx,
      admin,
      {
        action: disabled ? 'staff.disable' : 'staff.enable',
        entityType: 'staff',
        entityId: staffId,
        before: snapshot(target),
        after: { ...snapshot(updated!), ...(disabled ? { sessions_ended: sessionsEnded } : {}) },
      },
      now,
    );
    return { ...member(updated!), sessionsEnded };
  });
}

async function replaceRecoveryCodes(tx: Tx, staffId: number, codes: string[]): Promise<number> {
  const old = await tx
    .delete(staffRecoveryCodes)
    .where(eq(staffRecoveryCodes.staffId, staffId))
    .returning({ usedAt: staffRecoveryCodes.usedAt });
  await tx.insert(staffRecoveryCodes).values(codes.map((code) => ({ staffId, codeHash: hashCode(code) })));
  return old.filter((code) => code.usedAt === null).length;
}

/**
 * A lost phone: a new TOTP secret and new recovery codes (shown once), the old ones void, and
 * every session of the account ended (whoever has the old phone is signed out too).
 */
export async function resetSecondFactor(
  db: Db,
  admin: StaffMember,
  staffId: number,
  options: { issuer: string; now?: Date },
): Promise<SecondFactorReset> {
  const now = options.now ?? new Date();
  return db.transaction(async (tx) => {
    const [target] = await tx.select().from(staffUsers).where(eq(staffUsers.id, staffId)).for('update');
    if (!target) throw new NotFoundError(t.staffNotFound);
    const fresh = newSecondFactor(target.email, options.issuer);
    await tx.update(staffUsers).set({ totpSecret: fresh.secret, totpLastStep: null, updatedAt: now }).where(eq(staffUsers.id, staffId));
    const unusedBefore = await replaceRecoveryCodes(tx, staffId, fresh.recoveryCodes);
    const sessionsEnded = await revokeSessionsOf(tx, staffId, now);
    await recordAudit(
      tx,
      admin,
      {
        action: 'staff.reset_second_factor',
        entityType: 'staff',
        entityId: staffId,
        before: { ...snapshot(target), unused_recovery_codes: unusedBefore },
        after: {
          ...snapshot(target),
          second_factor: 'new',
          unused_recovery_codes: fresh.recoveryCodes.length,
          sessions_ended: sessionsEnded,
        },
      },
      now,
    );
    return { staff: member(target), otpauthUri: fresh.otpauthUri, recoveryCodes: fresh.recoveryCodes };
  });
}

/** Ten new recovery codes (shown once); the old ones, used or not, no longer work. */
export async function renewRecoveryCodes(
  db: Db,
  admin: StaffMember,
  staffId: number,
  now = new Date(),
): Promise<{ staff: StaffMember; recoveryCodes: string[] }> {
  return db.transaction(async (tx) => {
    const [target] = await tx.select().from(staffUsers).where(eq(staffUsers.id, staffId)).for('update');
    if (!target) throw new NotFoundError(t.staffNotFound);
    const { recoveryCodes } = newSecondFactor(target.email, 'unused');
    const unusedBefore = await replaceRecoveryCodes(tx, staffId, recoveryCodes);
    await recordAudit(
      tx,
      admin,
      {
        action: 'staff.recovery_codes',
        entityType: 'staff',
        entityId: staffId,
        before: { unused_recovery_codes: unusedBefore },
        after: { unused_recovery_codes: recoveryCodes.length },
      },
      now,
    );
    return { staff: member(target), recoveryCodes };
  });
}

/**
 * A staff member's own password: the current one must be right (five tries in 15 minutes), the
 * new one different; their other sessions end, the one in use stays.
 */
export async function changeOwnPassword(
  db: Db,
  staff: StaffMember,
  currentToken: string | null,
  input: { currentPassword: string; newPassword: string },
  now = new Date(),
): Promise<{ sessionsEnded: number }> {
  const problem = staffPasswordProblem(input.newPassword);
  if (problem) throw new ValidationError(problem, { new_password: [problem] });
  await consumeRateLimit(db, STAFF_PASSWORD_CHANGE_LIMIT, String(staff.id), t.passwordTooMany, now);
  const [row] = await db.select({ passwordHash: staffUsers.passwordHash }).from(staffUsers).where(eq(staffUsers.id, staff.id));
  if (!row) throw new NotFoundError(t.staffNotFound);
  const matches = await passwordHashPool.run('normal', () => verifyPassword(input.currentPassword, row.passwordHash));
  if (!matches) throw new ValidationError(t.currentPasswordWrong, { current_password: [t.currentPasswordWrong] });
  if (input.currentPassword === input.newPassword) throw new ValidationError(t.passwordSame, { new_password: [t.passwordSame] });
  const passwordHash = await passwordHashPool.run('normal', () => hashPassword(input.newPassword));
  return db.transaction(async (tx) => {
    await tx.update(staffUsers).set({ passwordHash, updatedAt: now }).where(eq(staffUsers.id, staff.id));
    const sessionsEnded = await revokeSessionsOf(tx, staff.id, now, currentToken ? hashToken(currentToken) : undefined);
    await recordAudit(
      tx,
      staff,
      {
        action: 'staff.password',
        entityType: 'staff',
        entityId: staff.id,
        before: null,
        after: { password: 'changed', sessions_ended: sessionsEnded },
      },
      now,
    );
    return { sessionsEnded };
  });
}
