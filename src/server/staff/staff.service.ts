// Staff accounts and their sign-in (docs/decisions/0033-back-office-staff.md): a password and a
// second factor (a TOTP code from an authenticator app, or a single-use recovery code), then a
// staff session of its own. Staff are not customers: their own table, sessions and cookie.
import { createHash, randomBytes } from 'node:crypto';
import { and, eq, gt, isNull, lt, or, sql } from 'drizzle-orm';
import * as OTPAuth from 'otpauth';
import type { Db } from '@/server/db/client';
import { staffRecoveryCodes, staffSessions, staffUsers } from '@/server/db/schema/staff';
import { UnauthorizedError, ValidationError } from '@/server/errors';
import { consumeRateLimit } from '@/server/rate-limit/rate-limit.service';
import { decoyHash, hashPassword, verifyPassword } from '@/server/accounts/password';
import { passwordHashPool } from '@/server/accounts/hash-pool';
import { hashToken } from '@/server/accounts/session.service';
import {
  RECOVERY_CODE_COUNT,
  STAFF_SESSION_IDLE_HOURS,
  STAFF_SESSION_MAX_HOURS,
  TOTP_PATTERN,
  normaliseSecondFactor,
  staffPasswordProblem,
  type StaffRole,
} from '@/domain/staff';
import { staffMessages as t } from '@/domain/messages/staff';

/** A transaction of the database (a change and its audit entry commit together). */
export type Tx = Parameters<Parameters<Db['transaction']>[0]>[0];

export interface StaffMember {
  id: number;
  email: string;
  name: string;
  role: StaffRole;
}

export interface NewStaff {
  staff: StaffMember;
  /** The authenticator app's enrolment link (shown once, as a QR code or text). */
  otpauthUri: string;
  /** Single-use codes for a lost phone (shown once; only their hashes are kept). */
  recoveryCodes: string[];
}

// Staff sign-in: fewer tries than shoppers' (a staff account opens every customer's data).
export const STAFF_LOGIN_LIMIT_PER_ADDRESS = { name: 'staff-login:ip', limit: 20, windowSeconds: 900 };
export const STAFF_LOGIN_LIMIT_PER_EMAIL = { name: 'staff-login:email', limit: 5, windowSeconds: 900 };

const TOTP_PERIOD_SECONDS = 30;
const SESSION_TOUCH_MS = 60_000;

function totpFor(secret: string, email: string, issuer: string): OTPAuth.TOTP {
  return new OTPAuth.TOTP({
    issuer,
    label: email,
    algorithm: 'SHA1',
    digits: 6,
    period: TOTP_PERIOD_SECONDS,
    secret: OTPAuth.Secret.fromBase32(secret),
  });
}

export function hashCode(code: string): string {
  return createHash('sha256').update(normaliseSecondFactor(code).replace('-', '')).digest('hex');
}

/** XXXXX-XXXXX in base32 letters and digits (50 bits each). */
function newRecoveryCode(): string {
  const text = new OTPAuth.Secret({ size: 7 }).base32.slice(0, 10);
  return `${text.slice(0, 5)}-${text.slice(5)}`;
}

/** A new second factor: a TOTP secret, its enrolment link, and fresh recovery codes (shown once). */
export function newSecondFactor(email: string, issuer: string): { secret: string; otpauthUri: string; recoveryCodes: string[] } {
  const secret = new OTPAuth.Secret({ size: 20 }).base32;
  const recoveryCodes = Array.from({ length: RECOVERY_CODE_COUNT }, newRecoveryCode);
  return { secret, otpauthUri: totpFor(secret, email, issuer).toString(), recoveryCodes };
}

export function member(row: { id: number; email: string; name: string; role: StaffRole }): StaffMember {
  return { id: row.id, email: row.email, name: row.name, role: row.role };
}

/** Creates a staff account with a new TOTP secret and recovery codes (the CLI, and admins). */
export async function createStaff(
  db: Db,
  input: { email: string; name: string; role: StaffRole; password: string },
  options: { issuer: string; now?: Date; onCreated?: (tx: Tx, staff: StaffMember) => Promise<void> },
): Promise<NewStaff> {
  const problem = staffPasswordProblem(input.password);
  if (problem) throw new ValidationError(problem, { password: [problem] });
  const email = input.email.trim().toLowerCase();
  const [taken] = await db
    .select({ id: staffUsers.id })
    .from(staffUsers)
    .where(sql`lower(${staffUsers.email}) = ${email}`);
  if (taken) throw new ValidationError(t.emailTaken, { email: [t.emailTaken] });
  const passwordHash = await passwordHashPool.run('normal', () => hashPassword(input.password));
  const { secret, otpauthUri, recoveryCodes } = newSecondFactor(email, options.issuer);
  const now = options.now ?? new Date();
  const row = await db.transaction(async (tx) => {
    const [created] = await tx
      .insert(staffUsers)
      .values({ email, name: input.name.trim(), role: input.role, passwordHash, totpSecret: secret, createdAt: now, updatedAt: now })
      .returning();
    await tx.insert(staffRecoveryCodes).values(recoveryCodes.map((code) => ({ staffId: created!.id, codeHash: hashCode(code) })));
    // The caller's audit entry commits with the account (docs/decisions/0033-back-office-staff.md).
    await options.onCreated?.(tx, member(created!));
    return created!;
  });
  return { staff: member(row), otpauthUri, recoveryCodes };
}

