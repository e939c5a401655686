// Staff sign-in (docs/decisions/0033-back-office-staff.md): password and second factor, a code
// accepted once, recovery codes used once, sessions that end after 8 idle hours or 24 in all.
import { describe, expect, it } from 'vitest';
import { eq, sql } from 'drizzle-orm';
import * as OTPAuth from 'otpauth';
import type { Db } from '@/server/db/client';
import { auditLog, staffRecoveryCodes, staffUsers } from '@/server/db/schema/staff';
import { UnauthorizedError, ValidationError } from '@/server/errors';
import { staffMessages } from '@/domain/messages/staff';
import { RECOVERY_CODE_COUNT } from '@/domain/staff';
import { useFreshDatabase } from '../../../tests/db';
import { totpCode } from '../../../tests/staff';
import { createStaff, createStaffSession, revokeStaffSession, signInStaff, staffForToken } from './staff.service';
import { recordAudit } from '@/server/audit/audit.service';

let db: Db;
useFreshDatabase((database) => {
  db = database.db;
});

const PASSWORD = 'A long staff password';
const at = (iso: string) => new Date(iso);
let addressCounter = 0;
const request = (now: Date) => ({ clientAddress: `203.0.113.${++addressCounter}`, userAgent: 'vitest', now });

async function newStaff(email: string, role: 'admin' | 'staff' = 'staff') {
  const created = await createStaff(db, { email, name: 'Fatima Staff', role, password: PASSWORD }, { issuer: 'Safe Buddy' });
  const secret = (OTPAuth.URI.parse(created.otpauthUri) as OTPAuth.TOTP).secret.base32;
  return { ...created, secret };
}

describe('createStaff', () => {
  it('stores a hashed password, an authenticator link and recovery codes shown once (hashed in the database)', async () => {
    const created = await newStaff('Mariam@Shop.test', 'admin');
    expect(created.staff).toMatchObject({ email: 'mariam@shop.test', role: 'admin' });
    expect(created.otpauthUri).toMatch(/^otpauth:\/\/totp\/Safe%20Buddy:mariam%40shop\.test\?.*secret=[A-Z2-7]+/);
    expect(created.recoveryCodes).toHaveLength(RECOVERY_CODE_COUNT);
    for (const code of created.recoveryCodes) expect(code).toMatch(/^[A-Z2-7]{5}-[A-Z2-7]{5}$/);
    expect(new Set(created.recoveryCodes).size).toBe(RECOVERY_CODE_COUNT);
    const [row] = await db.select().from(staffUsers).where(eq(staffUsers.id, created.staff.id));
    expect(row!.passwordHash).toMatch(/^scrypt\$/);
    const stored = await db.select().from(staffRecoveryCodes).where(eq(staffRecoveryCodes.staffId, created.staff.id));
    expect(stored.map((r) => r.codeHash)).not.toContain(created.recoveryCodes[0]);
  });

  it('refuses a short password and an e-mail already used, whatever its case', async () => {
    await expect(
      createStaff(db, { email: 'short@shop.test', name: 'S', role: 'staff', password: 'short' }, { issuer: 'x' }),
    ).rejects.toThrow(ValidationError);
    await newStaff('taken@shop.test');
    await expect(newStaff('TAKEN@shop.test')).rejects.toThrow(staffMessages.emailTaken);
  });
});

