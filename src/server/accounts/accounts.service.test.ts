import fs from 'node:fs';
import { detectImageType } from '@/server/uploads/avatar';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eq, sql } from 'drizzle-orm';
import type { Db } from '@/server/db/client';
import { otpCodes, users } from '@/server/db/schema/accounts';
import { DomainError } from '@/server/errors';
import { accountMessages as t } from '@/domain/messages/accounts';
import {
  LOGIN_LIMIT_PER_ADDRESS,
  LOGIN_LIMIT_PER_EMAIL,
  LOGIN_LIMIT_PER_EMAIL_AND_ADDRESS,
  REGISTER_LIMIT_PER_ADDRESS,
  REGISTER_LIMIT_PER_EMAIL,
  RESET_LIMIT_PER_ADDRESS,
  RESET_LIMIT_PER_EMAIL,
  changePassword,
  confirmEmailChange,
  getProfile,
  requestEmailChange,
  login,
  register,
  requireSelf,
  resetPassword,
  sendOtp,
  updateProfile,
  type AccountDeps,
} from './accounts.service';
import { consumeValidatedOtp, issueOtp, validateOtp } from './otp.service';
import { createSession, userForToken, type SessionUser } from './session.service';
import { verifyPassword } from './password';
import { passwordHashPool } from './hash-pool';
import { freshDatabase, type TestDatabase } from '../../../tests/db';
import {
  codeInMail,
  forgedPng,
  imageFile,
  insertUser,
  jpegBytes,
  pngBytes,
  recordingMailer,
  webpBytes,
  type RecordingMailer,
  type UserRow,
} from '../../../tests/accounts';
import { rejection } from '../../../tests/errors';

// scrypt at OWASP parameters costs ~0.5 s per hash: register, reset and change always hash;
// sign-ins of users inserted by tests/accounts.ts are cheap (their hash has small parameters).

let database: TestDatabase;
let db: Db;
let mailer: RecordingMailer;
let dataDir: string;
let deps: AccountDeps;

beforeAll(async () => {
  database = await freshDatabase();
  db = database.db;
  mailer = recordingMailer();
  dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'accounts-service-'));
  deps = { db, mailer, shopName: 'Safe Buddy', dataDir };
});
afterAll(async () => {
  await database.dispose();
  fs.rmSync(dataDir, { recursive: true, force: true });
});

let counter = 0;
const ip = () => `203.0.113.${++counter % 250}`;
const uniqueEmail = (label: string) => `${label}.${++counter}@example.ae`;

/** Sends a code through the service and validates it as the dialog would. */
async function verifyEmail(email: string, purpose: 'register' | 'reset'): Promise<void> {
  const address = ip();
  await sendOtp(deps, email, purpose, address);
  const mails = mailer.to(email);
  await validateOtp(db, email, purpose, codeInMail(mails[mails.length - 1]), address);
}

const avatarDir = () => path.join(dataDir, 'uploads', 'avatars');
const fileOfUrl = (url: string) => path.join(avatarDir(), url.slice('/uploads/avatars/'.length));