/**
 * Accepts a TOTP code once: the code's time step must be later than the last one accepted, and
 * the conditional update makes two requests with the same code (on any instance) accept one.
 */
async function acceptTotp(db: Db, staff: { id: number; email: string; totpSecret: string }, code: string, now: Date): Promise<boolean> {
  const totp = totpFor(staff.totpSecret, staff.email, 'shop');
  const delta = totp.validate({ token: code, timestamp: now.getTime(), window: 1 });
  if (delta === null) return false;
  const step = Math.floor(now.getTime() / 1000 / TOTP_PERIOD_SECONDS) + delta;
  const accepted = await db
    .update(staffUsers)
    .set({ totpLastStep: step })
    .where(and(eq(staffUsers.id, staff.id), or(isNull(staffUsers.totpLastStep), lt(staffUsers.totpLastStep, step))))
    .returning({ id: staffUsers.id });
  return accepted.length === 1;
}

async function acceptRecoveryCode(db: Db, staffId: number, code: string, now: Date): Promise<boolean> {
  const used = await db
    .update(staffRecoveryCodes)
    .set({ usedAt: now })
    .where(and(eq(staffRecoveryCodes.staffId, staffId), eq(staffRecoveryCodes.codeHash, hashCode(code)), isNull(staffRecoveryCodes.usedAt)))
    .returning({ id: staffRecoveryCodes.id });
  return used.length === 1;
}

export interface StaffSignIn {
  staff: StaffMember;
  token: string;
  expiresAt: Date;
}

/** Password and second factor, then a new staff session. Any wrong part answers the same 401. */
export async function signInStaff(
  db: Db,
  input: { email: string; password: string; code: string },
  request: { clientAddress: string; userAgent: string | null; now?: Date },
): Promise<StaffSignIn> {
  const now = request.now ?? new Date();
  const email = input.email.trim().toLowerCase();
  await consumeRateLimit(db, STAFF_LOGIN_LIMIT_PER_ADDRESS, request.clientAddress, t.signInTooMany, now);
  await consumeRateLimit(db, STAFF_LOGIN_LIMIT_PER_EMAIL, email, t.signInTooMany, now);
  const [row] = await db
    .select()
    .from(staffUsers)
    .where(sql`lower(${staffUsers.email}) = ${email}`);
  const stored = row?.passwordHash ?? (await decoyHash());
  const matches = await passwordHashPool.run('priority', () => verifyPassword(input.password, stored));
  if (!row || !matches || row.disabledAt) throw new UnauthorizedError(t.signInFailed);
  const code = normaliseSecondFactor(input.code);
  const second = TOTP_PATTERN.test(code) ? await acceptTotp(db, row, code, now) : await acceptRecoveryCode(db, row.id, code, now);
  if (!second) throw new UnauthorizedError(t.signInFailed);
  return { staff: member(row), ...(await createStaffSession(db, row.id, request.userAgent, now)) };
}

export async function createStaffSession(db: Db, staffId: number, userAgent: string | null, now = new Date()) {
  const token = randomBytes(32).toString('base64url');
  const expiresAt = new Date(now.getTime() + STAFF_SESSION_MAX_HOURS * 3_600_000);
  await db.insert(staffSessions).values({
    tokenHash: hashToken(token),
    staffId,
    createdAt: now,
    lastSeenAt: now,
    expiresAt,
    userAgent: userAgent?.slice(0, 300) ?? null,
  });
  return { token, expiresAt };
}

/**
 * The staff member behind a live session: not revoked, not past its end, used within the last
 * STAFF_SESSION_IDLE_HOURS, its account not disabled. A use moves the idle clock (at most once a minute).
 */
export async function staffForToken(db: Db, token: string, now = new Date()): Promise<StaffMember | null> {
  if (!/^[A-Za-z0-9_-]{20,100}$/.test(token)) return null;
  const idleSince = new Date(now.getTime() - STAFF_SESSION_IDLE_HOURS * 3_600_000);
  const [row] = await db
    .select({
      sessionId: staffSessions.id,
      lastSeenAt: staffSessions.lastSeenAt,
      id: staffUsers.id,
      email: staffUsers.email,
      name: staffUsers.name,
      role: staffUsers.role,
    })
    .from(staffSessions)
    .innerJoin(staffUsers, eq(staffUsers.id, staffSessions.staffId))
    .where(
      and(
        eq(staffSessions.tokenHash, hashToken(token)),
        isNull(staffSessions.revokedAt),
        gt(staffSessions.expiresAt, now),
        gt(staffSessions.lastSeenAt, idleSince),
        isNull(staffUsers.disabledAt),
      ),
    );
  if (!row) return null;
  if (now.getTime() - row.lastSeenAt.getTime() > SESSION_TOUCH_MS)
    await db.update(staffSessions).set({ lastSeenAt: now }).where(eq(staffSessions.id, row.sessionId));
  return member(row);
}

export async function revokeStaffSession(db: Db, token: string, now = new Date()): Promise<void> {
  await db
    .update(staffSessions)
    .set({ revokedAt: now })
    .where(eq(staffSessions.tokenHash, hashToken(token)));
}
