import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ValidationError } from '@/server/errors';
import sharp from 'sharp';
import { AVATAR_SIZE, AVATAR_URL_PREFIX, avatarDirectory, detectImageType, removeAvatar, saveAvatar } from './avatar';
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

describe('sharp in the server', () => {
  it('keeps no operation cache once avatars are loaded (docs/decisions/0043-memory-bounds.md)', () => {
    const { memory, items } = sharp.cache();
    expect(memory.max).toBe(0);
    expect(items.max).toBe(0);
  });
});

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
  it('stores the picture re-encoded as WebP under DATA_DIR/uploads/avatars with a random name and returns the public URL', async () => {
    const png = pngBytes();
    const url = await saveAvatar(dataDir, imageFile(png, 'my photo.png', 'image/png'));
    expect(url.startsWith(AVATAR_URL_PREFIX)).toBe(true);
    expect(AVATAR_URL_PREFIX).toBe('/uploads/avatars/');
    const name = url.slice(AVATAR_URL_PREFIX.length);
    expect(name).toMatch(UUID_NAME);
    expect(name.endsWith('.webp')).toBe(true);
    expect(avatarDirectory(dataDir)).toBe(path.resolve(dataDir, 'uploads', 'avatars'));
    const stored = fs.readFileSync(path.join(dataDir, 'uploads', 'avatars', name));
    expect(detectImageType(stored)).toBe('webp');
    expect(await sharp(stored).metadata()).toMatchObject({ format: 'webp', width: 2, height: 2 });
    const again = await saveAvatar(dataDir, imageFile(png, 'my photo.png', 'image/png'));
    expect(again).not.toBe(url);
  });

  it('reads the type from the bytes and ignores the file name, so a name cannot escape the folder', async () => {
    const url = await saveAvatar(dataDir, imageFile(jpegBytes(), '../../../etc/evil.html', 'text/html'));
    expect(url).toMatch(/^\/uploads\/avatars\/[0-9a-f-]{36}\.webp$/);
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
    const limit = pngBytes(2 * 1024 * 1024 - 8);
    expect(limit.length).toBe(2 * 1024 * 1024);
    const url = await saveAvatar(dataDir, imageFile(limit, 'limit.png', 'image/png'));
    // The 2 MB of metadata padding is not kept: only the re-encoded picture is.
    expect(fs.statSync(path.join(avatarDirectory(dataDir), url.slice(AVATAR_URL_PREFIX.length))).size).toBeLessThan(1024);
  });

  const storedBytes = (url: string) => fs.readFileSync(path.join(avatarDirectory(dataDir), url.slice(AVATAR_URL_PREFIX.length)));

  it('drops EXIF and GPS metadata, turning the picture upright first (issue 10)', async () => {
    const photo = await sharp({ create: { width: 40, height: 20, channels: 3, background: '#336699' } })
      .jpeg()
      .withExif({
        IFD0: { Make: 'PhoneMaker' },
        IFD3: { GPSLatitudeRef: 'N', GPSLatitude: '25/1 11/1 3000/100', GPSLongitudeRef: 'E', GPSLongitude: '55/1 16/1 0/1' },
      })
      .withMetadata({ orientation: 6 })
      .toBuffer();
    const before = await sharp(photo).metadata();
    expect(before.exif?.includes(Buffer.from('PhoneMaker'))).toBe(true);
    expect(before.orientation).toBe(6);
    // The GPSInfo pointer (tag 0x8825) is in the upload's EXIF, in either byte order.
    expect(before.exif?.includes(Buffer.from([0x25, 0x88])) || before.exif?.includes(Buffer.from([0x88, 0x25]))).toBe(true);
    const stored = storedBytes(await saveAvatar(dataDir, imageFile(photo, 'beach.jpg', 'image/jpeg')));
    const after = await sharp(stored).metadata();
    expect(after.exif).toBeUndefined();
    expect(after.orientation).toBeUndefined();
    expect(stored.includes(Buffer.from('PhoneMaker'))).toBe(false);
    expect(stored.includes(Buffer.from('Exif'))).toBe(false);
    // Orientation 6 is a quarter turn: the 40x20 picture is stored 20 wide and 40 high.
    expect(after).toMatchObject({ format: 'webp', width: 20, height: 40 });
  });

  it('re-encodes a polyglot (a real PNG carrying a script) so the payload bytes are gone', async () => {
    const payload = '<script>alert(document.cookie)</script>';
    const png = Buffer.from(pngBytes(4096));
    // The script both inside the PNG (its text chunk) and appended after the image's end.
    png.write(payload, png.indexOf('Comment\0') + 8, 'latin1');
    const polyglot = Buffer.concat([png, Buffer.from(payload, 'latin1')]);
    expect(detectImageType(polyglot)).toBe('png');
    expect(polyglot.includes(Buffer.from(payload))).toBe(true);
    const stored = storedBytes(await saveAvatar(dataDir, imageFile(polyglot, 'avatar.png', 'image/png')));
    expect(stored.includes(Buffer.from('<script'))).toBe(false);
    expect(stored.includes(Buffer.from('Comment'))).toBe(false);
    expect(detectImageType(stored)).toBe('webp');
  });

  it('bounds the stored size to 512x512 and refuses a truncated or mislabelled image', async () => {
    const big = await sharp({ create: { width: 3000, height: 1000, channels: 3, background: '#884422' } })
      .png()
      .toBuffer();
    const stored = storedBytes(await saveAvatar(dataDir, imageFile(big, 'wide.png', 'image/png')));
    expect(await sharp(stored).metadata()).toMatchObject({ width: AVATAR_SIZE, height: AVATAR_SIZE });
    const before = fs.readdirSync(avatarDirectory(dataDir)).length;
    const truncated = big.subarray(0, Math.floor(big.length / 2));
    const jpegHeadPngBody = Buffer.concat([Buffer.from([0xff, 0xd8, 0xff]), big]);
    for (const bytes of [truncated, jpegHeadPngBody, pngBytes(0).subarray(0, 40)]) {
      await expect(saveAvatar(dataDir, imageFile(bytes, 'x.png', 'image/png'))).rejects.toMatchObject({
        status: 422,
        fields: { profile_picture: ['The profile picture must be a JPEG, PNG or WebP image'] },
      });
    }
    expect(fs.readdirSync(avatarDirectory(dataDir))).toHaveLength(before);
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
