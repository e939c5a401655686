// Helpers for the account tests: a mailer that records, users inserted directly (with a cheap
// scrypt hash so sign-ins stay fast: verifyPassword honours the parameters stored in the hash),
// and tiny real images (PNG, JPEG, WebP).
import zlib from 'node:zlib';
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

export async function insertUser(
  db: Db,
  overrides: { name?: string; email?: string; password?: string; profilePicture?: string | null } = {},
): Promise<UserRow & { password: string }> {
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

// Real 2x2 images (avatars are decoded and re-encoded, so they must be images, not just
// signatures), padded to an exact length inside a metadata block where a test needs a size.
const PNG_2X2 = Buffer.from(
  'iVBORw0KGgoAAAANSUhEUgAAAAIAAAACCAIAAAD91JpzAAAACXBIWXMAAAPoAAAD6AG1e1JrAAAAEklEQVQImWM4ISd3Qk6OAUIBAB8mBBGFRCvEAAAAAElFTkSuQmCC',
  'base64',
);
const JPEG_2X2 = Buffer.from(
  '/9j/2wBDAAYEBQYFBAYGBQYHBwYIChAKCgkJChQODwwQFxQYGBcUFhYaHSUfGhsjHBYWICwgIyYnKSopGR8tMC0oMCUoKSj/2wBDAQcHBwoIChMKChMoGhYaKCgoKCgoKCgoKCgoKCgoKCgoKCgoKCgoKCgoKCgoKCgoKCgoKCgoKCgoKCgoKCgoKCj/wAARCAACAAIDASIAAhEBAxEB/8QAFQABAQAAAAAAAAAAAAAAAAAAAAb/xAAUEAEAAAAAAAAAAAAAAAAAAAAA/8QAFQEBAQAAAAAAAAAAAAAAAAAABgf/xAAUEQEAAAAAAAAAAAAAAAAAAAAA/9oADAMBAAIRAxEAPwCAAHlhf//Z',
  'base64',
);
const WEBP_2X2 = Buffer.from('UklGRjoAAABXRUJQVlA4IC4AAACwAQCdASoCAAIAAUAmJaACdLoABDAAAP7x3I/4DdfFtMv/vYL/3YL/3YL/WwAA', 'base64');

/** A real PNG; with `extra`, exactly 8 + extra bytes long (a tEXt chunk before IEND fills the rest). */
export function pngBytes(extra?: number): Uint8Array {
  const total = extra === undefined ? PNG_2X2.length : 8 + extra;
  const fill = total - PNG_2X2.length - 12;
  if (fill < 8) return new Uint8Array(PNG_2X2);
  const data = Buffer.concat([Buffer.from('Comment\0', 'latin1'), Buffer.alloc(fill - 8, 0x61)]);
  const chunk = Buffer.alloc(12 + data.length);
  chunk.writeUInt32BE(data.length, 0);
  chunk.write('tEXt', 4, 'latin1');
  data.copy(chunk, 8);
  chunk.writeUInt32BE(zlib.crc32(chunk.subarray(4, 8 + data.length)), 8 + data.length);
  const iend = PNG_2X2.length - 12;
  return new Uint8Array(Buffer.concat([PNG_2X2.subarray(0, iend), chunk, PNG_2X2.subarray(iend)]));
}

export function jpegBytes(): Uint8Array {
  return new Uint8Array(JPEG_2X2);
}

export function webpBytes(): Uint8Array {
  return new Uint8Array(WEBP_2X2);
}

export function imageFile(bytes: Uint8Array, name: string, type: string): File {
  return new File([new Uint8Array(bytes)], name, { type });
}

/** An HTML page dressed up as a PNG: right name, right claimed type, wrong bytes. */
export function forgedPng(): File {
  return new File(['<html><body><script>alert(document.cookie)</script></body></html>'], 'avatar.png', { type: 'image/png' });
}
