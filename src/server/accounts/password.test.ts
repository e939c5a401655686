import { describe, expect, it } from 'vitest';
import { OWASP_SCRYPT, decoyHash, hashPassword, verifyPassword } from './password';

// Each OWASP hash costs ~0.3-0.6 s of CPU on purpose: only two are made here; the other
// checks use small parameters, which verifyPassword reads from the stored hash.
const SMALL = { N: 2 ** 10, r: 8, p: 1 };

describe('password hashing (docs/decisions/0008-sessions.md: scrypt at OWASP parameters)', () => {
  it('stores scrypt$131072$8$1$salt$key and verifies only the right password', async () => {
    expect(OWASP_SCRYPT).toEqual({ N: 131072, r: 8, p: 1 });
    const hash = await hashPassword('Correct-Horse-1');
    expect(hash).toMatch(/^scrypt\$131072\$8\$1\$[A-Za-z0-9+/]+=*\$[A-Za-z0-9+/]+=*$/);
    const [, , , , salt, key] = hash.split('$');
    expect(Buffer.from(salt!, 'base64')).toHaveLength(16);
    expect(Buffer.from(key!, 'base64')).toHaveLength(32);
    expect(hash).not.toContain('Correct-Horse-1');
    const [right, wrong] = await Promise.all([verifyPassword('Correct-Horse-1', hash), verifyPassword('correct-horse-1', hash)]);
    expect(right).toBe(true);
    expect(wrong).toBe(false);
  });

  it('salts: two hashes of the same password differ, and both verify', async () => {
    const [a, b] = await Promise.all([hashPassword('Same-Pass-1!', SMALL), hashPassword('Same-Pass-1!', SMALL)]);
    expect(a).not.toBe(b);
    expect(a.split('$')[4]).not.toBe(b.split('$')[4]);
    expect(await verifyPassword('Same-Pass-1!', a)).toBe(true);
    expect(await verifyPassword('Same-Pass-1!', b)).toBe(true);
  });

  it('verifies with the parameters stored in the hash', async () => {
    const hash = await hashPassword('Param-Pass-1!', SMALL);
    expect(hash.startsWith('scrypt$1024$8$1$')).toBe(true);
    expect(await verifyPassword('Param-Pass-1!', hash)).toBe(true);
  });

  it('refuses a tampered hash: another key, another salt, other parameters, another scheme', async () => {
    const hash = await hashPassword('Tamper-Pass-1!', SMALL);
    const parts = hash.split('$');
    const flip = (b64: string) => {
      const bytes = Buffer.from(b64, 'base64');
      bytes[0] = bytes[0]! ^ 0x01;
      return bytes.toString('base64');
    };
    const withPart = (index: number, value: string) => parts.map((p, i) => (i === index ? value : p)).join('$');
    expect(await verifyPassword('Tamper-Pass-1!', withPart(5, flip(parts[5]!)))).toBe(false);
    expect(await verifyPassword('Tamper-Pass-1!', withPart(4, flip(parts[4]!)))).toBe(false);
    expect(await verifyPassword('Tamper-Pass-1!', withPart(1, '2048'))).toBe(false);
    expect(await verifyPassword('Tamper-Pass-1!', withPart(2, '4'))).toBe(false);
    expect(await verifyPassword('Tamper-Pass-1!', withPart(0, 'bcrypt'))).toBe(false);
    // A shortened key never equals the derived one.
    expect(await verifyPassword('Tamper-Pass-1!', withPart(5, Buffer.from(parts[5]!, 'base64').subarray(0, 16).toString('base64')))).toBe(
      false,
    );
    expect(await verifyPassword('Tamper-Pass-1!', 'scrypt$1024$8$1$$')).toBe(false);
    expect(await verifyPassword('Tamper-Pass-1!', '')).toBe(false);
    expect(await verifyPassword('Tamper-Pass-1!', 'Tamper-Pass-1!')).toBe(false);
    // Impossible parameters (a corrupted row) are a mismatch, not an exception.
    expect(await verifyPassword('Tamper-Pass-1!', withPart(1, '100'))).toBe(false);
    expect(await verifyPassword('Tamper-Pass-1!', withPart(1, 'abc'))).toBe(false);
    expect(await verifyPassword('Tamper-Pass-1!', withPart(2, '0'))).toBe(false);
    // The untouched hash still works (the checks above did not pass by accident).
    expect(await verifyPassword('Tamper-Pass-1!', hash)).toBe(true);
  });

  it('normalises Unicode (NFKC) so the same visible password verifies', async () => {
    const hash = await hashPassword('Caf\u00e9-Pass-1', SMALL);
    expect(await verifyPassword('Cafe\u0301-Pass-1', hash)).toBe(true);
  });

  it('has one decoy hash, made at OWASP parameters, for unknown e-mails', async () => {
    const [a, b] = await Promise.all([decoyHash(), decoyHash()]);
    expect(a).toBe(b);
    expect(a.startsWith('scrypt$131072$8$1$')).toBe(true);
  });
});