describe('signInStaff', () => {
  it('signs in with the password and the current code, and the session names the staff member', async () => {
    const { staff, secret } = await newStaff('ahmed@shop.test');
    const now = at('2026-11-27T08:00:10Z');
    const signedIn = await signInStaff(db, { email: 'AHMED@shop.test', password: PASSWORD, code: totpCode(secret, now) }, request(now));
    expect(signedIn.staff).toEqual(staff);
    expect(await staffForToken(db, signedIn.token, now)).toEqual(staff);
  });

  it('accepts the code of the step before (a clock 30 s behind) but a code only once', async () => {
    const { secret } = await newStaff('once@shop.test');
    const now = at('2026-11-27T08:00:40Z');
    const code = totpCode(secret, new Date(now.getTime() - 30_000));
    await signInStaff(db, { email: 'once@shop.test', password: PASSWORD, code }, request(now));
    await expect(signInStaff(db, { email: 'once@shop.test', password: PASSWORD, code }, request(now))).rejects.toThrow(UnauthorizedError);
  });

  it('answers the same message for a wrong password, a wrong code, an unknown e-mail and a disabled account', async () => {
    const { staff, secret } = await newStaff('same@shop.test');
    const now = at('2026-11-27T09:00:00Z');
    const tries = [
      { email: 'same@shop.test', password: 'wrong password!!', code: totpCode(secret, now) },
      { email: 'same@shop.test', password: PASSWORD, code: totpCode(secret, at('2026-11-27T10:00:00Z')) },
      { email: 'nobody@shop.test', password: PASSWORD, code: '123456' },
    ];
    for (const input of tries) await expect(signInStaff(db, input, request(now))).rejects.toThrow(staffMessages.signInFailed);
    await db.update(staffUsers).set({ disabledAt: now }).where(eq(staffUsers.id, staff.id));
    await expect(
      signInStaff(db, { email: 'same@shop.test', password: PASSWORD, code: totpCode(secret, now) }, request(now)),
    ).rejects.toThrow(staffMessages.signInFailed);
  });

  it('takes each recovery code once, typed in any case, with or without its dash', async () => {
    const { recoveryCodes } = await newStaff('lost.phone@shop.test');
    const now = at('2026-11-27T09:00:00Z');
    const code = recoveryCodes[3]!;
    await signInStaff(db, { email: 'lost.phone@shop.test', password: PASSWORD, code: code.replace('-', '').toLowerCase() }, request(now));
    await expect(signInStaff(db, { email: 'lost.phone@shop.test', password: PASSWORD, code }, request(now))).rejects.toThrow(
      UnauthorizedError,
    );
    await signInStaff(db, { email: 'lost.phone@shop.test', password: PASSWORD, code: recoveryCodes[4]! }, request(now));
  });

  it('stops guessing: five tries per account in 15 minutes', async () => {
    const { secret } = await newStaff('guessed@shop.test');
    const now = at('2026-11-27T11:00:00Z');
    for (let i = 0; i < 5; i++)
      await expect(
        signInStaff(db, { email: 'guessed@shop.test', password: 'wrong password!!', code: '000000' }, request(now)),
      ).rejects.toThrow(UnauthorizedError);
    await expect(
      signInStaff(db, { email: 'guessed@shop.test', password: PASSWORD, code: totpCode(secret, now) }, request(now)),
    ).rejects.toThrow(staffMessages.signInTooMany);
  });
});

describe('staff sessions', () => {
  it('end after 8 hours without a request, and each request moves that clock', async () => {
    const { staff } = await newStaff('idle@shop.test');
    const start = at('2026-11-27T06:00:00Z');
    const { token } = await createStaffSession(db, staff.id, null, start);
    expect(await staffForToken(db, token, at('2026-11-27T13:59:00Z'))).toEqual(staff);
    // Used at 13:59, so alive until 21:59.
    expect(await staffForToken(db, token, at('2026-11-27T21:58:00Z'))).toEqual(staff);
    const other = await createStaffSession(db, staff.id, null, start);
    expect(await staffForToken(db, other.token, at('2026-11-27T14:00:01Z'))).toBeNull();
  });

  it('end 24 hours after sign-in however busy, at sign-out, and when the account is disabled', async () => {
    const { staff } = await newStaff('busy@shop.test');
    const start = at('2026-11-27T06:00:00Z');
    const { token } = await createStaffSession(db, staff.id, null, start);
    for (let hour = 1; hour < 24; hour += 4)
      expect(await staffForToken(db, token, new Date(start.getTime() + hour * 3_600_000))).not.toBeNull();
    expect(await staffForToken(db, token, new Date(start.getTime() + 24 * 3_600_000 + 1000))).toBeNull();
    const second = await createStaffSession(db, staff.id, null, start);
    await revokeStaffSession(db, second.token, start);
    expect(await staffForToken(db, second.token, start)).toBeNull();
    const third = await createStaffSession(db, staff.id, null, start);
    await db.update(staffUsers).set({ disabledAt: start }).where(eq(staffUsers.id, staff.id));
    expect(await staffForToken(db, third.token, start)).toBeNull();
  });

  it('a customer session token opens no staff session', async () => {
    expect(await staffForToken(db, 'not-a-staff-token-but-long-enough')).toBeNull();
  });
});

describe('the audit log', () => {
  it('keeps entries as written: the database refuses to change or delete one', async () => {
    const { staff } = await newStaff('auditor@shop.test', 'admin');
    await recordAudit(db, staff, { action: 'test.write', entityType: 'test', entityId: 1, before: { a: 1 }, after: { a: 2 } });
    const [entry] = await db.select().from(auditLog).where(eq(auditLog.action, 'test.write'));
    expect(entry).toMatchObject({ staffId: staff.id, staffEmail: 'auditor@shop.test', entityId: '1', before: { a: 1 }, after: { a: 2 } });
    // Drizzle wraps the database's error; its cause carries the trigger's message.
    const outcome = (query: Promise<unknown>) =>
      query.then(
        () => 'applied',
        (error: Error) => String(error.cause ?? error),
      );
    expect(await outcome(db.execute(sql`update audit_log set action = 'rewritten' where id = ${entry!.id}`))).toMatch(/append-only/);
    expect(await outcome(db.execute(sql`delete from audit_log where id = ${entry!.id}`))).toMatch(/append-only/);
    const [kept] = await db.select().from(auditLog).where(eq(auditLog.id, entry!.id));
    expect(kept!.action).toBe('test.write');
  });
});
