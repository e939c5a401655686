// The photo store's one interface (docs/decisions/0046-product-photos.md), proved the same on both
// implementations: a folder, and an S3 bucket on a real S3-compatible server (s3rver, started here
// on a free port) through the official AWS SDK. No fake of S3.
import { mkdtempSync, rmSync, readdirSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import S3rver from 's3rver';
import { CreateBucketCommand, HeadObjectCommand, S3Client } from '@aws-sdk/client-s3';
import { parseConfig } from '@/server/config';
import { folderPhotoStore, photoStoreOf, s3PhotoStore, type PhotoStore } from './photo-store';

const BUCKET = 'shop-photos';
const credentials = { accessKeyId: 'S3RVER', secretAccessKey: 'S3RVER' };
let server: S3rver;
let endpoint: string;
let folder: string;
let s3Folder: string;

beforeAll(async () => {
  folder = mkdtempSync(path.join(os.tmpdir(), 'photo-store-'));
  s3Folder = mkdtempSync(path.join(os.tmpdir(), 's3rver-'));
  server = new S3rver({ port: 0, address: '127.0.0.1', silent: true, directory: s3Folder });
  const address = await server.run();
  endpoint = `http://127.0.0.1:${address.port}`;
  const client = new S3Client({ region: 'us-east-1', endpoint, forcePathStyle: true, credentials });
  await client.send(new CreateBucketCommand({ Bucket: BUCKET }));
  client.destroy();
});

afterAll(async () => {
  await server?.close();
  rmSync(folder, { recursive: true, force: true });
  rmSync(s3Folder, { recursive: true, force: true });
});

const name = (n: number, format = 'jpg') => `${String(n).padStart(32, 'a')}-320.${format}`;

const stores: [string, () => PhotoStore][] = [
  ['folder', () => folderPhotoStore(folder)],
  [
    's3 (s3rver)',
    () =>
      photoStoreOf(
        parseConfig({
          S3_BUCKET: BUCKET,
          S3_ENDPOINT: endpoint,
          S3_FORCE_PATH_STYLE: 'true',
          S3_ACCESS_KEY_ID: credentials.accessKeyId,
          S3_SECRET_ACCESS_KEY: credentials.secretAccessKey,
        }),
      ),
  ],
];

describe.each(stores)('the %s photo store', (_kind, make) => {
  it('gives back what was put, null for a name never put, and nothing after removing', async () => {
    const store = make();
    const bytes = new Uint8Array([0xff, 0xd8, 0xff, 1, 2, 3, 250]);
    await store.put(name(1), bytes, 'image/jpeg');
    await store.put(name(2, 'avif'), new Uint8Array([9]), 'image/avif');
    expect(await store.get(name(1))).toEqual(bytes);
    expect(await store.get(name(3))).toBeNull();
    await store.remove([name(1), name(3)]);
    expect(await store.get(name(1))).toBeNull();
    expect(await store.get(name(2, 'avif'))).toEqual(new Uint8Array([9]));
    await store.remove([]);
  });

  it('refuses a name that is not a photo file name (no paths from outside)', async () => {
    const store = make();
    for (const bad of ['../secret.jpg', 'a/b.jpg', `${name(1)}/../x`, 'x.svg'])
      await expect(store.put(bad, new Uint8Array([1]), 'image/jpeg'), bad).rejects.toThrow();
    await expect(store.get('../../etc/passwd')).rejects.toThrow();
  });
});

describe('the S3 store', () => {
  it('writes under S3_PREFIX with the content type and the immutable cache rule', async () => {
    const store = s3PhotoStore({ bucket: BUCKET, prefix: 'catalog/', region: 'us-east-1', endpoint, forcePathStyle: true, credentials });
    await store.put(name(7, 'webp'), new Uint8Array([1, 2]), 'image/webp');
    const client = new S3Client({ region: 'us-east-1', endpoint, forcePathStyle: true, credentials });
    const head = await client.send(new HeadObjectCommand({ Bucket: BUCKET, Key: `catalog/${name(7, 'webp')}` }));
    client.destroy();
    expect({ type: head.ContentType, cache: head.CacheControl }).toEqual({
      type: 'image/webp',
      cache: 'public, max-age=31536000, immutable',
    });
  });

  it('is the configured store only when S3_BUCKET is set; the folder is DATA_DIR/uploads/products', async () => {
    expect(photoStoreOf(parseConfig({ S3_BUCKET: BUCKET })).kind).toBe('s3');
    const dataDir = mkdtempSync(path.join(os.tmpdir(), 'data-'));
    const store = photoStoreOf(parseConfig({ DATA_DIR: dataDir }));
    expect(store.kind).toBe('folder');
    await store.put(name(5), new Uint8Array([5]), 'image/jpeg');
    expect(readdirSync(path.join(dataDir, 'uploads', 'products'))).toEqual([name(5)]);
    rmSync(dataDir, { recursive: true, force: true });
    expect(() => parseConfig({ S3_BUCKET: BUCKET, S3_ACCESS_KEY_ID: 'only-one' })).toThrow(/set both or neither/);
  });
});
