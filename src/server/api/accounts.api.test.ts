// The account endpoints through /api, with a real SMTP server: sign-up with its code, sign-in and
// out, reset, the profile, the password and the e-mail (docs/decisions/0012-account-hardening.md).
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import type { Db } from '@/server/db/client';
import { createMailer, type Mailer } from '@/server/mail/mailer';
import { userForToken } from '@/server/accounts/session.service';
import { accountMessages as t } from '@/domain/messages/accounts';
import { accountsApi } from '@/domain/api/accounts';
import type { AnswerOf, Endpoint } from '@/domain/api/endpoint';
import { freshDatabase, type TestDatabase } from '../../../tests/db';
import { startSmtpServer, type TestSmtpServer } from '../../../tests/smtp';
import { otpCodeOf } from '../../../tests/mailbox';
import { forgedPng, pngBytes, wrongCode } from '../../../tests/accounts';
import { callEndpoint, type Caller, type EndpointAnswer, type EndpointCall } from '../../../tests/api';

let database: TestDatabase;
let db: Db;
let smtp: TestSmtpServer;
let mailer: Mailer;
let dataDir: string;

beforeAll(async () => {
  database = await freshDatabase();
  db = database.db;
  smtp = await startSmtpServer();
  dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'accounts-api-'));
  mailer = createMailer({
    smtpUrl: smtp.url,
    from: 'Safe Buddy <no-reply@safebuddy.test>',
    outboxDir: path.join(dataDir, 'outbox'),
    production: false,
  });
});
afterAll(async () => {
  await smtp.close();
  await database.dispose();
  fs.rmSync(dataDir, { recursive: true, force: true });
});

let addressCounter = 0;
/** A fresh client address per call site keeps the per-address limits out of the way. */
const freshAddress = () => `192.0.2.${++addressCounter}`;

/**
 * Calls an account endpoint as the Astro route would (the mailer, the data folder, a fresh client
 * address unless one is given); the body goes as a URL-encoded form, as the spec's clients send it,
 * unless the call says otherwise (the profile's multipart form).
 */
const call = <E extends Endpoint>(endpoint: E, options: EndpointCall<E> = {}) =>
  callEndpoint(db, endpoint, {
    encoding: 'form',
    ...options,
    deps: { mailer, dataDir, shopName: 'Safe Buddy', clientAddress: freshAddress(), ...options.deps },
  });

/** Input no well-behaved client sends (missing or wrong fields), past the endpoint's types. */
const hostile = <T>(value: unknown): T => value as T;

/** The answer's whole body, for checks of its exact envelope. */
const envelope = (answer: { text: string }): unknown => JSON.parse(answer.text);

/** The caller a sign-up or sign-in answer makes: its session token and account. */
const callerOf = (data: AnswerOf<typeof accountsApi.login>): Caller => ({
  token: data.token,
  user: { id: data.id, name: data.name, email: data.email, profilePicture: data.profile_picture },
});

/** Mails are sent after the answer (issue 10, point 10): wait until `count` have reached `email`. */
async function mailsTo(email: string, count: number) {
  await vi.waitFor(() => expect(smtp.messagesTo(email).length).toBeGreaterThanOrEqual(count), { timeout: 10_000 });
  const mails = smtp.messagesTo(email);
  expect(mails.length).toBe(count);
  return mails;
}

/** Requests a code through the API (POST send-otp, as the dialogs do) and reads it from the mail the SMTP server received. */
async function requestCode(email: string, purpose: 'register' | 'reset'): Promise<string> {
  const before = smtp.messagesTo(email).length;
  const r = await call(accountsApi.sendOtp, { body: { email, purpose } });
  expect(r.status, r.text).toBe(200);
  expect(envelope(r)).toMatchObject({ success: true, message: t.otpSent });
  const mails = await mailsTo(email.trim().toLowerCase(), before + 1);
  return otpCodeOf(mails[mails.length - 1]!.parsed);
}

/** Registers through send-otp, the mailed code, verify-otp and user_register. */
async function registerThroughApi(name: string, email: string, password: string): Promise<EndpointAnswer<typeof accountsApi.register>> {
  const code = await requestCode(email, 'register');
  const verified = await call(accountsApi.verifyOtp, { body: { email, otp: code } });
  expect(verified.status, verified.text).toBe(200);
  return call(accountsApi.register, { body: { name, email, password, c_password: password, user_type: 'customer' } });
}