describe('sendOtp', () => {
  it('mails a register code to a new e-mail', async () => {
    const email = uniqueEmail('newcomer');
    await sendOtp(deps, email, 'register', ip());
    const [mail] = mailer.to(email);
    expect(mail?.subject).toBe('Your Safe Buddy sign-up code');
    expect(codeInMail(mail)).toMatch(/^\d{4}$/);
  });

  it('answers a sign-up for an existing e-mail like a new one, and mails the owner a notice instead of a code (issue 10, point 10)', async () => {
    const user = await insertUser(db);
    const before = mailer.to(user.email).length;
    await expect(sendOtp(deps, user.email, 'register', ip())).resolves.toBeUndefined();
    const mails = mailer.to(user.email);
    expect(mails.length).toBe(before + 1);
    expect(mails[mails.length - 1]!.subject).toBe('You already have a Safe Buddy account');
    expect(mails[mails.length - 1]!.text).toContain('Forgot password');
    expect(() => codeInMail(mails[mails.length - 1])).toThrow();
    // A code exists all the same, so checking one answers as it would for a new e-mail.
    const row = await db.select().from(otpCodes).where(eq(otpCodes.email, user.email));
    expect(row).toHaveLength(1);
  });

  it('does not wait for the mail: a mailer that never answers does not hold the request', async () => {
    const stuck: AccountDeps = { ...deps, mailer: { send: () => new Promise<void>(() => {}) } };
    const user = await insertUser(db);
    await expect(sendOtp(stuck, uniqueEmail('stuck'), 'register', ip())).resolves.toBeUndefined();
    await expect(sendOtp(stuck, user.email, 'register', ip())).resolves.toBeUndefined();
    await expect(sendOtp(stuck, user.email, 'reset', ip())).resolves.toBeUndefined();
  });

  it('answers a reset for an unknown e-mail like a success, without mailing', async () => {
    const before = mailer.sent.length;
    await expect(sendOtp(deps, uniqueEmail('nobody'), 'reset', ip())).resolves.toBeUndefined();
    expect(mailer.sent.length).toBe(before);
  });

  it('mails a reset code to an existing account', async () => {
    const user = await insertUser(db);
    await sendOtp(deps, user.email, 'reset', ip());
    const [mail] = mailer.to(user.email);
    expect(mail?.subject).toBe('Your Safe Buddy password reset code');
    expect(codeInMail(mail)).toMatch(/^\d{4}$/);
  });
});

describe('register', () => {
  const password = 'Register-Pass-1';
  let registered: { email: string; id: number; token: string };

  it('is refused without a validated code', async () => {
    const email = uniqueEmail('unverified');
    await sendOtp(deps, email, 'register', ip()); // a code was sent but never entered
    const error = await rejection(register(deps, { name: 'No Code', email, password }, null, ip()));
    expect(error).toMatchObject({
      status: 422,
      message: 'Please verify your e-mail with the code we sent you',
      fields: { email: [t.emailNotVerified] },
    });
    expect(await db.select().from(users).where(eq(users.email, email))).toHaveLength(0);
  });

  it('creates the account and a session after the code is validated', async () => {
    const email = uniqueEmail('verified');
    await verifyEmail(email, 'register');
    const signedIn = await register(deps, { name: 'Layla Hassan', email, password }, 'Vitest', ip());
    expect(signedIn.user).toEqual({ id: expect.any(Number), name: 'Layla Hassan', email, profilePicture: null });
    expect((await userForToken(db, signedIn.token))?.id).toBe(signedIn.user.id);
    const [row] = await db.select().from(users).where(eq(users.id, signedIn.user.id));
    expect(row!.emailVerifiedAt).toBeInstanceOf(Date);
    expect(row!.passwordHash).toMatch(/^scrypt\$131072\$8\$1\$/);
    expect(row!.passwordHash).not.toContain(password);
    registered = { email, id: signedIn.user.id, token: signedIn.token };
    // The code was used up.
    expect(await consumeValidatedOtp(db, email, 'register')).toBe(false);
  });

  it('refuses an e-mail that already has an account without saying so unless its code was validated', async () => {
    const unverified = await rejection(register(deps, { name: 'Copy', email: registered.email.toUpperCase(), password }, null, ip()));
    expect(unverified).toMatchObject({ status: 422, message: t.emailNotVerified });
    // Only the mailbox's owner can validate a code: then 'already exists' may be said.
    const address = ip();
    const code = await issueOtp(db, registered.email, 'register', address);
    await validateOtp(db, registered.email, 'register', code, address);
    const error = await rejection(register(deps, { name: 'Copy', email: registered.email, password }, null, ip()));
    expect(error).toMatchObject({ status: 422, message: t.emailTaken, fields: { email: [t.emailTaken] } });
    expect(
      await db
        .select()
        .from(users)
        .where(sql`lower(${users.email}) = ${registered.email}`),
    ).toHaveLength(1);
  });

  it('lets one validated code create one account only, even for two simultaneous requests', async () => {
    const email = uniqueEmail('twice');
    await verifyEmail(email, 'register');
    const outcomes = await Promise.allSettled([
      register(deps, { name: 'First', email, password }, null, ip()),
      register(deps, { name: 'Second', email, password }, null, ip()),
    ]);
    expect(outcomes.filter((o) => o.status === 'fulfilled')).toHaveLength(1);
    const refused = outcomes.find((o) => o.status === 'rejected');
    expect((refused as PromiseRejectedResult).reason).toMatchObject({ status: 422 });
    expect(await db.select().from(users).where(eq(users.email, email))).toHaveLength(1);
  });

  describe('login', () => {
    it('signs in with the right password and creates a new session', async () => {
      const signedIn = await login(deps, registered.email.toUpperCase(), password, ip(), 'Vitest');
      expect(signedIn.user.id).toBe(registered.id);
      expect(signedIn.token).not.toBe(registered.token);
      expect((await userForToken(db, signedIn.token))?.id).toBe(registered.id);
    });

    it('gives the same 401 for a wrong password and for an unknown e-mail', async () => {
      const [wrong, unknown] = await Promise.all([
        rejection(login(deps, registered.email, 'Register-Pass-2', ip(), null)),
        rejection(login(deps, uniqueEmail('ghost'), password, ip(), null)),
      ]);
      expect(wrong).toMatchObject({ status: 401, message: 'These credentials do not match our records' });
      expect(unknown).toMatchObject({ status: 401, message: wrong.message });
    });
  });
});

