// Accounts: registration after a verified e-mail, sign-in, password reset, profile and password
// change. The customer is always the session's user (docs/decisions/0008-sessions.md); callers pass it, never a parameter.
import { createHash } from 'node:crypto';
import { eq, sql } from 'drizzle-orm';
import type { Db } from '@/server/db/client';
import { users } from '@/server/db/schema/accounts';
import { DomainError, ForbiddenError, UnauthorizedError, ValidationError } from '@/server/errors';
import { isUniqueViolation } from '@/server/db/faults';
import { type SendOtpPurpose } from '@/domain/accounts';
import { accountMessages as t } from '@/domain/messages/accounts';
import type { Mail, Mailer } from '@/server/mail/mailer';
import { log } from '@/server/log';
import { accountExistsMail, emailChangedMail, otpMail, passwordChangedMail } from '@/server/mail/templates';
import { consumeRateLimit } from '@/server/rate-limit/rate-limit.service';
import { decoyHash, hashPassword, verifyPassword } from './password';
import { createSession, revokeOtherSessions, type SessionUser } from './session.service';
import { consumeValidatedOtp, hasValidatedOtp, issueOtp, validateOtp } from './otp.service';
import { passwordHashPool } from './hash-pool';
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
// One address may spend only half of an account's tries, so locking an account out of sign-in
// takes at least two addresses (two /64s on IPv6), and the address's own limit is checked first
// so a refused address spends none of them (docs/decisions/0014-client-address-and-sliding-limits.md).
export const LOGIN_LIMIT_PER_EMAIL_AND_ADDRESS = { name: 'login:email-ip', limit: 5, windowSeconds: 900 };

const clock = (deps: AccountDeps) => (deps.now ? deps.now() : new Date());

async function findUserByEmail(db: Db, email: string) {
  const [row] = await db
    .select()
    .from(users)
    .where(sql`lower(${users.email}) = ${email.toLowerCase()}`);
  return row ?? null;
}

function sessionUser(row: { id: number; name: string; email: string; profilePicture: string | null }): SessionUser {
  return { id: row.id, name: row.name, email: row.email, profilePicture: row.profilePicture };
}

/**
 * Sends the mail after the answer, never in the request's path: the answer (and its timing)
 * is the same whether a mail goes out, which one, or none (docs/decisions/0012-account-hardening.md).
 * A failure is logged with what was sent, never to whom.
 */
function sendLater(deps: AccountDeps, mail: Mail, what: string): void {
  void deps.mailer.send(mail).catch((error: unknown) => {
    log.error('Account mail failed', {
      what,
      error: error instanceof Error ? error.name : typeof error,
      code: (error as { code?: unknown })?.code,
    });
  });
}

// Registration and reset each hash a password: limits per address and per e-mail, counted once
// a validated code was found, stop a flood before it reaches the hash pool. An honest person
// registers once and resets rarely.
export const REGISTER_LIMIT_PER_ADDRESS = { name: 'register:ip', limit: 10, windowSeconds: 3600 };
export const REGISTER_LIMIT_PER_EMAIL = { name: 'register:email', limit: 5, windowSeconds: 3600 };
export const RESET_LIMIT_PER_ADDRESS = { name: 'reset:ip', limit: 10, windowSeconds: 3600 };
export const RESET_LIMIT_PER_EMAIL = { name: 'reset:email', limit: 5, windowSeconds: 3600 };

/** A password hash for storing, through the bounded pool's normal lane. */
const hashInPool = (password: string) => passwordHashPool.run('normal', () => hashPassword(password));

/**
 * Sends a sign-up or reset code with the same answer whoever owns the e-mail: a code is always
 * made (so checking one behaves the same), but a sign-up for an existing account mails the owner
 * a notice instead, and a reset for an unknown e-mail mails nothing.
 */
export async function sendOtp(deps: AccountDeps, email: string, purpose: SendOtpPurpose, clientAddress: string): Promise<void> {
  const existing = await findUserByEmail(deps.db, email);
  const code = await issueOtp(deps.db, email, purpose, clientAddress, clock(deps));
  if (purpose === 'register' && existing)
    sendLater(deps, accountExistsMail(deps.shopName, existing.email, existing.name), 'account exists notice');
  else if (purpose === 'register' || existing) sendLater(deps, otpMail(deps.shopName, email, code, purpose), `${purpose} code`);
}

export interface SignedIn {
  user: SessionUser;
  token: string;
  expiresAt: Date;
}

/**
 * Creates the account of an e-mail verified by its code, and signs it in. Everything that can
 * refuse is checked before the password is hashed; the code is still used up atomically, once.
 * Saying 'already exists' is fine here: only the mailbox's owner can have validated a code.
 */
