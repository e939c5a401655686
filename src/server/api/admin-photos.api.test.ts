// A product's photos through /api/admin (docs/decisions/0046-product-photos.md): staff upload as
// multipart and get the photos with their srcsets; a refused file gets the field's message; a
// customer and a guest are refused before anything is read or written; the shop's route serves the
// stored variants with immutable caching. (admin-access.api.test.ts walks every admin route too.)
import { readdirSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import sharp from 'sharp';
import type { Db } from '@/server/db/client';
import { adminCatalogApi, PHOTO_UPLOAD_BODY_LIMIT } from '@/domain/api/admin-catalog';
import { adminCatalogMessages as t } from '@/domain/messages/admin-catalog';
import { GET as servePhoto } from '@/pages/uploads/products/[file]';
import { useFreshDatabase } from '../../../tests/db';
import { insertProduct } from '../../../tests/factories';
import { signedInStaff, type StaffCaller } from '../../../tests/staff';
import { signedInCustomer } from '../../../tests/shopping';
import { callEndpoint } from '../../../tests/api';
import { photoFile, temporaryPhotoStore, testJpeg } from '../../../tests/photos';

let db: Db;
let clerk: StaffCaller;
useFreshDatabase(async (database) => {
  db = database.db;
  clerk = await signedInStaff(db, 'staff');
});
const { store, directory } = temporaryPhotoStore();
const deps = { photoStore: store };

const serve = (file: string) => servePhoto({ params: { file }, locals: { app: { photoStore: store } } } as never) as Promise<Response>;

describe('the staff photo API', () => {
  it('uploads a multipart photo and answers the photos with each format’s srcset; the shop serves each file for a year', async () => {
    const product = await insertProduct(db, { gallery: ['/images/products/safe-1.svg'] });
    const answer = await callEndpoint(db, adminCatalogApi.uploadPhoto, {
      staff: clerk,
      params: { id: product.id },
      body: { photo: photoFile(await testJpeg(900, 700), 'IMG_0001.JPG') },
      encoding: 'multipart',
      deps,
    });
    expect(answer.status).toBe(201);
    expect(answer.message).toBe(t.photoAdded);
    const [drawn, photo] = answer.data;
    expect(drawn).toEqual({ id: drawn!.id, position: 0, image_link: '/images/products/safe-1.svg', photo: null });
    expect(photo!.photo).toMatchObject({ width: 900, height: 700, widths: [320, 640, 900] });
    expect(photo!.photo!.srcset.avif).toMatch(/^\/uploads\/products\/[0-9a-f]{32}-320\.avif 320w, \S+-640\.avif 640w, \S+-900\.avif 900w$/);

    const jpeg = /(\S+-640\.jpg) 640w/.exec(photo!.photo!.srcset.jpg)![1]!.split('/').pop()!;
    const served = await serve(jpeg);
    expect(served.status).toBe(200);
    expect(served.headers.get('content-type')).toBe('image/jpeg');
    expect(served.headers.get('cache-control')).toBe('public, max-age=31536000, immutable');
    expect((await sharp(new Uint8Array(await served.arrayBuffer())).metadata()).width).toBe(640);
    expect((await serve(jpeg.replace(/^./, (c) => (c === 'a' ? 'b' : 'a')))).status).toBe(404);
    expect((await serve('..%2F..%2Fetc%2Fpasswd')).status).toBe(404);
  });

  it('answers a refused file with 422 naming the field, and a file over the body limit with 413', async () => {
    const product = await insertProduct(db);
    const svg = new File(['<svg xmlns="http://www.w3.org/2000/svg"><script>alert(1)</script></svg>'], 'photo.jpg', { type: 'image/jpeg' });
    const refused = await callEndpoint(db, adminCatalogApi.uploadPhoto, {
      staff: clerk,
      params: { id: product.id },
      body: { photo: svg },
      encoding: 'multipart',
      deps,
    });
    expect(refused.status).toBe(422);
    expect(refused.fields).toEqual({ photo: [t.photoType] });
    const huge = new File([new Uint8Array(PHOTO_UPLOAD_BODY_LIMIT + 1)], 'huge.jpg', { type: 'image/jpeg' });
    const tooLarge = await callEndpoint(db, adminCatalogApi.uploadPhoto, {
      staff: clerk,
      params: { id: product.id },
      body: { photo: huge },
      encoding: 'multipart',
      deps,
    });
    expect(tooLarge.status).toBe(413);
  });

  it('refuses a guest (401) and a customer (403) on every photo route, writing nothing', async () => {
    const product = await insertProduct(db, { gallery: ['/images/products/safe-1.svg'] });
    const customer = await signedInCustomer(db);
    const before = readdirSync(directory).length;
    const photo = photoFile(await testJpeg(400, 400, { colour: '#654321' }));
    const calls = [
      () => callEndpoint(db, adminCatalogApi.photos, { params: { id: product.id } }),
      () => callEndpoint(db, adminCatalogApi.uploadPhoto, { params: { id: product.id }, body: { photo }, encoding: 'multipart', deps }),
      () => callEndpoint(db, adminCatalogApi.reorderPhotos, { params: { id: product.id }, body: { photo_ids: [1] } }),
      () => callEndpoint(db, adminCatalogApi.chooseThumbnail, { params: { id: product.id, photo: 1 } }),
      () => callEndpoint(db, adminCatalogApi.deletePhoto, { params: { id: product.id, photo: 1 }, deps }),
    ];
    for (const call of calls) expect((await call()).status).toBe(401);
    const asCustomer = [
      callEndpoint(db, adminCatalogApi.photos, { as: customer, params: { id: product.id } }),
      callEndpoint(db, adminCatalogApi.uploadPhoto, {
        as: customer,
        params: { id: product.id },
        body: { photo },
        encoding: 'multipart',
        deps,
      }),
      callEndpoint(db, adminCatalogApi.deletePhoto, { as: customer, params: { id: product.id, photo: 1 }, deps }),
    ];
    for (const answer of await Promise.all(asCustomer)) expect(answer.status).toBe(403);
    expect(readdirSync(directory).length).toBe(before);
  });
});
