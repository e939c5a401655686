// Accounts: registration after a verified e-mail, sign-in, password reset, profile and password
// change. The customer is always the session's user (D3); callers pass it, never a parameter.
import { eq, sql } from 'drizzle-orm';
import type { Db } from '@/server/db/client';
import { users } from '@/server/db/schema/accounts';
import { DomainError, ForbiddenError, UnauthorizedError, ValidationError } from '@/server/errors';
import { type OtpPurpose } from '@/domain/accounts';
import { accountMessages as t } from '@/domain/messages/accounts';
import type { Mailer } from '@/server/mail/mailer';
import { otpMail, passwordChangedMail } from '@/server/mail/templates';
import { consumeRateLimit } from '@/server/rate-limit/rate-limit.service';
import { decoyHash, hashPassword, verifyPassword } from './password';
import { createSession, revokeOtherSessions, type SessionUser } from './session.service';
import { consumeValidatedOtp, issueOtp } from './otp.service';
import { removeAvatar, saveAvatar } from '@/server/uploads/avatar';

export interface AccountDeps {
  db: Db;
  mailer: Mailer;
  shopName: string;
  dataDir: string;
  now?: () => Date;
}

// Sign-in: 10 tries per e-mail in 15 minutes stops guessing one account's password; 30 per
// client address allows an office behind one address while stopping password spraying.
export const LOGIN_LIMIT_PER_EMAIL = { name: 'login:email', limit: 10, windowSeconds: 900 };
export const LOGIN_LIMIT_PER_ADDRESS = { name: 'login:ip', limit: 30, windowSeconds: 900 };

const clock = (deps: AccountDeps) => (deps.now ? deps.now() : new Date());

async function findUserByEmail(db: Db, email: string) {
  const [row] = await db.select().from(users).where(sql`lower(${users.email}) = ${email.toLowerCase()}`);
  return row ?? null;
}

function sessionUser(row: { id: number; name: string; email: string; profilePicture: string | null }): SessionUser {
  return { id: row.id, name: row.name, email: row.email, profilePicture: row.profilePicture };
}

/** Sends a sign-up or reset code. A reset code for an unknown e-mail is silently not sent, so the answer does not reveal accounts. */
export async function sendOtp(deps: AccountDeps, email: string, purpose: OtpPurpose, clientAddress: string): Promise<void> {
  const existing = await findUserByEmail(deps.db, email);
  if (purpose === 'register' && existing) throw new ValidationError(t.emailTaken, { email: [t.emailTaken] });
  const code = await issueOtp(deps.db, email, purpose, clientAddress, clock(deps));
  if (purpose === 'reset' && !existing) return;
  await deps.mailer.send(otpMail(deps.shopName, email, code, purpose));
}

export interface SignedIn {
  user: SessionUser;
  token: string;
  expiresAt: Date;
}

/** Creates the account of an e-mail verified by its code, and signs it in. */
export async function register(
  deps: AccountDeps,
  input: { name: string; email: string; password: string },
  userAgent: string | null,
): Promise<SignedIn> {
  const now = clock(deps);
  if (await findUserByEmail(deps.db, input.email)) throw new ValidationError(t.emailTaken, { email: [t.emailTaken] });
  const passwordHash = await hashPassword(input.password);
  const user = await deps.db.transaction(async (tx) => {
    if (!(await consumeValidatedOtp(tx as unknown as Db, input.email, 'register', now))) {
      throw new ValidationError(t.emailNotVerified, { email: [t.emailNotVerified] });
    }
    const [row] = await tx.insert(users).values({ name: input.name, email: input.email, passwordHash, emailVerifiedAt: now }).returning();
    return row!;
  });
  const session = await createSession(deps.db, user.id, userAgent, now);
  return { user: sessionUser(user), ...session };
}

export async function login(deps: AccountDeps, email: string, password: string, clientAddress: string, userAgent: string | null): Promise<SignedIn> {
  const now = clock(deps);
  await consumeRateLimit(deps.db, LOGIN_LIMIT_PER_EMAIL, email, t.loginTooMany, now);
  await consumeRateLimit(deps.db, LOGIN_LIMIT_PER_ADDRESS, clientAddress, t.loginTooMany, now);
  const user = await findUserByEmail(deps.db, email);
  const matches = await verifyPassword(password, user?.passwordHash ?? (await decoyHash()));
  if (!user || !matches) throw new UnauthorizedError(t.loginFailed);
  const session = await createSession(deps.db, user.id, userAgent, now);
  return { user: sessionUser(user), ...session };
}

/** Sets a new password for an e-mail whose reset code was validated (once), and ends its sessions. */
export async function resetPassword(deps: AccountDeps, email: string, newPassword: string): Promise<void> {
  const now = clock(deps);
  const user = await findUserByEmail(deps.db, email);
  const passwordHash = await hashPassword(newPassword);
  if (!(await consumeValidatedOtp(deps.db, email, 'reset', now)) || !user) throw new DomainError(t.resetNotValidated, 403);
  await deps.db.update(users).set({ passwordHash, updatedAt: now }).where(eq(users.id, user.id));
  await revokeOtherSessions(deps.db, user.id, null, now);
  await deps.mailer.send(passwordChangedMail(deps.shopName, user.email, user.name));
}

/** D3: an id given in a path or parameter must be the session's own. */
export function requireSelf(user: SessionUser | null, claimedId: number | string | null | undefined): SessionUser {
  if (!user) throw new UnauthorizedError(t.signInRequired);
  if (claimedId !== undefined && claimedId !== null && claimedId !== '' && Number(claimedId) !== user.id) throw new ForbiddenError(t.notYourAccount);
  return user;
}

export async function getProfile(db: Db, userId: number): Promise<SessionUser> {
  const [row] = await db.select().from(users).where(eq(users.id, userId));
  if (!row) throw new UnauthorizedError(t.signInRequired);
  return sessionUser(row);
}

export async function updateProfile(deps: AccountDeps, user: SessionUser, input: { name: string; email: string }, avatar: File | null): Promise<SessionUser> {
  const now = clock(deps);
  if (input.email !== user.email.toLowerCase()) {
    const other = await findUserByEmail(deps.db, input.email);
    if (other && other.id !== user.id) throw new ValidationError(t.emailTaken, { email: [t.emailTaken] });
  }
  const current = await getProfile(deps.db, user.id);
  const profilePicture = avatar ? await saveAvatar(deps.dataDir, avatar) : current.profilePicture;
  const [row] = await deps.db
    .update(users)
    .set({ name: input.name, email: input.email, profilePicture, updatedAt: now })
    .where(eq(users.id, user.id))
    .returning();
  if (avatar) await removeAvatar(deps.dataDir, current.profilePicture);
  return sessionUser(row!);
}

/** Changes the password after checking the current one; other devices are signed out and a mail says so. */
export async function changePassword(deps: AccountDeps, user: SessionUser, currentPassword: string, newPassword: string, keepToken: string | null): Promise<void> {
  const now = clock(deps);
  const [row] = await deps.db.select().from(users).where(eq(users.id, user.id));
  if (!row || !(await verifyPassword(currentPassword, row.passwordHash))) {
    throw new ValidationError(t.currentPasswordWrong, { current_password: [t.currentPasswordWrong] });
  }
  await deps.db.update(users).set({ passwordHash: await hashPassword(newPassword), updatedAt: now }).where(eq(users.id, user.id));
  await revokeOtherSessions(deps.db, user.id, keepToken, now);
  await deps.mailer.send(passwordChangedMail(deps.shopName, row.email, row.name));
}