describe('login rate limits', () => {
  // A fixed clock at the start of a 15-minute window.
  const T0 = Date.UTC(2030, 5, 1, 8, 0, 0);
  const atTime = (ms: number): AccountDeps => ({ ...deps, now: () => new Date(ms) });

  it('has the documented limits', () => {
    expect(LOGIN_LIMIT_PER_EMAIL).toMatchObject({ limit: 10, windowSeconds: 900 });
    expect(LOGIN_LIMIT_PER_ADDRESS).toMatchObject({ limit: 30, windowSeconds: 900 });
    expect(LOGIN_LIMIT_PER_EMAIL_AND_ADDRESS).toMatchObject({ limit: 5, windowSeconds: 900 });
  });

  it('allows 10 tries per e-mail in 15 minutes, then 429 even with the right password', async () => {
    const user = await insertUser(db);
    for (let i = 0; i < 10; i++) {
      const error = await rejection(login(atTime(T0 + i * 1000), user.email, 'Wrong-Pass-1', ip(), null));
      expect(error.status).toBe(401);
    }
    const blocked = await rejection(login(atTime(T0 + 60_000), user.email, user.password, ip(), null));
    expect(blocked).toMatchObject({ status: 429, message: t.loginTooMany });
    expect(blocked).toHaveProperty('retryAfterSeconds', 14 * 60);
    // The next window lets the customer in.
    const later = await login(atTime(T0 + 15 * 60_000), user.email, user.password, ip(), null);
    expect(later.user.id).toBe(user.id);
  });

  it("one address spends at most 5 of an account's 10 tries, so it alone cannot lock the owner out", async () => {
    const user = await insertUser(db);
    const attacker = ip();
    for (let i = 0; i < 5; i++) {
      expect((await rejection(login(atTime(T0 + i * 1000), user.email, 'Wrong-Pass-1', attacker, null))).status).toBe(401);
    }
    for (let i = 5; i < 12; i++) {
      expect(await rejection(login(atTime(T0 + i * 1000), user.email, 'Wrong-Pass-1', attacker, null))).toMatchObject({
        status: 429,
        message: t.loginTooMany,
      });
    }
    // The owner, from another address, signs in at once: the refused tries spent nothing.
    const owner = await login(atTime(T0 + 20_000), user.email, user.password, ip(), null);
    expect(owner.user.id).toBe(user.id);
  });

  it('allows 30 tries per client address in 15 minutes, across e-mails', async () => {
    const address = ip();
    const triers = await Promise.all(Array.from({ length: 6 }, () => insertUser(db)));
    const d = await insertUser(db);
    // 29 failed tries spread over six accounts (under their own 5-per-e-mail-and-address limit) ...
    for (const [n, person] of triers.entries()) {
      const tries = n < 5 ? 5 : 4;
      for (let i = 0; i < tries; i++)
        expect((await rejection(login(atTime(T0), person.email, 'Wrong-Pass-1', address, null))).status).toBe(401);
    }
    // ... the 30th succeeds, the 31st is refused even with the right password.
    expect((await login(atTime(T0), d.email, d.password, address, null)).user.id).toBe(d.id);
    const blocked = await rejection(login(atTime(T0), d.email, d.password, address, null));
    expect(blocked).toMatchObject({ status: 429, message: t.loginTooMany });
    // Another address is not affected.
    expect((await login(atTime(T0), d.email, d.password, ip(), null)).user.id).toBe(d.id);
  });
});

