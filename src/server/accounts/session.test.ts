import { createHash, randomBytes } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import type { Db } from '@/server/db/client';
import { sessions } from '@/server/db/schema/accounts';
import {
  SESSION_COOKIE,
  SESSION_DAYS,
  clearedSessionCookie,
  createSession,
  hashToken,
  revokeOtherSessions,
  revokeSession,
  sessionCookie,
  tokenFromRequest,
  userForToken,
} from './session.service';
import { useFreshDatabase } from '../../../tests/db';
import { insertUser, type UserRow } from '../../../tests/accounts';

let db: Db;
let reem: UserRow;
let omar: UserRow;

useFreshDatabase(async (database) => {
  db = database.db;
  reem = await insertUser(db, { name: 'Reem Ali', email: 'reem.session@example.ae', profilePicture: '/uploads/avatars/x.png' });
  omar = await insertUser(db, { name: 'Omar Saeed', email: 'omar.session@example.ae' });
});

const DAY = 86_400_000;

describe('createSession', () => {
  it('returns a long random token and stores only its SHA-256', async () => {
    const now = new Date();
    const { token, expiresAt } = await createSession(db, reem.id, 'Vitest Browser', now);
    expect(token).toMatch(/^[A-Za-z0-9_-]{43}$/);
    expect(expiresAt.getTime()).toBe(now.getTime() + SESSION_DAYS * DAY);
    expect(SESSION_DAYS).toBe(30);

    const rows = await db.select().from(sessions).where(eq(sessions.userId, reem.id));
    const sha = createHash('sha256').update(token).digest('hex');
    expect(hashToken(token)).toBe(sha);
    const row = rows.find((r) => r.tokenHash === sha);
    expect(row).toBeDefined();
    expect(row!.userAgent).toBe('Vitest Browser');
    expect(row!.revokedAt).toBeNull();
    // The token itself is nowhere in the table.
    const everything = JSON.stringify(await db.select().from(sessions));
    expect(everything).not.toContain(token);
  });

  it('makes a different token each time', async () => {
    const a = await createSession(db, reem.id, null);
    const b = await createSession(db, reem.id, null);
    expect(a.token).not.toBe(b.token);
  });

  it('cuts a very long user agent to 300 characters', async () => {
    const { token } = await createSession(db, reem.id, 'x'.repeat(1000));
    const [row] = await db
      .select()
      .from(sessions)
      .where(eq(sessions.tokenHash, hashToken(token)));
    expect(row!.userAgent).toHaveLength(300);
  });
});

describe('userForToken', () => {
  it("returns the live session's user", async () => {
    const { token } = await createSession(db, reem.id, null);
    expect(await userForToken(db, token)).toEqual({
      id: reem.id,
      name: 'Reem Ali',
      email: 'reem.session@example.ae',
      profilePicture: '/uploads/avatars/x.png',
    });
    const other = await createSession(db, omar.id, null);
    expect((await userForToken(db, other.token))?.id).toBe(omar.id);
  });

  it('returns null once the session has expired (30 days)', async () => {
    const now = new Date();
    const { token, expiresAt } = await createSession(db, reem.id, null, now);
    expect((await userForToken(db, token, new Date(expiresAt.getTime() - 1)))?.id).toBe(reem.id);
    expect(await userForToken(db, token, expiresAt)).toBeNull();
    expect(await userForToken(db, token, new Date(now.getTime() + 31 * DAY))).toBeNull();
    const old = await createSession(db, reem.id, null, new Date(Date.now() - 31 * DAY));
    expect(await userForToken(db, old.token)).toBeNull();
  });

  it('returns null for a revoked session', async () => {
    const { token } = await createSession(db, reem.id, null);
    await revokeSession(db, token);
    expect(await userForToken(db, token)).toBeNull();
  });

  it('returns null for malformed and unknown tokens', async () => {
    const { token } = await createSession(db, reem.id, null);
    for (const bad of [
      '',
      'short',
      'a'.repeat(101),
      `${token} `,
      `${token.slice(0, 20)} or 1=1`,
      "' or '1'='1' --aaaaaaaaaaaa",
      token.replace(/^./, '%'),
    ]) {
      expect(await userForToken(db, bad), bad).toBeNull();
    }
    expect(await userForToken(db, randomBytes(32).toString('base64url'))).toBeNull();
    // The stored hash is not a token either.
    expect(await userForToken(db, hashToken(token))).toBeNull();
  });
});

