// Helpers for the account tests: a mailer that records, users inserted directly (with a cheap
// scrypt hash so sign-ins stay fast: verifyPassword honours the parameters stored in the hash),
// and tiny images recognised by their first bytes.
import type { Db } from '@/server/db/client';
import { users } from '@/server/db/schema/accounts';
import type { Mail, Mailer } from '@/server/mail/mailer';
import { hashPassword, type ScryptParams } from '@/server/accounts/password';

export interface RecordingMailer extends Mailer {
  sent: Mail[];
  /** Mails to one address (case-insensitive), oldest first. */
  to(address: string): Mail[];
}

export function recordingMailer(): RecordingMailer {
  const sent: Mail[] = [];
  return {
    sent,
    to: (address) => sent.filter((m) => m.to.toLowerCase() === address.toLowerCase()),
    async send(mail) {
      sent.push(mail);
    },
  };
}

/** The code in an OTP mail's text. */
export function codeInMail(mail: Mail | undefined): string {
  const match = /Your code is (\d{4})\./.exec(mail?.text ?? '');
  if (!match) throw new Error(`No code in mail: ${mail?.text}`);
  return match[1]!;
}

/** Fast scrypt parameters for test users only; production hashes use OWASP's. */
export const CHEAP_SCRYPT: ScryptParams = { N: 2 ** 10, r: 8, p: 1 };

let sequence = 0;
export type UserRow = typeof users.$inferSelect;

export async function insertUser(db: Db, overrides: { name?: string; email?: string; password?: string; profilePicture?: string | null } = {}): Promise<UserRow & { password: string }> {
  const n = ++sequence;
  const password = overrides.password ?? `Cheap-Pass-${n}!`;
  const [row] = await db
    .insert(users)
    .values({
      name: overrides.name ?? `Customer ${n}`,
      email: overrides.email ?? `customer${n}.${Date.now().toString(36)}@example.ae`,
      passwordHash: await hashPassword(password, CHEAP_SCRYPT),
      profilePicture: overrides.profilePicture ?? null,
      emailVerifiedAt: new Date(),
    })
    .returning();
  return { ...row!, password };
}

/** Another code than `code` (for wrong-code tries). */
export const wrongCode = (code: string) => ((Number(code) + 1) % 10_000).toString().padStart(4, '0');

const PNG_SIGNATURE = [0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a];

/** A PNG signature and an IHDR-looking tail: enough for detection by content. */
export function pngBytes(extra = 24): Uint8Array {
  const bytes = new Uint8Array(PNG_SIGNATURE.length + extra);
  bytes.set(PNG_SIGNATURE);
  const ihdr = [0x00, 0x00, 0x00, 0x0d, 0x49, 0x48, 0x44, 0x52].slice(0, extra);
  bytes.set(ihdr, PNG_SIGNATURE.length);
  return bytes;
}

export function jpegBytes(extra = 16): Uint8Array {
  const bytes = new Uint8Array(4 + extra);
  bytes.set([0xff, 0xd8, 0xff, 0xe0]);
  return bytes;
}

export function webpBytes(extra = 16): Uint8Array {
  const bytes = new Uint8Array(12 + extra);
  bytes.set(Buffer.from('RIFF', 'ascii'), 0);
  bytes.set([extra + 4, 0, 0, 0], 4);
  bytes.set(Buffer.from('WEBP', 'ascii'), 8);
  return bytes;
}

export function imageFile(bytes: Uint8Array, name: string, type: string): File {
  return new File([new Uint8Array(bytes)], name, { type });
}

/** An HTML page dressed up as a PNG: right name, right claimed type, wrong bytes. */
export function forgedPng(): File {
  return new File(['<html><body><script>alert(document.cookie)</script></body></html>'], 'avatar.png', { type: 'image/png' });
}
