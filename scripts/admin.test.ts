// `npm run admin -- create-admin EMAIL` (docs/decisions/0033-back-office-staff.md): the password
// comes from stdin, never argv; the authenticator link and recovery codes are printed once; the
// account then signs in with the password and a code made from that link.
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { spawn } from 'node:child_process';
import { afterAll, describe, expect, it } from 'vitest';
import * as OTPAuth from 'otpauth';
import { sql } from 'drizzle-orm';
import { openDatabase } from '../src/server/db/client';
import { signInStaff } from '../src/server/staff/staff.service';

const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'admin-cli-'));
afterAll(() => fs.rmSync(dataDir, { recursive: true, force: true }));

function cli(args: string[], stdin: string): Promise<{ code: number | null; out: string; err: string }> {
  return new Promise((resolve) => {
    const child = spawn(process.execPath, ['--import', 'tsx', 'scripts/admin.ts', ...args], {
      env: { ...process.env, DATA_DIR: dataDir, DATABASE_URL: '', LOG_LEVEL: 'error' },
      stdio: ['pipe', 'pipe', 'pipe'],
    });
    let out = '';
    let err = '';
    child.stdout.on('data', (chunk: Buffer) => (out += chunk.toString()));
    child.stderr.on('data', (chunk: Buffer) => (err += chunk.toString()));
    child.on('exit', (code) => resolve({ code, out, err }));
    child.stdin.end(stdin);
  });
}

const PASSWORD = 'Correct horse battery staple';

describe('npm run admin -- create-admin', () => {
  it('creates the first admin from a password on stdin and prints the second factor once', { timeout: 240_000 }, async () => {
    const { code, out, err } = await cli(['create-admin', 'owner@shop.test', '--name', 'Shop Owner'], `${PASSWORD}\n`);
    expect(code, err).toBe(0);
    expect(out).not.toContain(PASSWORD);
    const uri = /otpauth:\/\/totp\/\S+/.exec(out)?.[0];
    expect(uri).toBeDefined();
    const codes = out.match(/^ {2}[A-Z2-7]{5}-[A-Z2-7]{5}$/gm) ?? [];
    expect(codes).toHaveLength(10);
    const totp = OTPAuth.URI.parse(uri!) as OTPAuth.TOTP;
    const handle = await openDatabase({ url: undefined, dataDir: path.join(dataDir, 'pglite') });
    try {
      const now = new Date();
      const signedIn = await signInStaff(
        handle.db,
        { email: 'owner@shop.test', password: PASSWORD, code: totp.generate({ timestamp: now.getTime() }) },
        { clientAddress: '198.51.100.7', userAgent: null, now },
      );
      expect(signedIn.staff).toMatchObject({ email: 'owner@shop.test', name: 'Shop Owner', role: 'admin' });
      const viaRecovery = await signInStaff(
        handle.db,
        { email: 'owner@shop.test', password: PASSWORD, code: codes[0]!.trim() },
        { clientAddress: '198.51.100.8', userAgent: null, now },
      );
      expect(viaRecovery.staff.role).toBe('admin');
    } finally {
      await handle.close();
    }
  });

  it(
    'refuses a short password, a second account with the same e-mail and a missing e-mail, creating nothing',
    { timeout: 240_000 },
    async () => {
      const short = await cli(['create-staff', 'helper@shop.test'], 'short\n');
      expect(short.code).toBe(1);
      expect(short.err).toContain('Use at least 12 characters');
      const again = await cli(['create-admin', 'OWNER@shop.test'], `${PASSWORD}\n`);
      expect(again.code).toBe(1);
      expect(again.err).toContain('already exists');
      // A password given as an argument is refused, not ignored, even with a password on stdin.
      const argv = await cli(['create-admin', 'argv@shop.test', '--password', PASSWORD], `${PASSWORD}\n`);
      expect(argv.code).toBe(1);
      expect(argv.err).toContain('Unknown argument --password. The password is never an argument');
      const stray = await cli(['create-admin', 'argv@shop.test', PASSWORD], `${PASSWORD}\n`);
      expect(stray.code).toBe(1);
      expect(stray.err).toContain('Unknown argument (an extra word, not shown)');
      expect(stray.err).not.toContain(PASSWORD);
      const usage = await cli(['create-admin'], '');
      expect(usage.code).toBe(1);
      expect(usage.err).toContain('Usage: npm run admin -- create-admin EMAIL');
      const handle = await openDatabase({ url: undefined, dataDir: path.join(dataDir, 'pglite') });
      try {
        const rows = (await handle.db.execute(sql`select email from staff_users order by id`)) as unknown as { rows: { email: string }[] };
        expect(rows.rows.map((r) => r.email)).toEqual(['owner@shop.test']);
      } finally {
        await handle.close();
      }
    },
  );
});