/** The profile form as the profile card sends it: multipart, with the picture when there is one. */
const profileForm = (fields: { name: string; email?: string }, file?: File) =>
  ({ body: { ...fields, ...(file ? { profile_picture: file } : {}) }, encoding: 'multipart' }) as const;

describe('the account journey through /api with a real SMTP server', () => {
  const email = 'layla.hassan@example.ae';
  const password = 'Layla-Pass-1';
  const newPassword = 'Layla-Changed-2!';
  const resetTo = 'Layla-Reset-3#';
  let id: number;
  let layla: Caller;
  let otherId: number;

  it('mails a sign-up code, verifies it and registers (201, token, HttpOnly cookie)', async () => {
    const code = await requestCode('Layla.Hassan@Example.AE ', 'register');
    const mail = smtp.lastTo(email);
    expect(mail.parsed.subject).toBe('Your Safe Buddy sign-up code');
    expect(mail.parsed.html).toContain(code);
    expect(mail.mailFrom).toBe('no-reply@safebuddy.test');

    const verified = await call(accountsApi.verifyOtp, { body: { email, otp: code } });
    expect(verified.status).toBe(200);
    expect(envelope(verified)).toMatchObject({ success: true, message: t.otpVerified });

    const r = await call(accountsApi.register, {
      body: { name: 'Layla Hassan', email: 'LAYLA.HASSAN@example.ae', password, c_password: password, user_type: 'customer' },
    });
    expect(r.status, r.text).toBe(201);
    expect(envelope(r)).toMatchObject({
      success: true,
      message: 'Thanks for registering with us',
      data: { name: 'Layla Hassan', email, profile_picture: null },
    });
    layla = callerOf(r.data);
    id = r.data.id;
    expect(layla.token).toMatch(/^[A-Za-z0-9_-]{43}$/);
    expect(typeof id).toBe('number');
    const cookie = r.headers.get('set-cookie')!;
    expect(cookie).toMatch(new RegExp(`^session=${layla.token}; Path=/; HttpOnly; SameSite=Lax; Expires=`));
    expect(cookie).not.toMatch(/Secure/);
    expect((await userForToken(db, layla.token))?.id).toBe(id);
  });

  it('cannot register the same e-mail again, and the answers do not tell that it has an account (issue 10, point 10)', async () => {
    const again = await call(accountsApi.register, { body: { name: 'Layla Again', email, password, c_password: password } });
    const stranger = await call(accountsApi.register, {
      body: { name: 'Layla Again', email: 'never.seen@example.ae', password, c_password: password },
    });
    expect(again.status).toBe(422);
    expect(envelope(again)).toEqual(envelope(stranger));
    expect(again.fields.email).toEqual([t.emailNotVerified]);

    const before = smtp.messagesTo(email).length;
    const [existing, fresh] = await Promise.all([
      call(accountsApi.sendOtp, { body: { email, purpose: 'register' } }),
      call(accountsApi.sendOtp, { body: { email: 'brand.new@example.ae', purpose: 'register' } }),
    ]);
    expect(existing.status).toBe(200);
    expect(envelope(existing)).toEqual(envelope(fresh));
    expect(existing.headers.get('content-length')).toBe(fresh.headers.get('content-length'));
    // The owner is told instead of getting a code; the new e-mail gets its code.
    const mails = await mailsTo(email, before + 1);
    expect(mails[mails.length - 1]!.parsed.subject).toBe('You already have a Safe Buddy account');
    expect(() => otpCodeOf(mails[mails.length - 1]!.parsed)).toThrow();
    await mailsTo('brand.new@example.ae', 1);
  });

  it('signs out: clears the cookie and revokes the token', async () => {
    const r = await call(accountsApi.logout, { as: layla });
    expect(r.status).toBe(200);
    expect(envelope(r)).toMatchObject({ success: true, message: t.logoutSuccess });
    const cookie = r.headers.get('set-cookie')!;
    expect(cookie).toMatch(/^session=; /);
    expect(cookie).toContain('Max-Age=0');
    expect(cookie).toContain('HttpOnly');
    expect(await userForToken(db, layla.token)).toBeNull();
    // The old token no longer opens the profile.
    expect((await call(accountsApi.profile, { as: layla })).status).toBe(401);
  });

  it('refuses a wrong password (401, message) and an unknown e-mail the same way', async () => {
    const [wrong, unknown] = await Promise.all([
      call(accountsApi.login, { body: { email, password: 'Layla-Pass-9' } }),
      call(accountsApi.login, { body: { email: 'nobody.here@example.ae', password } }),
    ]);
    expect(wrong.status).toBe(401);
    expect(envelope(wrong)).toMatchObject({ success: false, status: 401, message: 'These credentials do not match our records' });
    expect(wrong.headers.get('set-cookie')).toBeNull();
    expect(unknown.status).toBe(401);
    expect(unknown.message).toBe(wrong.message);
  });

  it('signs in (200) with the e-mail in any case', async () => {
    const r = await call(accountsApi.login, { body: { email: ' Layla.Hassan@EXAMPLE.ae', password } });
    expect(r.status, r.text).toBe(200);
    expect(envelope(r)).toMatchObject({ success: true, message: t.loginSuccess, data: { id, email, name: 'Layla Hassan' } });
    layla = callerOf(r.data);
    expect(r.headers.get('set-cookie')).toMatch(new RegExp(`^session=${layla.token}; `));
    expect((await userForToken(db, layla.token))?.id).toBe(id);
  });

  it('shows the profile only to its owner', async () => {
    const other = await registerThroughApi('Omar Saeed', 'omar.saeed@example.ae', 'Omar-Pass-1!');
    expect(other.status, other.text).toBe(201);
    otherId = other.data.id;

    const own = await call(accountsApi.profile, { as: layla });
    expect(own.status).toBe(200);
    expect(own.data).toEqual({ id, name: 'Layla Hassan', email, profile_picture: null });
    const ownId = await call(accountsApi.profile, { query: { user_id: String(id) }, as: layla });
    expect(ownId.status).toBe(200);
    expect(ownId.data.id).toBe(id);

    const foreign = await call(accountsApi.profile, { query: { user_id: String(otherId) }, as: layla });
    expect(foreign.status).toBe(403);
    expect(envelope(foreign)).toMatchObject({ success: false, message: t.notYourAccount });
    expect(foreign.text).not.toContain('omar');

    const signedOut = await call(accountsApi.profile, { query: { user_id: String(id) } });
    expect(signedOut.status).toBe(401);
    expect(envelope(signedOut)).toMatchObject({ success: false, message: t.signInRequired });
  });

  it('updates name and avatar (multipart) for its own id only; a different e-mail is refused', async () => {
    const png = pngBytes();
    const changed = await call(accountsApi.updateProfile, {
      as: layla,
      params: { id },
      ...profileForm({ name: 'Layla H.', email: 'Layla.H@Example.ae' }),
    });
    expect(changed.status).toBe(422);
    expect(changed.fields.email).toEqual([t.emailChangeNeedsCode]);
    const r = await call(accountsApi.updateProfile, {
      as: layla,
      params: { id },
      ...profileForm(
        { name: 'Layla H.', email: 'Layla.Hassan@Example.ae' },
        new File([new Uint8Array(png)], 'me.png', { type: 'image/png' }),
      ),
    });
    expect(r.status, r.text).toBe(200);
    expect(envelope(r)).toMatchObject({ success: true, message: t.profileUpdated, data: { id, name: 'Layla H.', email } });
    const url = r.data.profile_picture ?? '';
    expect(url).toMatch(/^\/uploads\/avatars\/[0-9a-f-]{36}\.webp$/);
    const stored = path.join(dataDir, 'uploads', 'avatars', path.basename(url));
    // Re-encoded (src/server/uploads/avatar.ts): a WebP, not the uploaded bytes.
    expect(new Uint8Array(fs.readFileSync(stored).subarray(8, 12))).toEqual(new Uint8Array(Buffer.from('WEBP')));
    expect((await call(accountsApi.profile, { as: layla })).data).toMatchObject({ name: 'Layla H.', email, profile_picture: url });

    const foreign = await call(accountsApi.updateProfile, {
      as: layla,
      params: { id: otherId },
      ...profileForm({ name: 'Hacked', email: 'hacked@example.ae' }),
    });
    expect(foreign.status).toBe(403);
    const omar = callerOf((await call(accountsApi.login, { body: { email: 'omar.saeed@example.ae', password: 'Omar-Pass-1!' } })).data);
    expect((await call(accountsApi.profile, { as: omar })).data).toMatchObject({
      name: 'Omar Saeed',
      email: 'omar.saeed@example.ae',
    });

    const taken = await call(accountsApi.updateProfile, {
      as: layla,
      params: { id },
      ...profileForm({ name: 'Layla H.', email: 'OMAR.SAEED@example.ae' }),
    });
    expect(taken.status).toBe(422);
    expect(taken.fields.email).toEqual([t.emailChangeNeedsCode]);

    const forged = await call(accountsApi.updateProfile, {
      as: layla,
      params: { id },
      ...profileForm({ name: 'Layla H.', email }, forgedPng()),
    });
    expect(forged.status).toBe(422);
    expect(envelope(forged)).toMatchObject({
      success: false,
      data: { profile_picture: ['The profile picture must be a JPEG, PNG or WebP image'] },
    });
    expect((await call(accountsApi.profile, { as: layla })).data.profile_picture).toBe(url);

    const signedOut = await call(accountsApi.updateProfile, {
      params: { id },
      ...profileForm({ name: 'Nobody', email: 'nobody@example.ae' }),
    });
    expect(signedOut.status).toBe(401);
  });

  it('changes the e-mail with the current password and a code sent to the new address (issue 10, point 5)', async () => {
    const newEmail = 'layla.h@example.ae';
    const otherDevice = callerOf((await call(accountsApi.login, { body: { email, password } })).data);
    const wrong = await call(accountsApi.requestEmailChange, { as: layla, body: { new_email: newEmail, current_password: 'Not-Mine-1!' } });
    expect(wrong.status).toBe(422);
    expect(wrong.fields.current_password).toEqual([t.currentPasswordWrong]);
    const missing = await call(accountsApi.requestEmailChange, { as: layla, body: hostile({}) });
    expect(missing.status).toBe(422);
    expect(Object.keys(missing.fields).sort()).toEqual(['current_password', 'new_email']);
    expect((await call(accountsApi.requestEmailChange, { body: { new_email: newEmail, current_password: password } })).status).toBe(401);

    const asked = await call(accountsApi.requestEmailChange, {
      as: layla,
      body: { new_email: 'Layla.H@Example.ae', current_password: password },
    });
    expect(asked.status, asked.text).toBe(200);
    expect(envelope(asked)).toMatchObject({ success: true, message: t.emailChangeCodeSent });
    const [codeMail] = await mailsTo(newEmail, 1);
    expect(codeMail!.parsed.subject).toBe('Your Safe Buddy e-mail change code');
    const code = otpCodeOf(codeMail!.parsed);

    const bad = await call(accountsApi.confirmEmailChange, { as: layla, body: { new_email: newEmail, otp: wrongCode(code) } });
    expect(bad.status).toBe(400);
    expect((await call(accountsApi.profile, { as: layla })).data.email).toBe(email);

    // After the wrong try's lock (3 minutes) the right code would work; a fresh code avoids the wait.
    await call(accountsApi.requestEmailChange, { as: layla, body: { new_email: newEmail, current_password: password } });
    const fresh = otpCodeOf((await mailsTo(newEmail, 2))[1]!.parsed);
    const before = smtp.messagesTo(email).length;
    const done = await call(accountsApi.confirmEmailChange, { as: layla, body: { new_email: newEmail, otp: fresh } });
    expect(done.status, done.text).toBe(200);
    expect(envelope(done)).toMatchObject({ success: true, message: t.emailChanged, data: { id, email: newEmail } });
    expect((await call(accountsApi.profile, { as: layla })).data.email).toBe(newEmail);
    expect(await userForToken(db, otherDevice.token)).toBeNull();
    const notice = (await mailsTo(email, before + 1))[before]!;
    expect(notice.parsed.subject).toBe('Your Safe Buddy e-mail was changed');
    expect(notice.parsed.text).toContain(newEmail);
  });

  it('changes the password: wrong current is a field error; then the old password stops working', async () => {
    const newEmail = 'layla.h@example.ae';
    const otherDevice = callerOf((await call(accountsApi.login, { body: { email: newEmail, password } })).data);
    expect(otherDevice.token).toBeTruthy();

    const wrong = await call(accountsApi.changePassword, {
      as: layla,
      params: { id },
      body: { current_password: 'Not-Mine-1!', new_password: newPassword },
    });
    expect(wrong.status).toBe(422);
    expect(envelope(wrong)).toMatchObject({ success: false, data: { current_password: ['The current password is not correct'] } });

    const foreign = await call(accountsApi.changePassword, {
      as: layla,
      params: { id: otherId },
      body: { current_password: password, new_password: newPassword },
    });
    expect(foreign.status).toBe(403);

    const before = smtp.messagesTo(newEmail).length;
    const r = await call(accountsApi.changePassword, {
      as: layla,
      params: { id },
      body: { current_password: password, new_password: newPassword, confirm_password: newPassword },
    });
    expect(r.status, r.text).toBe(200);
    expect(envelope(r)).toMatchObject({ success: true, message: t.passwordUpdated });
    const mails = await mailsTo(newEmail, before + 1);
    expect(mails[mails.length - 1]!.parsed.subject).toBe('Your Safe Buddy password was changed');
    expect(mails[mails.length - 1]!.parsed.text).toContain('Hello Layla H.,');

    // This browser stays signed in, the other device is signed out.
    expect((await call(accountsApi.profile, { as: layla })).status).toBe(200);
    expect(await userForToken(db, otherDevice.token)).toBeNull();

    const old = await call(accountsApi.login, { body: { email: newEmail, password } });
    expect(old.status).toBe(401);
  });

  it('resets a forgotten password after the mailed code is validated, once', async () => {
    const newEmail = 'layla.h@example.ae';
    const code = await requestCode(newEmail, 'reset');
    expect(smtp.lastTo(newEmail).parsed.subject).toBe('Your Safe Buddy password reset code');

    const early = await call(accountsApi.resetPassword, { body: { email: newEmail, new_password: resetTo } });
    expect(early.status).toBe(403);

    const validated = await call(accountsApi.validateOtp, { body: { email: newEmail, otp: code } });
    expect(validated.status, validated.text).toBe(200);
    expect(envelope(validated)).toMatchObject({ success: true });

    const reset = await call(accountsApi.resetPassword, { body: { email: 'Layla.H@example.ae', new_password: resetTo } });
    expect(reset.status, reset.text).toBe(200);
    expect(envelope(reset)).toMatchObject({ success: true, message: t.resetSuccess });
    await vi.waitFor(() => expect(smtp.lastTo(newEmail).parsed.subject).toBe('Your Safe Buddy password was changed'), { timeout: 10_000 });
    // Every session ended, the current browser's too.
    expect(await userForToken(db, layla.token)).toBeNull();

    const again = await call(accountsApi.resetPassword, { body: { email: newEmail, new_password: 'Layla-Again-4$' } });
    expect(again.status).toBe(403);
    expect(envelope(again)).toMatchObject({ success: false, message: t.resetNotValidated });

    const [withNew, withChanged] = await Promise.all([
      call(accountsApi.login, { body: { email: newEmail, password: resetTo } }),
      call(accountsApi.login, { body: { email: newEmail, password: newPassword } }),
    ]);
    expect(withNew.status).toBe(200);
    expect(withNew.data.id).toBe(id);
    expect(withChanged.status).toBe(401);
  });

  it('answers a reset request for an unknown e-mail like a success and mails nothing', async () => {
    const before = smtp.messages.length;
    const r = await call(accountsApi.sendOtp, { body: { email: 'stranger@example.ae', purpose: 'reset' } });
    expect(r.status).toBe(200);
    expect(envelope(r)).toMatchObject({ success: true, message: t.otpSent });
    await new Promise((resolve) => setTimeout(resolve, 200));
    expect(smtp.messages.length).toBe(before);
  });
});

