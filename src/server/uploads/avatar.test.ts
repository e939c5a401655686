import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ValidationError } from '@/server/errors';
import { AVATAR_URL_PREFIX, avatarDirectory, detectImageType, removeAvatar, saveAvatar } from './avatar';
import { forgedPng, imageFile, jpegBytes, pngBytes, webpBytes } from '../../../tests/accounts';

let dataDir: string;
beforeAll(() => {
  dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'avatars-'));
});
afterAll(() => {
  fs.rmSync(dataDir, { recursive: true, force: true });
});

const bytes = (...values: number[]) => new Uint8Array(values);
const ascii = (text: string) => new Uint8Array(Buffer.from(text, 'latin1'));
const UUID_NAME = /^[0-9a-f]{8}-[0-9a-f]{4}-4[0-9a-f]{3}-[89ab][0-9a-f]{3}-[0-9a-f]{12}\.(png|jpg|webp)$/;

describe('detectImageType', () => {
  it('recognises JPEG, PNG and WebP by their first bytes', () => {
    expect(detectImageType(jpegBytes())).toBe('jpg');
    expect(detectImageType(bytes(0xff, 0xd8, 0xff))).toBe('jpg');
    expect(detectImageType(pngBytes(0))).toBe('png');
    expect(detectImageType(webpBytes())).toBe('webp');
    expect(detectImageType(ascii('RIFF\x00\x00\x00\x00WEBP'))).toBe('webp');
  });

  it('refuses everything else, including near misses and truncated signatures', () => {
    const refused: [string, Uint8Array][] = [
      ['empty', bytes()],
      ['two JPEG bytes', bytes(0xff, 0xd8)],
      ['PNG signature cut short', pngBytes(0).subarray(0, 7)],
      ['PNG with one byte wrong', bytes(0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0b)],
      ['RIFF WAVE audio', ascii('RIFF\x24\x00\x00\x00WAVEfmt ')],
      ['RIFF without the WEBP tag', ascii('RIFF\x00\x00\x00\x00')],
      ['GIF', ascii('GIF89a\x01\x00\x01\x00')],
      ['SVG', ascii('<svg xmlns="http://www.w3.org/2000/svg"></svg>')],
      ['HTML', ascii('<!doctype html><script>alert(1)</script>')],
      ['PDF', ascii('%PDF-1.7\n')],
      ['the text "PNG"', ascii('PNG image')],
    ];
    for (const [label, input] of refused) expect(detectImageType(input), label).toBeNull();
  });
});

describe('saveAvatar', () => {
  it('stores the bytes under DATA_DIR/uploads/avatars with a random name and returns the public URL', async () => {
    const png = pngBytes();
    const url = await saveAvatar(dataDir, imageFile(png, 'my photo.png', 'image/png'));
    expect(url.startsWith(AVATAR_URL_PREFIX)).toBe(true);
    expect(AVATAR_URL_PREFIX).toBe('/uploads/avatars/');
    const name = url.slice(AVATAR_URL_PREFIX.length);
    expect(name).toMatch(UUID_NAME);
    expect(name.endsWith('.png')).toBe(true);
    expect(avatarDirectory(dataDir)).toBe(path.resolve(dataDir, 'uploads', 'avatars'));
    expect(new Uint8Array(fs.readFileSync(path.join(dataDir, 'uploads', 'avatars', name)))).toEqual(png);
    const again = await saveAvatar(dataDir, imageFile(png, 'my photo.png', 'image/png'));
    expect(again).not.toBe(url);
  });

  it('takes the extension from the bytes and ignores the file name, so a name cannot escape the folder', async () => {
    const url = await saveAvatar(dataDir, imageFile(jpegBytes(), '../../../etc/evil.html', 'text/html'));
    expect(url).toMatch(/^\/uploads\/avatars\/[0-9a-f-]{36}\.jpg$/);
    expect(fs.existsSync(path.join(dataDir, 'uploads', 'avatars', url.slice(AVATAR_URL_PREFIX.length)))).toBe(true);
    const webp = await saveAvatar(dataDir, imageFile(webpBytes(), 'avatar.png', 'image/png'));
    expect(webp.endsWith('.webp')).toBe(true);
    const files = fs.readdirSync(path.join(dataDir, 'uploads', 'avatars'));
    for (const file of files) expect(file).toMatch(UUID_NAME);
    expect(fs.readdirSync(dataDir)).toEqual(['uploads']);
  });

  it('refuses a forged image and writes nothing', async () => {
    const before = fs.readdirSync(avatarDirectory(dataDir)).length;
    const error = await saveAvatar(dataDir, forgedPng()).catch((e: unknown) => e);
    expect(error).toBeInstanceOf(ValidationError);
    expect(error).toMatchObject({
      status: 422,
      message: 'The profile picture must be a JPEG, PNG or WebP image',
      fields: { profile_picture: ['The profile picture must be a JPEG, PNG or WebP image'] },
    });
    expect(fs.readdirSync(avatarDirectory(dataDir))).toHaveLength(before);
  });

  it('refuses more than 2 MB and accepts exactly 2 MB', async () => {
    const over = saveAvatar(dataDir, imageFile(pngBytes(2 * 1024 * 1024 + 1 - 8), 'big.png', 'image/png'));
    await expect(over).rejects.toMatchObject({ status: 422, fields: { profile_picture: ['The profile picture must be at most 2 MB'] } });
    const url = await saveAvatar(dataDir, imageFile(pngBytes(2 * 1024 * 1024 - 8), 'limit.png', 'image/png'));
    expect(fs.statSync(path.join(avatarDirectory(dataDir), url.slice(AVATAR_URL_PREFIX.length))).size).toBe(2 * 1024 * 1024);
  });
});

describe('removeAvatar', () => {
  it('deletes a stored avatar, and a missing one is no error', async () => {
    const url = await saveAvatar(dataDir, imageFile(pngBytes(), 'a.png', 'image/png'));
    const file = path.join(avatarDirectory(dataDir), url.slice(AVATAR_URL_PREFIX.length));
    expect(fs.existsSync(file)).toBe(true);
    await removeAvatar(dataDir, url);
    expect(fs.existsSync(file)).toBe(false);
    await expect(removeAvatar(dataDir, url)).resolves.toBeUndefined();
    await expect(removeAvatar(dataDir, null)).resolves.toBeUndefined();
  });

  it('never deletes anything outside the avatar folder or not named like an avatar', async () => {
    const secret = path.join(dataDir, 'secret.txt');
    fs.writeFileSync(secret, 'keep me');
    const uploads = path.join(dataDir, 'uploads', 'keep.png');
    fs.writeFileSync(uploads, 'keep me too');
    const handMade = path.join(avatarDirectory(dataDir), 'handmade.png');
    fs.writeFileSync(handMade, 'not generated by us');
    for (const url of [
      '/uploads/avatars/../../secret.txt',
      '/uploads/avatars/..%2F..%2Fsecret.txt',
      '/uploads/avatars/../keep.png',
      '/uploads/avatars/handmade.png',
      '/images/products/p1.webp',
      'https://cdn.example/avatar.png',
      '',
    ]) {
      await removeAvatar(dataDir, url);
    }
    expect(fs.readFileSync(secret, 'utf8')).toBe('keep me');
    expect(fs.existsSync(uploads)).toBe(true);
    expect(fs.existsSync(handMade)).toBe(true);
  });
});