describe('revoking', () => {
  it('revokeOtherSessions ends every other session of the user and keeps the given one', async () => {
    const keep = await createSession(db, omar.id, null);
    const phone = await createSession(db, omar.id, null);
    const laptop = await createSession(db, omar.id, null);
    const reems = await createSession(db, reem.id, null);
    await revokeOtherSessions(db, omar.id, keep.token);
    expect((await userForToken(db, keep.token))?.id).toBe(omar.id);
    expect(await userForToken(db, phone.token)).toBeNull();
    expect(await userForToken(db, laptop.token)).toBeNull();
    // Another customer's sessions are untouched.
    expect((await userForToken(db, reems.token))?.id).toBe(reem.id);
  });

  it('revokeOtherSessions with no token to keep ends them all', async () => {
    const a = await createSession(db, omar.id, null);
    const b = await createSession(db, omar.id, null);
    await revokeOtherSessions(db, omar.id, null);
    expect(await userForToken(db, a.token)).toBeNull();
    expect(await userForToken(db, b.token)).toBeNull();
  });

  it('revokeSession ends only that session and records when', async () => {
    const a = await createSession(db, reem.id, null);
    const b = await createSession(db, reem.id, null);
    const at = new Date(Date.now() - 1000);
    await revokeSession(db, a.token, at);
    expect(await userForToken(db, a.token)).toBeNull();
    expect((await userForToken(db, b.token))?.id).toBe(reem.id);
    const [row] = await db
      .select()
      .from(sessions)
      .where(eq(sessions.tokenHash, hashToken(a.token)));
    expect(row!.revokedAt?.getTime()).toBe(at.getTime());
  });
});

describe('tokenFromRequest', () => {
  const request = (headers: Record<string, string>) => new Request('http://shop.test/api/user/user-details', { headers });

  it('reads a bearer authorization header', () => {
    expect(tokenFromRequest(request({ authorization: 'Bearer abc_DEF-123' }))).toBe('abc_DEF-123');
    expect(tokenFromRequest(request({ authorization: 'Bearer   ' }))).toBeNull();
    expect(tokenFromRequest(request({ authorization: 'Basic dXNlcjpwYXNz' }))).toBeNull();
    // The scheme name is case-insensitive.
    expect(tokenFromRequest(request({ authorization: 'bearer abc_DEF-123' }))).toBe('abc_DEF-123');
    expect(tokenFromRequest(request({ authorization: 'BEARER abc_DEF-123' }))).toBe('abc_DEF-123');
  });

  it('treats a mangled session cookie as no session instead of failing', () => {
    expect(tokenFromRequest(request({ cookie: 'session=%E0%A4%A' }))).toBeNull();
    expect(tokenFromRequest(request({ cookie: 'other=%E0%A4%A; session=tok_1' }))).toBe('tok_1');
  });

  it('reads the session cookie among others, by its exact name', () => {
    expect(SESSION_COOKIE).toBe('session');
    expect(tokenFromRequest(request({ cookie: 'theme=dark; session=tok_123-abc; lang=en' }))).toBe('tok_123-abc');
    expect(tokenFromRequest(request({ cookie: 'session=only' }))).toBe('only');
    expect(tokenFromRequest(request({ cookie: 'xsession=nope; session_old=nope' }))).toBeNull();
    expect(tokenFromRequest(request({ cookie: 'session=' }))).toBeNull();
    expect(tokenFromRequest(request({}))).toBeNull();
  });

  it('prefers the bearer header over the cookie', () => {
    expect(tokenFromRequest(request({ authorization: 'Bearer from-header', cookie: 'session=from-cookie' }))).toBe('from-header');
  });
});

describe('session cookies (docs/decisions/0008-sessions.md)', () => {
  const expires = new Date(Date.UTC(2030, 0, 31, 12, 0, 0));

  it('is HttpOnly, SameSite=Lax, Path=/, expires with the session, and Secure only when asked', () => {
    const plain = sessionCookie('tok_123', expires, false);
    const attributes = plain.split('; ');
    expect(attributes[0]).toBe('session=tok_123');
    expect(attributes).toContain('HttpOnly');
    expect(attributes).toContain('SameSite=Lax');
    expect(attributes).toContain('Path=/');
    expect(attributes).toContain(`Expires=${expires.toUTCString()}`);
    expect(plain).not.toMatch(/Secure/i);
    const secure = sessionCookie('tok_123', expires, true).split('; ');
    expect(secure).toContain('Secure');
    expect(secure).toContain('HttpOnly');
    expect(secure).toContain('SameSite=Lax');
  });

  it('is cleared with an empty value and Max-Age=0, same attributes', () => {
    const cleared = clearedSessionCookie(false).split('; ');
    expect(cleared[0]).toBe('session=');
    expect(cleared).toEqual(expect.arrayContaining(['Max-Age=0', 'HttpOnly', 'SameSite=Lax', 'Path=/']));
    expect(cleared).not.toContain('Secure');
    expect(clearedSessionCookie(true).split('; ')).toContain('Secure');
  });

  it('round-trips: the cookie it sets is the token tokenFromRequest reads back', async () => {
    const { token, expiresAt } = await createSession(db, reem.id, null);
    const pair = sessionCookie(token, expiresAt, true).split('; ')[0]!;
    const found = tokenFromRequest(new Request('http://shop.test/', { headers: { cookie: `a=1; ${pair}` } }));
    expect(found).toBe(token);
    expect((await userForToken(db, found!))?.id).toBe(reem.id);
  });
});