describe('resetPassword', () => {
  it('is refused (403) without a validated reset code, and changes nothing', async () => {
    const user = await insertUser(db);
    await sendOtp(deps, user.email, 'reset', ip()); // sent, not validated
    const error = await rejection(resetPassword(deps, user.email, 'Brand-New-Pass-1', ip()));
    expect(error).toMatchObject({ status: 403, message: t.resetNotValidated });
    const [row] = await db.select().from(users).where(eq(users.id, user.id));
    expect(row!.passwordHash).toBe(user.passwordHash);
  });

  it('is refused with a validated register code: only a reset code counts', async () => {
    const user = await insertUser(db);
    // A register code cannot be sent to an existing account, so validate one made directly.
    const address = ip();
    const code = await issueOtp(db, user.email, 'register', address);
    await validateOtp(db, user.email, 'register', code, address);
    expect((await rejection(resetPassword(deps, user.email, 'Brand-New-Pass-1', ip()))).status).toBe(403);
  });

  it('works once after validation, signs out everywhere and mails the customer', async () => {
    const user = await insertUser(db, { name: 'Omar <Saeed>' });
    const phone = await createSession(db, user.id, 'phone');
    const laptop = await createSession(db, user.id, 'laptop');
    await verifyEmail(user.email, 'reset');
    const mailsBefore = mailer.to(user.email).length;

    await resetPassword(deps, user.email, 'Brand-New-Pass-1', ip());

    const [row] = await db.select().from(users).where(eq(users.id, user.id));
    expect(await verifyPassword(user.password, row!.passwordHash)).toBe(false);
    expect(row!.passwordHash).toMatch(/^scrypt\$131072\$/);
    expect(await userForToken(db, phone.token)).toBeNull();
    expect(await userForToken(db, laptop.token)).toBeNull();
    const mails = mailer.to(user.email);
    expect(mails.length).toBe(mailsBefore + 1);
    expect(mails[mails.length - 1]!.subject).toBe('Your Safe Buddy password was changed');

    // The same validation cannot reset again.
    const again = await rejection(resetPassword(deps, user.email, 'Another-Pass-1', ip()));
    expect(again).toMatchObject({ status: 403 });
    const [after] = await db.select().from(users).where(eq(users.id, user.id));
    expect(after!.passwordHash).toBe(row!.passwordHash);
    // The new password signs in.
    expect((await login(deps, user.email, 'Brand-New-Pass-1', ip(), null)).user.id).toBe(user.id);
  });
});

describe('requireSelf', () => {
  const me: SessionUser = { id: 42, name: 'Me', email: 'me@example.ae', profilePicture: null };

  it('needs a signed-in user (401)', () => {
    expect(() => requireSelf(null, 42)).toThrow(expect.objectContaining({ status: 401, message: t.signInRequired }));
    expect(() => requireSelf(null, undefined)).toThrow(expect.objectContaining({ status: 401 }));
  });

  it("refuses another customer's id (403)", () => {
    for (const other of [41, '43', '42abc', 'abc', 0]) {
      expect(() => requireSelf(me, other), String(other)).toThrow(expect.objectContaining({ status: 403, message: t.notYourAccount }));
    }
  });

  it('accepts its own id, as a number or text, or no id at all', () => {
    expect(requireSelf(me, 42)).toBe(me);
    expect(requireSelf(me, '42')).toBe(me);
    expect(requireSelf(me, undefined)).toBe(me);
    expect(requireSelf(me, null)).toBe(me);
    expect(requireSelf(me, '')).toBe(me);
  });
});