export async function register(
  deps: AccountDeps,
  input: { name: string; email: string; password: string },
  userAgent: string | null,
  clientAddress: string,
): Promise<SignedIn> {
  const now = clock(deps);
  // The cheapest refusal first (one indexed read, no write), so a flood of requests without a
  // code costs the database little; the limits then bound the requests that would hash.
  if (!(await hasValidatedOtp(deps.db, input.email, 'register', now)))
    throw new ValidationError(t.emailNotVerified, { email: [t.emailNotVerified] });
  await consumeRateLimit(deps.db, REGISTER_LIMIT_PER_ADDRESS, clientAddress, t.tooManyAttempts, now);
  await consumeRateLimit(deps.db, REGISTER_LIMIT_PER_EMAIL, input.email, t.tooManyAttempts, now);
  if (await findUserByEmail(deps.db, input.email)) throw new ValidationError(t.emailTaken, { email: [t.emailTaken] });
  const passwordHash = await hashInPool(input.password);
  const user = await deps.db
    .transaction(async (tx) => {
      if (!(await consumeValidatedOtp(tx, input.email, 'register', now))) {
        throw new ValidationError(t.emailNotVerified, { email: [t.emailNotVerified] });
      }
      const [row] = await tx.insert(users).values({ name: input.name, email: input.email, passwordHash, emailVerifiedAt: now }).returning();
      return row!;
    })
    .catch((error: unknown) => {
      if (isUniqueViolation(error)) throw new ValidationError(t.emailTaken, { email: [t.emailTaken] });
      throw error;
    });
  const session = await createSession(deps.db, user.id, userAgent, now);
  return { user: sessionUser(user), ...session };
}

export async function login(
  deps: AccountDeps,
  email: string,
  password: string,
  clientAddress: string,
  userAgent: string | null,
): Promise<SignedIn> {
  const now = clock(deps);
  await consumeRateLimit(deps.db, LOGIN_LIMIT_PER_ADDRESS, clientAddress, t.loginTooMany, now);
  await consumeRateLimit(deps.db, LOGIN_LIMIT_PER_EMAIL_AND_ADDRESS, `${email}:${clientAddress}`, t.loginTooMany, now);
  await consumeRateLimit(deps.db, LOGIN_LIMIT_PER_EMAIL, email, t.loginTooMany, now);
  const user = await findUserByEmail(deps.db, email);
  const stored = user?.passwordHash ?? (await decoyHash());
  // Sign-ins take the pool's priority lane: a flood of other hashing cannot make them wait.
  const matches = await passwordHashPool.run('priority', () => verifyPassword(password, stored));
  if (!user || !matches) throw new UnauthorizedError(t.loginFailed);
  const session = await createSession(deps.db, user.id, userAgent, now);
  return { user: sessionUser(user), ...session };
}

/**
 * Sets a new password for an e-mail whose reset code was validated (once), and ends its sessions.
 * The validated code is looked for before hashing; using it up stays one conditional update.
 */
export async function resetPassword(deps: AccountDeps, email: string, newPassword: string, clientAddress: string): Promise<void> {
  const now = clock(deps);
  if (!(await hasValidatedOtp(deps.db, email, 'reset', now))) throw new DomainError(t.resetNotValidated, 403);
  await consumeRateLimit(deps.db, RESET_LIMIT_PER_ADDRESS, clientAddress, t.tooManyAttempts, now);
  await consumeRateLimit(deps.db, RESET_LIMIT_PER_EMAIL, email, t.tooManyAttempts, now);
  const user = await findUserByEmail(deps.db, email);
  if (!user) throw new DomainError(t.resetNotValidated, 403);
  const passwordHash = await hashInPool(newPassword);
  if (!(await consumeValidatedOtp(deps.db, email, 'reset', now))) throw new DomainError(t.resetNotValidated, 403);
  await deps.db.update(users).set({ passwordHash, updatedAt: now }).where(eq(users.id, user.id));
  await revokeOtherSessions(deps.db, user.id, null, now);
  sendLater(deps, passwordChangedMail(deps.shopName, user.email, user.name), 'password changed notice');
}

/** docs/decisions/0008-sessions.md: an id given in a path or parameter must be the session's own. */
export function requireSelf(user: SessionUser | null, claimedId: number | string | null | undefined): SessionUser {
  if (!user) throw new UnauthorizedError(t.signInRequired);
  if (claimedId !== undefined && claimedId !== null && claimedId !== '' && Number(claimedId) !== user.id)
    throw new ForbiddenError(t.notYourAccount);
  return user;
}

export async function getProfile(db: Db, userId: number): Promise<SessionUser> {
  const [row] = await db.select().from(users).where(eq(users.id, userId));
  if (!row) throw new UnauthorizedError(t.signInRequired);
  return sessionUser(row);
}

/**
 * Saves the name and the avatar. The e-mail is changed only through the e-mail change flow
 * (password and a code sent to the new address): a different e-mail here is refused whole.
 */
