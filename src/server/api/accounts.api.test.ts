import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import type { Db } from '@/server/db/client';
import { api } from '@/server/api/index';
import type { ApiDeps } from '@/server/api/router';
import { createMailer, type Mailer } from '@/server/mail/mailer';
import { userForToken } from '@/server/accounts/session.service';
import { accountMessages as t } from '@/domain/messages/accounts';
import { freshDatabase, type TestDatabase } from '../../../tests/db';
import { startSmtpServer, type TestSmtpServer } from '../../../tests/smtp';
import { otpCodeOf } from '../../../tests/mailbox';
import { forgedPng, pngBytes, wrongCode } from '../../../tests/accounts';

// eslint-disable-next-line @typescript-eslint/no-explicit-any
type Json = any;

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

interface CallOptions {
  method?: 'GET' | 'POST';
  /** Sent as a URL-encoded form (as the spec's clients do) unless it is FormData. */
  body?: Record<string, string> | FormData;
  headers?: Record<string, string>;
  /** The session token: the API gets the user the middleware would resolve from it. */
  token?: string | null;
  clientAddress?: string;
}

interface Answer {
  status: number;
  headers: Headers;
  body: Json;
}

/** The deps the Astro route would pass for a request carrying this token. */
async function as(token: string | null | undefined, clientAddress: string): Promise<ApiDeps> {
  return {
    db,
    mailer,
    clientAddress,
    user: token ? await userForToken(db, token) : null,
    sessionToken: token ?? null,
    dataDir,
    shopName: 'Safe Buddy',
  };
}

async function call(pathAndQuery: string, options: CallOptions = {}): Promise<Answer> {
  const method = options.method ?? (options.body ? 'POST' : 'GET');
  const headers: Record<string, string> = { ...options.headers };
  let body: BodyInit | undefined;
  if (options.body instanceof FormData) body = options.body;
  else if (options.body) body = new URLSearchParams(options.body);
  if (options.token) headers.authorization = `Bearer ${options.token}`;
  const request = new Request(`http://shop.test/api/${pathAndQuery}`, { method, headers, body });
  const response = await api.handle(request, await as(options.token, options.clientAddress ?? freshAddress()));
  const text = await response.text();
  let parsed: Json;
  try {
    parsed = JSON.parse(text);
  } catch {
    parsed = text;
  }
  return { status: response.status, headers: response.headers, body: parsed };
}

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
  const r = await call('send-otp', { body: { email, purpose } });
  expect(r.status, JSON.stringify(r.body)).toBe(200);
  expect(r.body).toMatchObject({ success: true, message: t.otpSent });
  const mails = await mailsTo(email.trim().toLowerCase(), before + 1);
  return otpCodeOf(mails[mails.length - 1]!.parsed);
}

/** Registers through send-otp, the mailed code, verify-otp and user_register. */
async function registerThroughApi(name: string, email: string, password: string): Promise<Answer> {
  const code = await requestCode(email, 'register');
  const verified = await call('verify-otp', { body: { email, otp: code } });
  expect(verified.status, JSON.stringify(verified.body)).toBe(200);
  return call('user_register', { body: { name, email, password, c_password: password, user_type: 'customer' } });
}

function avatarForm(fields: Record<string, string>, file?: File): FormData {
  const form = new FormData();
  for (const [key, value] of Object.entries(fields)) form.set(key, value);
  if (file) form.set('profile_picture', file);
  return form;
}