describe('updateProfile', () => {
  let owner: SessionUser;
  let neighbour: UserRow;

  beforeAll(async () => {
    const row = await insertUser(db, { name: 'Hind Khalifa', email: 'hind.profile@example.ae' });
    owner = { id: row.id, name: row.name, email: row.email, profilePicture: null };
    neighbour = await insertUser(db, { email: 'neighbour.profile@example.ae' });
  });

  it('changes the name, with or without the unchanged e-mail', async () => {
    owner = await updateProfile(deps, owner, { name: 'Hind K.', email: 'Hind.Profile@example.ae'.toLowerCase() }, null);
    expect(owner).toMatchObject({ name: 'Hind K.', email: 'hind.profile@example.ae', profilePicture: null });
    owner = await updateProfile(deps, owner, { name: 'Hind K.' }, null);
    expect(await getProfile(db, owner.id)).toEqual(owner);
  });

  it('refuses a different e-mail (422, pointing to the e-mail change) and changes nothing (issue 10, point 5)', async () => {
    for (const email of [neighbour.email.toLowerCase(), 'hind.k@example.ae']) {
      const error = await rejection(updateProfile(deps, owner, { name: 'Someone Else', email }, null));
      expect(error).toMatchObject({ status: 422, fields: { email: [t.emailChangeNeedsCode] } });
    }
    expect(await getProfile(db, owner.id)).toMatchObject({ name: 'Hind K.', email: 'hind.profile@example.ae' });
  });

  let firstUrl: string;

  it('stores a PNG avatar under a generated name and returns its URL', async () => {
    const bytes = pngBytes();
    owner = await updateProfile(deps, owner, { name: 'Hind K.', email: owner.email }, imageFile(bytes, '../../me.png', 'image/png'));
    // Stored re-encoded as WebP (src/server/uploads/avatar.ts), never as uploaded.
    expect(owner.profilePicture).toMatch(/^\/uploads\/avatars\/[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}\.webp$/);
    firstUrl = owner.profilePicture!;
    expect(detectImageType(fs.readFileSync(fileOfUrl(firstUrl)))).toBe('webp');
    expect(new Uint8Array(fs.readFileSync(fileOfUrl(firstUrl)))).not.toEqual(bytes);
    expect(fs.readdirSync(avatarDir())).toEqual([path.basename(firstUrl)]);
    expect((await getProfile(db, owner.id)).profilePicture).toBe(firstUrl);
  });

  it('keeps the avatar when no new picture is sent', async () => {
    owner = await updateProfile(deps, owner, { name: 'Hind Khalifa', email: owner.email }, null);
    expect(owner.profilePicture).toBe(firstUrl);
    expect(fs.existsSync(fileOfUrl(firstUrl))).toBe(true);
  });

  it('replaces the avatar with a JPEG, deleting the old file', async () => {
    owner = await updateProfile(
      deps,
      owner,
      { name: 'Hind Khalifa', email: owner.email },
      imageFile(jpegBytes(), 'photo.jpeg', 'image/jpeg'),
    );
    expect(owner.profilePicture).toMatch(/^\/uploads\/avatars\/[0-9a-f-]{36}\.webp$/);
    expect(fs.existsSync(fileOfUrl(firstUrl))).toBe(false);
    expect(fs.readdirSync(avatarDir())).toEqual([path.basename(owner.profilePicture!)]);
  });

  it('reads the type from the bytes, not from the name or claimed type (WebP sent as .png)', async () => {
    const previous = owner.profilePicture!;
    owner = await updateProfile(
      deps,
      owner,
      { name: 'Hind Khalifa', email: owner.email },
      imageFile(webpBytes(), 'avatar.png', 'image/png'),
    );
    expect(owner.profilePicture).toMatch(/^\/uploads\/avatars\/[0-9a-f-]{36}\.webp$/);
    expect(fs.existsSync(fileOfUrl(previous))).toBe(false);
  });

  it('refuses a forged image (HTML named avatar.png, type image/png) and keeps the old one', async () => {
    const before = owner.profilePicture!;
    const error = await rejection(updateProfile(deps, owner, { name: 'Changed', email: owner.email }, forgedPng()));
    expect(error).toMatchObject({
      status: 422,
      message: 'The profile picture must be a JPEG, PNG or WebP image',
      fields: { profile_picture: ['The profile picture must be a JPEG, PNG or WebP image'] },
    });
    expect(await getProfile(db, owner.id)).toMatchObject({ name: 'Hind Khalifa', profilePicture: before });
    expect(fs.readdirSync(avatarDir())).toEqual([path.basename(before)]);
  });

  it('refuses a picture over 2 MB and accepts one of exactly 2 MB', async () => {
    const before = owner.profilePicture!;
    const big = pngBytes(2 * 1024 * 1024 + 1 - 8);
    expect(big.length).toBe(2 * 1024 * 1024 + 1);
    const error = await rejection(
      updateProfile(deps, owner, { name: 'Hind Khalifa', email: owner.email }, imageFile(big, 'big.png', 'image/png')),
    );
    expect(error).toMatchObject({ status: 422, fields: { profile_picture: [t.avatarSize] } });
    expect((await getProfile(db, owner.id)).profilePicture).toBe(before);

    const limit = pngBytes(2 * 1024 * 1024 - 8);
    owner = await updateProfile(deps, owner, { name: 'Hind Khalifa', email: owner.email }, imageFile(limit, 'limit.png', 'image/png'));
    expect(fs.existsSync(fileOfUrl(owner.profilePicture!))).toBe(true);
  });
});