export async function updateProfile(
  deps: AccountDeps,
  user: SessionUser,
  input: { name: string; email?: string | undefined },
  avatar: File | null,
): Promise<SessionUser> {
  const now = clock(deps);
  const current = await getProfile(deps.db, user.id);
  if (input.email !== undefined && input.email !== current.email.toLowerCase()) {
    throw new ValidationError(t.emailChangeNeedsCode, { email: [t.emailChangeNeedsCode] });
  }
  const profilePicture = avatar ? await saveAvatar(deps.dataDir, avatar) : current.profilePicture;
  const [row] = await deps.db
    .update(users)
    .set({ name: input.name, profilePicture, updatedAt: now })
    .where(eq(users.id, user.id))
    .returning();
  if (avatar) await removeAvatar(deps.dataDir, current.profilePicture);
  return sessionUser(row!);
}

// Checking the current password (password change, e-mail change) hashes: 10 tries an hour per
// account stops a stolen session from guessing it and from flooding the hash pool.
export const CURRENT_PASSWORD_LIMIT_PER_USER = { name: 'current-password:user', limit: 10, windowSeconds: 3600 };

async function checkCurrentPassword(deps: AccountDeps, userId: number, password: string, now: Date) {
  await consumeRateLimit(deps.db, CURRENT_PASSWORD_LIMIT_PER_USER, String(userId), t.tooManyAttempts, now);
  const [row] = await deps.db.select().from(users).where(eq(users.id, userId));
  if (!row || !(await passwordHashPool.run('normal', () => verifyPassword(password, row.passwordHash)))) {
    throw new ValidationError(t.currentPasswordWrong, { current_password: [t.currentPasswordWrong] });
  }
  return row;
}

/** Changes the password after checking the current one; other devices are signed out and a mail says so. */
export async function changePassword(
  deps: AccountDeps,
  user: SessionUser,
  currentPassword: string,
  newPassword: string,
  keepToken: string | null,
): Promise<void> {
  const now = clock(deps);
  const row = await checkCurrentPassword(deps, user.id, currentPassword, now);
  await deps.db
    .update(users)
    .set({ passwordHash: await hashInPool(newPassword), updatedAt: now })
    .where(eq(users.id, user.id));
  await revokeOtherSessions(deps.db, user.id, keepToken, now);
  sendLater(deps, passwordChangedMail(deps.shopName, row.email, row.name), 'password changed notice');
}

/**
 * The subject of an e-mail change code: bound to the account and the new address (hashed, so
 * it fits the code table's e-mail column whatever the address's length).
 */
function emailChangeSubject(userId: number, newEmail: string): string {
  return `user:${userId}:${createHash('sha256').update(newEmail).digest('hex')}`;
}

/**
 * Step 1 of an e-mail change: the current password, then a code to the new address. If the new
 * address already has an account, its owner gets a notice instead of a code (the answer is the
 * same: the code, when it is confirmed, is what proves the mailbox is the customer's).
 */
export async function requestEmailChange(
  deps: AccountDeps,
  user: SessionUser,
  newEmail: string,
  currentPassword: string,
  clientAddress: string,
): Promise<void> {
  const now = clock(deps);
  const row = await checkCurrentPassword(deps, user.id, currentPassword, now);
  if (newEmail === row.email.toLowerCase()) throw new ValidationError(t.emailChangeSame, { new_email: [t.emailChangeSame] });
  const code = await issueOtp(deps.db, emailChangeSubject(user.id, newEmail), 'email_change', clientAddress, now);
  const other = await findUserByEmail(deps.db, newEmail);
  if (other) sendLater(deps, accountExistsMail(deps.shopName, other.email, other.name), 'account exists notice');
  else sendLater(deps, otpMail(deps.shopName, newEmail, code, 'email_change'), 'e-mail change code');
}

/**
 * Step 2: the code mailed to the new address. The e-mail changes, every other session ends and
 * the old address is told.
 */
export async function confirmEmailChange(
  deps: AccountDeps,
  user: SessionUser,
  newEmail: string,
  otp: string,
  clientAddress: string,
  keepToken: string | null,
): Promise<SessionUser> {
  const now = clock(deps);
  const subject = emailChangeSubject(user.id, newEmail);
  await validateOtp(deps.db, subject, 'email_change', otp, clientAddress, now);
  const before = await getProfile(deps.db, user.id);
  const row = await deps.db
    .transaction(async (tx) => {
      if (!(await consumeValidatedOtp(tx, subject, 'email_change', now))) throw new ValidationError(t.otpExpired, { otp: [t.otpExpired] });
      const [updated] = await tx
        .update(users)
        .set({ email: newEmail, emailVerifiedAt: now, updatedAt: now })
        .where(eq(users.id, user.id))
        .returning();
      return updated!;
    })
    .catch((error: unknown) => {
      if (isUniqueViolation(error)) throw new ValidationError(t.emailTaken, { new_email: [t.emailTaken] });
      throw error;
    });
  await revokeOtherSessions(deps.db, user.id, keepToken, now);
  sendLater(deps, emailChangedMail(deps.shopName, before.email, row.name, newEmail), 'e-mail changed notice');
  return sessionUser(row);
}