describe('the account journey through /api with a real SMTP server', () => {
  const email = 'layla.hassan@example.ae';
  const password = 'Layla-Pass-1';
  const newPassword = 'Layla-Changed-2!';
  const resetTo = 'Layla-Reset-3#';
  let id: number;
  let token: string;
  let otherId: number;

  it('mails a sign-up code, verifies it and registers (201, token, HttpOnly cookie)', async () => {
    const code = await requestCode('Layla.Hassan@Example.AE ', 'register');
    const mail = smtp.lastTo(email);
    expect(mail.parsed.subject).toBe('Your Safe Buddy sign-up code');
    expect(mail.parsed.html).toContain(code);
    expect(mail.mailFrom).toBe('no-reply@safebuddy.test');

    const verified = await call('verify-otp', { body: { email, otp: code } });
    expect(verified.status).toBe(200);
    expect(verified.body).toMatchObject({ success: true, message: t.otpVerified });

    const r = await call('user_register', {
      body: { name: 'Layla Hassan', email: 'LAYLA.HASSAN@example.ae', password, c_password: password, user_type: 'customer' },
    });
    expect(r.status, JSON.stringify(r.body)).toBe(201);
    expect(r.body).toMatchObject({
      success: true,
      message: 'Thanks for registering with us',
      data: { name: 'Layla Hassan', email, profile_picture: null },
    });
    token = r.body.data.token;
    id = r.body.data.id;
    expect(token).toMatch(/^[A-Za-z0-9_-]{43}$/);
    expect(typeof id).toBe('number');
    const cookie = r.headers.get('set-cookie')!;
    expect(cookie).toMatch(new RegExp(`^session=${token}; Path=/; HttpOnly; SameSite=Lax; Expires=`));
    expect(cookie).not.toMatch(/Secure/);
    expect((await userForToken(db, token))?.id).toBe(id);
  });

  it('cannot register the same e-mail again, and the answers do not tell that it has an account (issue 10, point 10)', async () => {
    const again = await call('user_register', { body: { name: 'Layla Again', email, password, c_password: password } });
    const stranger = await call('user_register', {
      body: { name: 'Layla Again', email: 'never.seen@example.ae', password, c_password: password },
    });
    expect(again.status).toBe(422);
    expect(again.body).toEqual(stranger.body);
    expect(again.body.data.email).toEqual([t.emailNotVerified]);

    const before = smtp.messagesTo(email).length;
    const [existing, fresh] = await Promise.all([
      call('send-otp', { body: { email, purpose: 'register' } }),
      call('send-otp', { body: { email: 'brand.new@example.ae', purpose: 'register' } }),
    ]);
    expect(existing.status).toBe(200);
    expect(existing.body).toEqual(fresh.body);
    expect(existing.headers.get('content-length')).toBe(fresh.headers.get('content-length'));
    // The owner is told instead of getting a code; the new e-mail gets its code.
    const mails = await mailsTo(email, before + 1);
    expect(mails[mails.length - 1]!.parsed.subject).toBe('You already have a Safe Buddy account');
    expect(() => otpCodeOf(mails[mails.length - 1]!.parsed)).toThrow();
    await mailsTo('brand.new@example.ae', 1);
  });

  it('signs out: clears the cookie and revokes the token', async () => {
    const r = await call('logout', { method: 'POST', token });
    expect(r.status).toBe(200);
    expect(r.body).toMatchObject({ success: true, message: t.logoutSuccess });
    const cookie = r.headers.get('set-cookie')!;
    expect(cookie).toMatch(/^session=; /);
    expect(cookie).toContain('Max-Age=0');
    expect(cookie).toContain('HttpOnly');
    expect(await userForToken(db, token)).toBeNull();
    // The old token no longer opens the profile.
    expect((await call('user/user-details', { token })).status).toBe(401);
  });

  it('refuses a wrong password (401, message) and an unknown e-mail the same way', async () => {
    const [wrong, unknown] = await Promise.all([
      call('login', { body: { email, password: 'Layla-Pass-9' } }),
      call('login', { body: { email: 'nobody.here@example.ae', password } }),
    ]);
    expect(wrong.status).toBe(401);
    expect(wrong.body).toMatchObject({ success: false, status: 401, message: 'These credentials do not match our records' });
    expect(wrong.headers.get('set-cookie')).toBeNull();
    expect(unknown.status).toBe(401);
    expect(unknown.body.message).toBe(wrong.body.message);
  });

  it('signs in (200) with the e-mail in any case', async () => {
    const r = await call('login', { body: { email: ' Layla.Hassan@EXAMPLE.ae', password } });
    expect(r.status, JSON.stringify(r.body)).toBe(200);
    expect(r.body).toMatchObject({ success: true, message: t.loginSuccess, data: { id, email, name: 'Layla Hassan' } });
    token = r.body.data.token;
    expect(r.headers.get('set-cookie')).toMatch(new RegExp(`^session=${token}; `));
    expect((await userForToken(db, token))?.id).toBe(id);
  });

  it('shows the profile only to its owner', async () => {
    const other = await registerThroughApi('Omar Saeed', 'omar.saeed@example.ae', 'Omar-Pass-1!');
    expect(other.status, JSON.stringify(other.body)).toBe(201);
    otherId = other.body.data.id;

    const own = await call('user/user-details', { token });
    expect(own.status).toBe(200);
    expect(own.body.data).toEqual({ id, name: 'Layla Hassan', email, profile_picture: null });
    const ownId = await call(`user/user-details?user_id=${id}`, { token });
    expect(ownId.status).toBe(200);
    expect(ownId.body.data.id).toBe(id);

    const foreign = await call(`user/user-details?user_id=${otherId}`, { token });
    expect(foreign.status).toBe(403);
    expect(foreign.body).toMatchObject({ success: false, message: t.notYourAccount });
    expect(JSON.stringify(foreign.body)).not.toContain('omar');

    const signedOut = await call(`user/user-details?user_id=${id}`);
    expect(signedOut.status).toBe(401);
    expect(signedOut.body).toMatchObject({ success: false, message: t.signInRequired });
  });

  it('updates name and avatar (multipart) for its own id only; a different e-mail is refused', async () => {
    const png = pngBytes();
    const changed = await call(`user/user_update/${id}`, { token, body: avatarForm({ name: 'Layla H.', email: 'Layla.H@Example.ae' }) });
    expect(changed.status).toBe(422);
    expect(changed.body.data.email).toEqual([t.emailChangeNeedsCode]);
    const r = await call(`user/user_update/${id}`, {
      token,
      body: avatarForm(
        { name: 'Layla H.', email: 'Layla.Hassan@Example.ae' },
        new File([new Uint8Array(png)], 'me.png', { type: 'image/png' }),
      ),
    });
    expect(r.status, JSON.stringify(r.body)).toBe(200);
    expect(r.body).toMatchObject({ success: true, message: t.profileUpdated, data: { id, name: 'Layla H.', email } });
    const url: string = r.body.data.profile_picture;
    expect(url).toMatch(/^\/uploads\/avatars\/[0-9a-f-]{36}\.webp$/);
    const stored = path.join(dataDir, 'uploads', 'avatars', path.basename(url));
    // Re-encoded (src/server/uploads/avatar.ts): a WebP, not the uploaded bytes.
    expect(new Uint8Array(fs.readFileSync(stored).subarray(8, 12))).toEqual(new Uint8Array(Buffer.from('WEBP')));
    expect((await call('user/user-details', { token })).body.data).toMatchObject({ name: 'Layla H.', email, profile_picture: url });

    const foreign = await call(`user/user_update/${otherId}`, { token, body: avatarForm({ name: 'Hacked', email: 'hacked@example.ae' }) });
    expect(foreign.status).toBe(403);
    const omarToken = (await call('login', { body: { email: 'omar.saeed@example.ae', password: 'Omar-Pass-1!' } })).body.data.token;
    expect((await call('user/user-details', { token: omarToken })).body.data).toMatchObject({
      name: 'Omar Saeed',
      email: 'omar.saeed@example.ae',
    });

    const taken = await call(`user/user_update/${id}`, { token, body: avatarForm({ name: 'Layla H.', email: 'OMAR.SAEED@example.ae' }) });
    expect(taken.status).toBe(422);
    expect(taken.body.data.email).toEqual([t.emailChangeNeedsCode]);

    const forged = await call(`user/user_update/${id}`, { token, body: avatarForm({ name: 'Layla H.', email }, forgedPng()) });
    expect(forged.status).toBe(422);
    expect(forged.body).toMatchObject({
      success: false,
      data: { profile_picture: ['The profile picture must be a JPEG, PNG or WebP image'] },
    });
    expect((await call('user/user-details', { token })).body.data.profile_picture).toBe(url);

    const signedOut = await call(`user/user_update/${id}`, { body: avatarForm({ name: 'Nobody', email: 'nobody@example.ae' }) });
    expect(signedOut.status).toBe(401);
  });

  it('changes the e-mail with the current password and a code sent to the new address (issue 10, point 5)', async () => {
    const layla = 'layla.h@example.ae';
    const otherDevice = (await call('login', { body: { email, password } })).body.data.token;
    const wrong = await call('user/email-change/request', { token, body: { new_email: layla, current_password: 'Not-Mine-1!' } });
    expect(wrong.status).toBe(422);
    expect(wrong.body.data.current_password).toEqual([t.currentPasswordWrong]);
    const missing = await call('user/email-change/request', { token, body: {} });
    expect(missing.status).toBe(422);
    expect(Object.keys(missing.body.data).sort()).toEqual(['current_password', 'new_email']);
    expect((await call('user/email-change/request', { body: { new_email: layla, current_password: password } })).status).toBe(401);

    const asked = await call('user/email-change/request', { token, body: { new_email: 'Layla.H@Example.ae', current_password: password } });
    expect(asked.status, JSON.stringify(asked.body)).toBe(200);
    expect(asked.body).toMatchObject({ success: true, message: t.emailChangeCodeSent });
    const [codeMail] = await mailsTo(layla, 1);
    expect(codeMail!.parsed.subject).toBe('Your Safe Buddy e-mail change code');
    const code = otpCodeOf(codeMail!.parsed);

    const bad = await call('user/email-change/confirm', { token, body: { new_email: layla, otp: wrongCode(code) } });
    expect(bad.status).toBe(400);
    expect((await call('user/user-details', { token })).body.data.email).toBe(email);

    // After the wrong try's lock (3 minutes) the right code would work; a fresh code avoids the wait.
    await call('user/email-change/request', { token, body: { new_email: layla, current_password: password } });
    const fresh = otpCodeOf((await mailsTo(layla, 2))[1]!.parsed);
    const before = smtp.messagesTo(email).length;
    const done = await call('user/email-change/confirm', { token, body: { new_email: layla, otp: fresh } });
    expect(done.status, JSON.stringify(done.body)).toBe(200);
    expect(done.body).toMatchObject({ success: true, message: t.emailChanged, data: { id, email: layla } });
    expect((await call('user/user-details', { token })).body.data.email).toBe(layla);
    expect(await userForToken(db, otherDevice)).toBeNull();
    const notice = (await mailsTo(email, before + 1))[before]!;
    expect(notice.parsed.subject).toBe('Your Safe Buddy e-mail was changed');
    expect(notice.parsed.text).toContain(layla);
  });

  it('changes the password: wrong current is a field error; then the old password stops working', async () => {
    const layla = 'layla.h@example.ae';
    const otherDevice = (await call('login', { body: { email: layla, password } })).body.data.token;
    expect(otherDevice).toBeTruthy();

    const wrong = await call(`user/change_password/${id}`, { token, body: { current_password: 'Not-Mine-1!', new_password: newPassword } });
    expect(wrong.status).toBe(422);
    expect(wrong.body).toMatchObject({ success: false, data: { current_password: ['The current password is not correct'] } });

    const foreign = await call(`user/change_password/${otherId}`, {
      token,
      body: { current_password: password, new_password: newPassword },
    });
    expect(foreign.status).toBe(403);

    const before = smtp.messagesTo(layla).length;
    const r = await call(`user/change_password/${id}`, {
      token,
      body: { current_password: password, new_password: newPassword, confirm_password: newPassword },
    });
    expect(r.status, JSON.stringify(r.body)).toBe(200);
    expect(r.body).toMatchObject({ success: true, message: t.passwordUpdated });
    const mails = await mailsTo(layla, before + 1);
    expect(mails[mails.length - 1]!.parsed.subject).toBe('Your Safe Buddy password was changed');
    expect(mails[mails.length - 1]!.parsed.text).toContain('Hello Layla H.,');

    // This browser stays signed in, the other device is signed out.
    expect((await call('user/user-details', { token })).status).toBe(200);
    expect(await userForToken(db, otherDevice)).toBeNull();

    const old = await call('login', { body: { email: layla, password } });
    expect(old.status).toBe(401);
  });

  it('resets a forgotten password after the mailed code is validated, once', async () => {
    const layla = 'layla.h@example.ae';
    const code = await requestCode(layla, 'reset');
    expect(smtp.lastTo(layla).parsed.subject).toBe('Your Safe Buddy password reset code');

    const early = await call('user/reset_password', { body: { email: layla, new_password: resetTo } });
    expect(early.status).toBe(403);

    const validated = await call('validate-otp', { body: { email: layla, otp: code } });
    expect(validated.status, JSON.stringify(validated.body)).toBe(200);
    expect(validated.body).toMatchObject({ success: true });

    const reset = await call('user/reset_password', { body: { email: 'Layla.H@example.ae', new_password: resetTo } });
    expect(reset.status, JSON.stringify(reset.body)).toBe(200);
    expect(reset.body).toMatchObject({ success: true, message: t.resetSuccess });
    await vi.waitFor(() => expect(smtp.lastTo(layla).parsed.subject).toBe('Your Safe Buddy password was changed'), { timeout: 10_000 });
    // Every session ended, the current browser's too.
    expect(await userForToken(db, token)).toBeNull();

    const again = await call('user/reset_password', { body: { email: layla, new_password: 'Layla-Again-4$' } });
    expect(again.status).toBe(403);
    expect(again.body).toMatchObject({ success: false, message: t.resetNotValidated });

    const [withNew, withChanged] = await Promise.all([
      call('login', { body: { email: layla, password: resetTo } }),
      call('login', { body: { email: layla, password: newPassword } }),
    ]);
    expect(withNew.status).toBe(200);
    expect(withNew.body.data.id).toBe(id);
    expect(withChanged.status).toBe(401);
  });

  it('answers a reset request for an unknown e-mail like a success and mails nothing', async () => {
    const before = smtp.messages.length;
    const r = await call('send-otp', { body: { email: 'stranger@example.ae', purpose: 'reset' } });
    expect(r.status).toBe(200);
    expect(r.body).toMatchObject({ success: true, message: t.otpSent });
    await new Promise((resolve) => setTimeout(resolve, 200));
    expect(smtp.messages.length).toBe(before);
  });
});