describe('changePassword', () => {
  it('refuses a wrong current password with a current_password field error', async () => {
    const row = await insertUser(db);
    const me: SessionUser = { id: row.id, name: row.name, email: row.email, profilePicture: null };
    const error = await rejection(changePassword(deps, me, 'Not-The-Pass-1', 'Brand-New-Pass-1', null));
    expect(error).toMatchObject({ status: 422, fields: { current_password: ['The current password is not correct'] } });
    const [after] = await db.select().from(users).where(eq(users.id, row.id));
    expect(after!.passwordHash).toBe(row.passwordHash);
  });

  it('changes it, keeps the current session, ends the others and mails the customer', async () => {
    const row = await insertUser(db, { name: 'Sara & "Co" <b>' });
    const me: SessionUser = { id: row.id, name: row.name, email: row.email, profilePicture: null };
    const current = await createSession(db, row.id, 'this browser');
    const other = await createSession(db, row.id, 'old phone');
    const stranger = await insertUser(db);
    const strangers = await createSession(db, stranger.id, null);

    await changePassword(deps, me, row.password, 'Changed-Pass-1', current.token);

    const [after] = await db.select().from(users).where(eq(users.id, row.id));
    expect(await verifyPassword('Changed-Pass-1', after!.passwordHash)).toBe(true);
    expect((await userForToken(db, current.token))?.id).toBe(row.id);
    expect(await userForToken(db, other.token)).toBeNull();
    expect((await userForToken(db, strangers.token))?.id).toBe(stranger.id);
    const mails = mailer.to(row.email);
    expect(mails).toHaveLength(1);
    expect(mails[0]!.subject).toBe('Your Safe Buddy password was changed');
    expect(mails[0]!.text).toContain('Hello Sara & "Co" <b>,');
    expect(mails[0]!.html).toContain('Hello Sara &amp; &quot;Co&quot; &lt;b&gt;,');
  });
});

