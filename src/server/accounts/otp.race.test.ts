// Issue 10, point 1: a reset code under 1,000 simultaneous guesses from 50 client addresses,
// sent through the API router by two app instances (two connection pools on one PostgreSQL
// database; on PGlite one instance). The real code is among the late guesses. At most the
// allowed number of guesses may ever be compared, and the account must not be taken.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { and, eq } from 'drizzle-orm';
import { api } from '@/server/api/index';
import type { ApiDeps } from '@/server/api/router';
import { openDatabase, type DatabaseHandle } from '@/server/db/client';
import { otpCodes } from '@/server/db/schema/accounts';
import { OTP_MAX_WRONG_PER_CODE, issueOtp } from './otp.service';
import { freshDatabase, type TestDatabase } from '../../../tests/db';
import { insertUser, recordingMailer, wrongCode } from '../../../tests/accounts';

let database: TestDatabase;
let second: DatabaseHandle | null = null;

beforeAll(async () => {
  database = await freshDatabase();
  if (database.kind === 'postgres') {
    // A second app instance: its own pool on the same database.
    const [row] = ((await database.db.execute('select current_database() as name')) as unknown as { rows: { name: string }[] }).rows;
    const url = new URL(process.env.TEST_DATABASE_URL!);
    url.pathname = `/${row!.name}`;
    second = await openDatabase({ url: url.toString() });
  }
});
afterAll(async () => {
  await second?.close();
  await database.dispose();
});

const GUESSES = 1000;
const ADDRESSES = 50;

describe('a reset code under 1,000 parallel guesses (two instances on PostgreSQL)', () => {
  it('compares at most the allowed number of guesses and never lets the reset through', async () => {
    const instances = [database.db, ...(second ? [second.db] : [])];
    const user = await insertUser(database.db);
    const email = user.email.toLowerCase();
    const code = await issueOtp(database.db, email, 'reset', '203.0.113.250');

    // Distinct wrong guesses, with the real code at position 900 of 1,000.
    const guesses: string[] = [];
    for (let n = 0; guesses.length < GUESSES - 1; n++) {
      const guess = wrongCode(String((Number(code) + n) % 10_000).padStart(4, '0'));
      if (guess !== code && !guesses.includes(guess)) guesses.push(guess);
    }
    guesses.splice(900, 0, code);

    const mailer = recordingMailer();
    const answers = await Promise.all(
      guesses.map((otp, i) => {
        const deps: ApiDeps = {
          db: instances[i % instances.length]!,
          mailer,
          clientAddress: `198.51.100.${i % ADDRESSES}`,
          shopName: 'Safe Buddy',
        };
        const request = new Request('http://shop.test/api/validate-otp', { method: 'POST', body: new URLSearchParams({ email, otp }) });
        return api.handle(request, deps).then((r) => r.status);
      }),
    );

    // 400 is a compared wrong code, 200 a compared right one; everything else was refused unread.
    const compared = answers.filter((s) => s === 400 || s === 200).length;
    const statuses = [...new Set(answers)].sort();
    expect(compared, `statuses seen: ${statuses.join(', ')}`).toBeLessThanOrEqual(OTP_MAX_WRONG_PER_CODE);
    // No unexpected failure; a 503 (the database busy under the flood, when timeouts are set) is
    // a refusal before any comparison, like a 429.
    expect(answers.filter((s) => s >= 500 && s !== 503)).toEqual([]);

    const [row] = await database.db
      .select()
      .from(otpCodes)
      .where(and(eq(otpCodes.email, email), eq(otpCodes.purpose, 'reset')));
    expect(row!.failedAttempts + (row!.validatedAt ? 1 : 0)).toBe(compared);
    expect(row!.validatedAt).toBeNull();

    // The account is not taken: the reset with a new password is refused.
    const reset = await api.handle(
      new Request('http://shop.test/api/user/reset_password', {
        method: 'POST',
        body: new URLSearchParams({ email, new_password: 'Taken-Over-1!' }),
      }),
      { db: database.db, mailer, clientAddress: '203.0.113.251', shopName: 'Safe Buddy' },
    );
    expect(reset.status).toBe(403);
    expect(mailer.sent).toEqual([]);
  }, 180_000);
});