describe('verify-otp', () => {
  it("answers a wrong code with 400, status 400 and 'Invalid Otp', then 429 even for the right code", async () => {
    const email = 'wrong.code@example.ae';
    const code = await requestCode(email, 'register');
    const address = freshAddress();
    const wrong = await call('verify-otp', { body: { email, otp: wrongCode(code) }, clientAddress: address });
    expect(wrong.status).toBe(400);
    expect(wrong.body).toEqual({ success: false, status: 400, message: 'Invalid Otp' });

    const locked = await call('verify-otp', { body: { email, otp: code }, clientAddress: address });
    expect(locked.status).toBe(429);
    expect(locked.body).toMatchObject({ success: false, status: 429, message: 'Wait for three minutes to verify again' });
    expect(Number(locked.headers.get('retry-after'))).toBeGreaterThan(170);
    expect(Number(locked.headers.get('retry-after'))).toBeLessThanOrEqual(180);

    // Not verified: registering is refused.
    const register = await call('user_register', {
      body: { name: 'Wrong Code', email, password: 'Wrong-Code-1!', c_password: 'Wrong-Code-1!' },
    });
    expect(register.status).toBe(422);
    expect(register.body.message).toBe('Please verify your e-mail with the code we sent you');
  });

  it('validate-otp (reset) answers a wrong code the same way', async () => {
    const r = await call('validate-otp', { body: { email: 'omar.saeed@example.ae', otp: '0000' } });
    // Omar has no reset code: nothing to validate.
    expect(r.status).toBe(422);
    const code = await requestCode('omar.saeed@example.ae', 'reset');
    const wrong = await call('validate-otp', { body: { email: 'omar.saeed@example.ae', otp: wrongCode(code) } });
    expect(wrong.status).toBe(400);
    expect(wrong.body).toMatchObject({ status: 400, message: 'Invalid Otp' });
    // A register verification does not see the reset code.
    expect((await call('verify-otp', { body: { email: 'omar.saeed@example.ae', otp: code } })).status).toBe(422);
  });
});