describe('verify-otp', () => {
  it("answers a wrong code with 400, status 400 and 'Invalid Otp', then 429 even for the right code", async () => {
    const email = 'wrong.code@example.ae';
    const code = await requestCode(email, 'register');
    const address = freshAddress();
    const wrong = await call(accountsApi.verifyOtp, { body: { email, otp: wrongCode(code) }, deps: { clientAddress: address } });
    expect(wrong.status).toBe(400);
    expect(envelope(wrong)).toEqual({ success: false, status: 400, message: 'Invalid Otp' });

    const locked = await call(accountsApi.verifyOtp, { body: { email, otp: code }, deps: { clientAddress: address } });
    expect(locked.status).toBe(429);
    expect(envelope(locked)).toMatchObject({ success: false, status: 429, message: 'Wait for three minutes to verify again' });
    expect(Number(locked.headers.get('retry-after'))).toBeGreaterThan(170);
    expect(Number(locked.headers.get('retry-after'))).toBeLessThanOrEqual(180);

    // Not verified: registering is refused.
    const register = await call(accountsApi.register, {
      body: { name: 'Wrong Code', email, password: 'Wrong-Code-1!', c_password: 'Wrong-Code-1!' },
    });
    expect(register.status).toBe(422);
    expect(register.message).toBe('Please verify your e-mail with the code we sent you');
  });

  it('validate-otp (reset) answers a wrong code the same way', async () => {
    const r = await call(accountsApi.validateOtp, { body: { email: 'omar.saeed@example.ae', otp: '0000' } });
    // Omar has no reset code: nothing to validate.
    expect(r.status).toBe(422);
    const code = await requestCode('omar.saeed@example.ae', 'reset');
    const wrong = await call(accountsApi.validateOtp, { body: { email: 'omar.saeed@example.ae', otp: wrongCode(code) } });
    expect(wrong.status).toBe(400);
    expect(envelope(wrong)).toMatchObject({ status: 400, message: 'Invalid Otp' });
    // A register verification does not see the reset code.
    expect((await call(accountsApi.verifyOtp, { body: { email: 'omar.saeed@example.ae', otp: code } })).status).toBe(422);
  });
});

