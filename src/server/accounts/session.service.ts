// Sessions (docs/decisions/0008-sessions.md): an opaque random token goes to the browser (HttpOnly cookie) or another client
// (bearer); the database keeps only its SHA-256, so a leaked table opens no session.
import { createHash, randomBytes } from 'node:crypto';
import { and, eq, gt, isNull, ne, sql } from 'drizzle-orm';
import type { Db } from '@/server/db/client';
import { sessions, users } from '@/server/db/schema/accounts';

export const SESSION_COOKIE = 'session';
export const SESSION_DAYS = 30;

export interface SessionUser {
  id: number;
  name: string;
  email: string;
  profilePicture: string | null;
}

export function hashToken(token: string): string {
  return createHash('sha256').update(token).digest('hex');
}

export async function createSession(
  db: Db,
  userId: number,
  userAgent: string | null,
  now = new Date(),
): Promise<{ token: string; expiresAt: Date }> {
  const token = randomBytes(32).toString('base64url');
  const expiresAt = new Date(now.getTime() + SESSION_DAYS * 86_400_000);
  await db.insert(sessions).values({ tokenHash: hashToken(token), userId, expiresAt, userAgent: userAgent?.slice(0, 300) ?? null });
  return { token, expiresAt };
}

/**
 * The session's user, as one prepared statement per database handle: every signed-in request runs
 * it, so drizzle builds it once and PostgreSQL parses and plans it once per connection
 * (docs/decisions/0040-mail-outbox.md#checkout-under-load).
 */
function sessionUserQuery(db: Db) {
  return db
    .select({ id: users.id, name: users.name, email: users.email, profilePicture: users.profilePicture })
    .from(sessions)
    .innerJoin(users, eq(users.id, sessions.userId))
    .where(and(eq(sessions.tokenHash, sql.placeholder('hash')), isNull(sessions.revokedAt), gt(sessions.expiresAt, sql.placeholder('now'))))
    .prepare('session_user');
}
const sessionUserQueries = new WeakMap<Db, ReturnType<typeof sessionUserQuery>>();

/** The user behind a live (unexpired, unrevoked) token, or null. */
export async function userForToken(db: Db, token: string, now = new Date()): Promise<SessionUser | null> {
  if (!/^[A-Za-z0-9_-]{20,100}$/.test(token)) return null;
  let query = sessionUserQueries.get(db);
  if (!query) sessionUserQueries.set(db, (query = sessionUserQuery(db)));
  const [row] = await query.execute({ hash: hashToken(token), now: now.toISOString() });
  return row ?? null;
}

export async function revokeSession(db: Db, token: string, now = new Date()): Promise<void> {
  await db
    .update(sessions)
    .set({ revokedAt: now })
    .where(eq(sessions.tokenHash, hashToken(token)));
}

/** Every other session of a user ends, e.g. after a password change or reset. */
export async function revokeOtherSessions(db: Db, userId: number, keepToken: string | null, now = new Date()): Promise<void> {
  await db
    .update(sessions)
    .set({ revokedAt: now })
    .where(and(eq(sessions.userId, userId), isNull(sessions.revokedAt), ne(sessions.tokenHash, keepToken ? hashToken(keepToken) : '')));
}

/** The token a request carries: the session cookie for the site, a bearer header for other clients. */
export function tokenFromRequest(request: Request): string | null {
  // The scheme name is case-insensitive (RFC 9110).
  const bearer = /^bearer\s+(\S+)\s*$/i.exec(request.headers.get('authorization') ?? '');
  if (bearer) return bearer[1]!;
  const cookie = request.headers.get('cookie') ?? '';
  for (const part of cookie.split(';')) {
    const [name, ...rest] = part.trim().split('=');
    if (name !== SESSION_COOKIE) continue;
    try {
      return decodeURIComponent(rest.join('=')) || null;
    } catch {
      // A mangled cookie is no session, not a server error.
      return null;
    }
  }
  return null;
}

export function sessionCookie(token: string, expiresAt: Date, secure: boolean): string {
  return `${SESSION_COOKIE}=${token}; Path=/; HttpOnly; SameSite=Lax; Expires=${expiresAt.toUTCString()}${secure ? '; Secure' : ''}`;
}

export function clearedSessionCookie(secure: boolean): string {
  return `${SESSION_COOKIE}=; Path=/; HttpOnly; SameSite=Lax; Max-Age=0${secure ? '; Secure' : ''}`;
}