describe('e-mail change (issue 10, point 5)', () => {
  it('needs the current password, mails a code to the new address, then changes it, ends other sessions and tells the old address', async () => {
    const row = await insertUser(db, { name: 'Reem Nasser' });
    const me: SessionUser = { id: row.id, name: row.name, email: row.email, profilePicture: null };
    const here = await createSession(db, row.id, 'here');
    const phone = await createSession(db, row.id, 'phone');
    const newEmail = uniqueEmail('reem-new');

    const wrong = await rejection(requestEmailChange(deps, me, newEmail, 'Not-Hers-1!', ip()));
    expect(wrong).toMatchObject({ status: 422, fields: { current_password: [t.currentPasswordWrong] } });
    expect(mailer.to(newEmail)).toHaveLength(0);
    const same = await rejection(requestEmailChange(deps, me, row.email, row.password, ip()));
    expect(same).toMatchObject({ status: 422, fields: { new_email: [t.emailChangeSame] } });

    await requestEmailChange(deps, me, newEmail, row.password, ip());
    const [codeMail] = mailer.to(newEmail);
    expect(codeMail?.subject).toBe('Your Safe Buddy e-mail change code');
    const code = codeInMail(codeMail);
    expect((await getProfile(db, row.id)).email).toBe(row.email);

    // The code is bound to this account and this new address.
    const other = await insertUser(db);
    const otherMe: SessionUser = { id: other.id, name: other.name, email: other.email, profilePicture: null };
    expect((await rejection(confirmEmailChange(deps, otherMe, newEmail, code, ip(), null))).status).toBe(422);
    expect((await rejection(confirmEmailChange(deps, me, uniqueEmail('elsewhere'), code, ip(), here.token))).status).toBe(422);

    const before = mailer.to(row.email).length;
    const changed = await confirmEmailChange(deps, me, newEmail, code, ip(), here.token);
    expect(changed).toMatchObject({ id: row.id, email: newEmail });
    expect((await getProfile(db, row.id)).email).toBe(newEmail);
    expect((await userForToken(db, here.token))?.email).toBe(newEmail);
    expect(await userForToken(db, phone.token)).toBeNull();
    const notices = mailer.to(row.email);
    expect(notices.length).toBe(before + 1);
    expect(notices[notices.length - 1]!.subject).toBe('Your Safe Buddy e-mail was changed');
    expect(notices[notices.length - 1]!.text).toContain(newEmail);
    // The code works once; the new e-mail signs in.
    expect((await rejection(confirmEmailChange(deps, me, newEmail, code, ip(), here.token))).status).toBe(422);
    expect((await login(deps, newEmail, row.password, ip(), null)).user.id).toBe(row.id);
  });

  it("sends no code to another account's address: its owner gets a notice, the answer is the same", async () => {
    const row = await insertUser(db);
    const taken = await insertUser(db, { name: 'Taken Owner' });
    const me: SessionUser = { id: row.id, name: row.name, email: row.email, profilePicture: null };
    await expect(requestEmailChange(deps, me, taken.email.toLowerCase(), row.password, ip())).resolves.toBeUndefined();
    const mails = mailer.to(taken.email);
    expect(mails).toHaveLength(1);
    expect(mails[0]!.subject).toBe('You already have a Safe Buddy account');
    expect(() => codeInMail(mails[0])).toThrow();
  });
});

describe('no hashing before the checks (issue 10, point 6)', () => {
  it('register and reset without a validated code never reach the hasher', async () => {
    const user = await insertUser(db);
    const started = passwordHashPool.stats().started;
    const attempts = [
      ...Array.from({ length: 3 }, () =>
        register(deps, { name: 'Flood', email: uniqueEmail('flood'), password: 'Flood-Pass-1!' }, null, ip()),
      ),
      register(deps, { name: 'Flood', email: user.email, password: 'Flood-Pass-1!' }, null, ip()),
      ...Array.from({ length: 3 }, () => resetPassword(deps, user.email, 'Flood-Pass-1!', ip())),
      resetPassword(deps, uniqueEmail('nobody'), 'Flood-Pass-1!', ip()),
    ];
    const outcomes = await Promise.all(attempts.map((p) => rejection(p)));
    expect(outcomes.map((e) => e.status)).toEqual([422, 422, 422, 422, 403, 403, 403, 403]);
    expect(passwordHashPool.stats().started).toBe(started);
  });

  it('has the documented limits', () => {
    expect(REGISTER_LIMIT_PER_ADDRESS).toMatchObject({ limit: 10, windowSeconds: 3600 });
    expect(REGISTER_LIMIT_PER_EMAIL).toMatchObject({ limit: 5, windowSeconds: 3600 });
    expect(RESET_LIMIT_PER_ADDRESS).toMatchObject({ limit: 10, windowSeconds: 3600 });
    expect(RESET_LIMIT_PER_EMAIL).toMatchObject({ limit: 5, windowSeconds: 3600 });
  });

  it('lets at most the per-e-mail limit of simultaneous registrations with one validated code reach the hasher', async () => {
    const email = uniqueEmail('parallel');
    await verifyEmail(email, 'register');
    const before = passwordHashPool.stats();
    const outcomes = await Promise.all(
      Array.from({ length: 8 }, () =>
        register(deps, { name: 'Twin', email, password: 'Twin-Pass-1!' }, null, ip()).then(
          () => 201,
          (e: DomainError) => e.status,
        ),
      ),
    );
    expect(outcomes.filter((s) => s === 201)).toHaveLength(1);
    expect(outcomes.filter((s) => s === 429)).toHaveLength(8 - REGISTER_LIMIT_PER_EMAIL.limit);
    expect(passwordHashPool.stats().started - before.started).toBe(REGISTER_LIMIT_PER_EMAIL.limit);
  }, 120_000);
});