describe('bad input answers 422 with field errors', () => {
  const cases: [string, Record<string, string>, string[]][] = [
    ['user_register', {}, ['name', 'email', 'password', 'c_password']],
    ['user_register', { name: 'A', email: 'not-mail', password: 'weak', c_password: 'other' }, ['email', 'password']],
    ['login', {}, ['email', 'password']],
    ['verify-otp', { email: 'x', otp: '12' }, ['email', 'otp']],
    ['validate-otp', { email: '', otp: 'abcd' }, ['email', 'otp']],
    ['user/reset_password', {}, ['email', 'new_password']],
    ['user/reset_password', { email: 'a@example.ae', new_password: 'short1!' }, ['new_password']],
  ];

  for (const [endpoint, body, fields] of cases) {
    it(`POST ${endpoint} ${JSON.stringify(body)}`, async () => {
      const r = await call(endpoint, { method: 'POST', body });
      expect(r.status).toBe(422);
      expect(r.body.success).toBe(false);
      expect(typeof r.body.message).toBe('string');
      for (const field of fields) {
        expect(r.body.data[field], field).toEqual(expect.arrayContaining([expect.any(String)]));
      }
    });
  }

  it('uses the spec texts in the field errors', async () => {
    const register = await call('user_register', { body: {} });
    expect(register.body.data).toEqual({
      name: ['Name is required'],
      email: ['Email is required'],
      password: ['Password is required'],
      c_password: ['Confirm Password is required'],
    });
    const mismatch = await call('user_register', {
      body: { name: 'A', email: 'a@example.ae', password: 'Abcdef1!', c_password: 'Abcdef1?' },
    });
    expect(mismatch.body.data).toEqual({ c_password: ['Passwords must match'] });
    const login = await call('login', { body: { email: 'nope' } });
    expect(login.body.data).toEqual({ email: ['Please enter a valid email'], password: ['Password is required'] });
  });

  it('on the signed-in endpoints too (profile and password change)', async () => {
    const signedIn = await registerThroughApi('Input Tester', 'input.tester@example.ae', 'Input-Tester-1!');
    expect(signedIn.status).toBe(201);
    const { id, token } = signedIn.body.data;

    const profile = await call(`user/user_update/${id}`, { token, body: avatarForm({ name: '', email: 'bad' }) });
    expect(profile.status).toBe(422);
    expect(profile.body.data).toEqual({ name: ['Name is required'], email: ['Invalid email format'] });

    const change = await call(`user/change_password/${id}`, { token, body: {} });
    expect(change.status).toBe(422);
    expect(Object.keys(change.body.data).sort()).toEqual(['current_password', 'new_password']);
    const weak = await call(`user/change_password/${id}`, {
      token,
      body: { current_password: 'Input-Tester-1!', new_password: 'weakpass' },
    });
    expect(weak.status).toBe(422);
    expect(weak.body.data.new_password).toEqual([t.passwordRule]);
  });

  it('GET send-otp without a valid e-mail or with an unknown purpose', async () => {
    const missing = await call('send-otp');
    expect(missing.status).toBe(422);
    expect(missing.body.data.email).toEqual(['Email is required']);
    const invalid = await call('send-otp?email=layla');
    expect(invalid.body.data.email).toEqual(['Please enter a valid email']);
    const purpose = await call('send-otp?email=a%40example.ae&purpose=admin');
    expect(purpose.status).toBe(422);
    expect(purpose.body.data).toHaveProperty('purpose');
  });
});