describe('bad input answers 422 with field errors', () => {
  const cases: [Endpoint, Record<string, string>, string[]][] = [
    [accountsApi.register, {}, ['name', 'email', 'password', 'c_password']],
    [accountsApi.register, { name: 'A', email: 'not-mail', password: 'weak', c_password: 'other' }, ['email', 'password']],
    [accountsApi.login, {}, ['email', 'password']],
    [accountsApi.verifyOtp, { email: 'x', otp: '12' }, ['email', 'otp']],
    [accountsApi.validateOtp, { email: '', otp: 'abcd' }, ['email', 'otp']],
    [accountsApi.resetPassword, {}, ['email', 'new_password']],
    [accountsApi.resetPassword, { email: 'a@example.ae', new_password: 'short1!' }, ['new_password']],
  ];

  for (const [endpoint, body, fields] of cases) {
    it(`POST ${endpoint.path} ${JSON.stringify(body)}`, async () => {
      const r = await call(endpoint, { body });
      expect(r.status).toBe(422);
      expect(r.success).toBe(false);
      expect(typeof r.message).toBe('string');
      for (const field of fields) {
        expect(r.fields[field], field).toEqual(expect.arrayContaining([expect.any(String)]));
      }
    });
  }

  it('uses the spec texts in the field errors', async () => {
    const register = await call(accountsApi.register, { body: hostile({}) });
    expect(register.fields).toEqual({
      name: ['Name is required'],
      email: ['Email is required'],
      password: ['Password is required'],
      c_password: ['Confirm Password is required'],
    });
    const mismatch = await call(accountsApi.register, {
      body: { name: 'A', email: 'a@example.ae', password: 'Abcdef1!', c_password: 'Abcdef1?' },
    });
    expect(mismatch.fields).toEqual({ c_password: ['Passwords must match'] });
    const login = await call(accountsApi.login, { body: hostile({ email: 'nope' }) });
    expect(login.fields).toEqual({ email: ['Please enter a valid email'], password: ['Password is required'] });
  });

  it('on the signed-in endpoints too (profile and password change)', async () => {
    const signedIn = await registerThroughApi('Input Tester', 'input.tester@example.ae', 'Input-Tester-1!');
    expect(signedIn.status).toBe(201);
    const tester = callerOf(signedIn.data);
    const { id } = signedIn.data;

    const profile = await call(accountsApi.updateProfile, { as: tester, params: { id }, ...profileForm({ name: '', email: 'bad' }) });
    expect(profile.status).toBe(422);
    expect(profile.fields).toEqual({ name: ['Name is required'], email: ['Invalid email format'] });

    const change = await call(accountsApi.changePassword, { as: tester, params: { id }, body: hostile({}) });
    expect(change.status).toBe(422);
    expect(Object.keys(change.fields).sort()).toEqual(['current_password', 'new_password']);
    const weak = await call(accountsApi.changePassword, {
      as: tester,
      params: { id },
      body: { current_password: 'Input-Tester-1!', new_password: 'weakpass' },
    });
    expect(weak.status).toBe(422);
    expect(weak.fields.new_password).toEqual([t.passwordRule]);
  });

  it('GET send-otp without a valid e-mail or with an unknown purpose', async () => {
    const missing = await call(accountsApi.sendOtpByLink);
    expect(missing.status).toBe(422);
    expect(missing.fields.email).toEqual(['Email is required']);
    const invalid = await call(accountsApi.sendOtpByLink, { query: { email: 'layla' } });
    expect(invalid.fields.email).toEqual(['Please enter a valid email']);
    const purpose = await call(accountsApi.sendOtpByLink, { query: hostile({ email: 'a@example.ae', purpose: 'admin' }) });
    expect(purpose.status).toBe(422);
    expect(purpose.fields).toHaveProperty('purpose');
  });
});

