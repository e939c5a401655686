// Where product photos' files live (docs/decisions/0046-product-photos.md): one interface, the
// data folder by default, an S3-compatible bucket when S3_BUCKET is set. Names are a variant's file
// name (PHOTO_FILE_PATTERN), never a path from a request.
import fs from 'node:fs/promises';
import path from 'node:path';
import { randomUUID } from 'node:crypto';
import { DeleteObjectsCommand, GetObjectCommand, NoSuchKey, PutObjectCommand, S3Client, S3ServiceException } from '@aws-sdk/client-s3';
import type { Config } from '@/server/config';
import { PHOTO_FILE_PATTERN } from '@/domain/product-photos';

export interface PhotoStore {
  /** Writes a file (replacing one of the same name: names are content hashes, so the bytes are the same). */
  put(name: string, bytes: Uint8Array, contentType: string): Promise<void>;
  /** The file's bytes, or null when there is none. */
  get(name: string): Promise<Uint8Array | null>;
  /** Removes files; a missing one is not an error. */
  remove(names: string[]): Promise<void>;
  /** What the decision record and logs call it. */
  readonly kind: 'folder' | 's3';
}

function checkName(name: string): void {
  if (!PHOTO_FILE_PATTERN.test(name)) throw new Error('not a photo file name');
}

/** Files in one folder, written under a temporary name and renamed, so a reader never sees half a file. */
export function folderPhotoStore(directory: string): PhotoStore {
  return {
    kind: 'folder',
    async put(name, bytes) {
      checkName(name);
      await fs.mkdir(directory, { recursive: true });
      const temporary = path.join(directory, `.${randomUUID()}.part`);
      await fs.writeFile(temporary, bytes);
      await fs.rename(temporary, path.join(directory, name));
    },
    async get(name) {
      checkName(name);
      try {
        return new Uint8Array(await fs.readFile(path.join(directory, name)));
      } catch (error) {
        if ((error as NodeJS.ErrnoException).code === 'ENOENT') return null;
        throw error;
      }
    },
    async remove(names) {
      for (const name of names) checkName(name);
      await Promise.all(names.map((name) => fs.rm(path.join(directory, name), { force: true })));
    },
  };
}

export interface S3PhotoStoreOptions {
  bucket: string;
  prefix: string;
  region: string;
  endpoint?: string;
  forcePathStyle: boolean;
  credentials?: { accessKeyId: string; secretAccessKey: string };
}

/** Objects in an S3-compatible bucket, through the official AWS SDK (v3). */
export function s3PhotoStore(options: S3PhotoStoreOptions, client?: S3Client): PhotoStore {
  const s3 =
    client ??
    new S3Client({
      region: options.region,
      endpoint: options.endpoint,
      forcePathStyle: options.forcePathStyle,
      credentials: options.credentials,
    });
  const key = (name: string) => {
    checkName(name);
    return `${options.prefix}${name}`;
  };
  return {
    kind: 's3',
    async put(name, bytes, contentType) {
      await s3.send(
        new PutObjectCommand({
          Bucket: options.bucket,
          Key: key(name),
          Body: bytes,
          ContentType: contentType,
          // Served straight from the bucket (a CDN in front of it) the object keeps the shop's rule.
          CacheControl: 'public, max-age=31536000, immutable',
        }),
      );
    },
    async get(name) {
      try {
        const answer = await s3.send(new GetObjectCommand({ Bucket: options.bucket, Key: key(name) }));
        return answer.Body ? await answer.Body.transformToByteArray() : null;
      } catch (error) {
        if (error instanceof NoSuchKey || (error instanceof S3ServiceException && error.$metadata.httpStatusCode === 404)) return null;
        throw error;
      }
    },
    async remove(names) {
      if (names.length === 0) return;
      await s3.send(
        new DeleteObjectsCommand({
          Bucket: options.bucket,
          Delete: { Objects: names.map((name) => ({ Key: key(name) })), Quiet: true },
        }),
      );
    },
  };
}

export function photoDirectory(dataDir: string): string {
  return path.resolve(dataDir, 'uploads', 'products');
}

/** The store the configuration names: the bucket when S3_BUCKET is set, else DATA_DIR/uploads/products. */
export function photoStoreOf(config: Config): PhotoStore {
  if (!config.S3_BUCKET) return folderPhotoStore(photoDirectory(config.DATA_DIR));
  return s3PhotoStore({
    bucket: config.S3_BUCKET,
    prefix: config.S3_PREFIX,
    region: config.S3_REGION,
    endpoint: config.S3_ENDPOINT,
    forcePathStyle: config.S3_FORCE_PATH_STYLE,
    credentials:
      config.S3_ACCESS_KEY_ID && config.S3_SECRET_ACCESS_KEY
        ? { accessKeyId: config.S3_ACCESS_KEY_ID, secretAccessKey: config.S3_SECRET_ACCESS_KEY }
        : undefined,
  });
}