describe('cross-site requests (D3)', () => {
  it('refuses a cross-site POST to /api/login before reading it', async () => {
    const body = { email: 'layla.h@example.ae', password: 'Layla-Reset-3#' };
    const bySecFetch = await call('login', { body, headers: { 'sec-fetch-site': 'cross-site' } });
    expect(bySecFetch.status).toBe(403);
    expect(bySecFetch.headers.get('set-cookie')).toBeNull();
    const byOrigin = await call('login', { body, headers: { origin: 'https://evil.example' } });
    expect(byOrigin.status).toBe(403);
    expect(byOrigin.headers.get('set-cookie')).toBeNull();
  });

  it('refuses other cross-site writes too, JSON included', async () => {
    const logout = await call('logout', { method: 'POST', headers: { 'sec-fetch-site': 'cross-site' } });
    expect(logout.status).toBe(403);
    const json = await call('user/reset_password', {
      method: 'POST',
      headers: { origin: 'https://evil.example', 'content-type': 'application/json' },
    });
    expect(json.status).toBe(403);
  });

  it('GET send-otp (kept for the spec) refuses a browser calling from another site (issue 10, point 10)', async () => {
    const query = 'send-otp?email=victim%40example.ae&purpose=register';
    const foreign: Record<string, string>[] = [
      { 'sec-fetch-site': 'cross-site' },
      { 'sec-fetch-site': 'same-site' },
      { origin: 'https://evil.example' },
    ];
    for (const headers of foreign) {
      const r = await call(query, { headers });
      expect(r.status, JSON.stringify(headers)).toBe(403);
      expect(r.body).toMatchObject({ success: false, message: t.crossSiteRefused });
    }
    const post = await call('send-otp', { body: { email: 'victim@example.ae' }, headers: { 'sec-fetch-site': 'cross-site' } });
    expect(post.status).toBe(403);
    await new Promise((resolve) => setTimeout(resolve, 200));
    expect(smtp.messagesTo('victim@example.ae')).toHaveLength(0);
    // The site itself, and clients that are not browsers, still may.
    expect((await call(query, { headers: { 'sec-fetch-site': 'same-origin' } })).status).toBe(200);
    await mailsTo('victim@example.ae', 1);
  });

  it('lets the site itself through (same origin)', async () => {
    const r = await call('login', { body: {}, headers: { origin: 'http://shop.test', 'sec-fetch-site': 'same-origin' } });
    expect(r.status).toBe(422); // past the guard, stopped by validation
  });
});