describe('cross-site requests (docs/decisions/0012-account-hardening.md)', () => {
  it('refuses a cross-site POST to /api/login before reading it', async () => {
    const body = { email: 'layla.h@example.ae', password: 'Layla-Reset-3#' };
    const bySecFetch = await call(accountsApi.login, { body, headers: { 'sec-fetch-site': 'cross-site' } });
    expect(bySecFetch.status).toBe(403);
    expect(bySecFetch.headers.get('set-cookie')).toBeNull();
    const byOrigin = await call(accountsApi.login, { body, headers: { origin: 'https://evil.example' } });
    expect(byOrigin.status).toBe(403);
    expect(byOrigin.headers.get('set-cookie')).toBeNull();
  });

  it('refuses other cross-site writes too, JSON included', async () => {
    const logout = await call(accountsApi.logout, { headers: { 'sec-fetch-site': 'cross-site' } });
    expect(logout.status).toBe(403);
    const json = await call(accountsApi.resetPassword, {
      headers: { origin: 'https://evil.example', 'content-type': 'application/json' },
    });
    expect(json.status).toBe(403);
  });

  it('GET send-otp (kept for the spec) refuses a browser calling from another site (issue 10, point 10)', async () => {
    const query = { email: 'victim@example.ae', purpose: 'register' } as const;
    const foreign: Record<string, string>[] = [
      { 'sec-fetch-site': 'cross-site' },
      { 'sec-fetch-site': 'same-site' },
      { origin: 'https://evil.example' },
    ];
    for (const headers of foreign) {
      const r = await call(accountsApi.sendOtpByLink, { query, headers });
      expect(r.status, JSON.stringify(headers)).toBe(403);
      expect(envelope(r)).toMatchObject({ success: false, message: t.crossSiteRefused });
    }
    const post = await call(accountsApi.sendOtp, { body: { email: 'victim@example.ae' }, headers: { 'sec-fetch-site': 'cross-site' } });
    expect(post.status).toBe(403);
    await new Promise((resolve) => setTimeout(resolve, 200));
    expect(smtp.messagesTo('victim@example.ae')).toHaveLength(0);
    // The site itself, and clients that are not browsers, still may.
    expect((await call(accountsApi.sendOtpByLink, { query, headers: { 'sec-fetch-site': 'same-origin' } })).status).toBe(200);
    await mailsTo('victim@example.ae', 1);
  });

  it('lets the site itself through (same origin)', async () => {
    const r = await call(accountsApi.login, {
      body: hostile({}),
      headers: { origin: 'http://shop.test', 'sec-fetch-site': 'same-origin' },
    });
    expect(r.status).toBe(422); // past the guard, stopped by validation
  });
});
