// The home page's blocks through /api/admin (docs/decisions/0050-home-blocks.md): a guest and a
// customer are refused on every route before anything is read or written; links that leave the
// shop are refused naming the field; a stale save answers 409; a hostile upload answers 422 on
// `photo` and writes no file; a save shows in the shop's home API at once.
// (admin-access.api.test.ts walks every admin route too.)
import { readdirSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import type { Db } from '@/server/db/client';
import { adminHomeApi } from '@/domain/api/admin-home';
import { PHOTO_UPLOAD_BODY_LIMIT } from '@/domain/api/admin-catalog';
import { adminHomeMessages as t } from '@/domain/messages/admin-home';
import { adminCatalogMessages as photoText } from '@/domain/messages/admin-catalog';
import { catalogApi } from '@/domain/api/catalog';
import { useFreshDatabase } from '../../../tests/db';
import { insertBrand } from '../../../tests/factories';
import { signedInStaff, type StaffCaller } from '../../../tests/staff';
import { insertCoupon, signedInCustomer } from '../../../tests/shopping';
import { callApi, callEndpoint } from '../../../tests/api';
import { photoFile, pixelBomb, temporaryPhotoStore, testJpeg } from '../../../tests/photos';

let db: Db;
let clerk: StaffCaller;
useFreshDatabase(async (database) => {
  db = database.db;
  clerk = await signedInStaff(db, 'staff');
});
const { store, directory } = temporaryPhotoStore();
const deps = { photoStore: store };

const heroBody = async () => {
  const home = await callEndpoint(db, adminHomeApi.home, { staff: clerk });
  expect(home.status).toBe(200);
  return {
    version: home.data.versions.hero,
    items: home.data.hero.map((s) => ({ id: s.id, title: s.title, text: s.text, href: s.href ?? '', image: s.image, hidden: s.hidden })),
  };
};

describe('the staff home API', () => {
  it('refuses a guest (401) and a customer (403) on every route, changing nothing', async () => {
    const customer = await signedInCustomer(db);
    const body = await heroBody();
    const photo = photoFile(await testJpeg(400, 400));
    const before = readdirSync(directory).length;
    for (const as of [null, customer]) {
      const status = as ? 403 : 401;
      expect((await callEndpoint(db, adminHomeApi.home, { as })).status).toBe(status);
      const renamed = { ...body, items: body.items.map((s) => ({ ...s, title: 'Hacked' })) };
      expect((await callEndpoint(db, adminHomeApi.saveSlides, { as, params: { block: 'hero' }, body: renamed })).status).toBe(status);
      expect((await callEndpoint(db, adminHomeApi.saveFeatured, { as, body: { version: 0, product_ids: [] } })).status).toBe(status);
      expect((await callEndpoint(db, adminHomeApi.saveBrands, { as, body: { version: 0, brand_ids: [] } })).status).toBe(status);
      const offer = { version: 0, title: 'x', sub_title: 'y', code: 'FIRE10', active: false };
      expect((await callEndpoint(db, adminHomeApi.saveOffer, { as, body: offer })).status).toBe(status);
      expect((await callEndpoint(db, adminHomeApi.uploadImage, { as, body: { photo }, encoding: 'multipart', deps })).status).toBe(status);
    }
    expect(readdirSync(directory).length).toBe(before);
    expect((await heroBody()).items.map((s) => s.title)).toEqual(body.items.map((s) => s.title));
  });

  it('refuses links that leave the shop, naming the field', async () => {
    const body = await heroBody();
    for (const href of [
      'https://evil.example/',
      '//evil.example/store',
      '/\\evil.example',
      'javascript:alert(1)',
      'store',
      '/store\nSet-Cookie: x',
    ]) {
      const items = body.items.map((s, i) => (i === 1 ? { ...s, href } : s));
      const answer = await callEndpoint(db, adminHomeApi.saveSlides, { staff: clerk, params: { block: 'hero' }, body: { ...body, items } });
      expect(answer.status, href).toBe(422);
      expect(Object.keys(answer.fields), href).toEqual(['items.1.href']);
    }
    const unknownBlock = await callApi(db, 'admin/home/slides/footer', { staff: clerk, json: body });
    expect(unknownBlock.status).toBe(422);
  });

  it('saves against the version read; the same version again answers 409 with Reload’s message; the shop shows the save', async () => {
    const body = await heroBody();
    const items = body.items.map((s, i) => (i === 0 ? { ...s, title: 'Safes for every office', href: '/store?category=13' } : s));
    const saved = await callEndpoint(db, adminHomeApi.saveSlides, { staff: clerk, params: { block: 'hero' }, body: { ...body, items } });
    expect(saved.status).toBe(200);
    expect(saved.message).toBe(t.saved);
    expect(saved.data.hero[0]).toMatchObject({ title: 'Safes for every office', href: '/store?category=13' });
    expect(saved.data.versions.hero).toBe(body.version + 1);
    const stale = await callEndpoint(db, adminHomeApi.saveSlides, { staff: clerk, params: { block: 'hero' }, body: { ...body, items } });
    expect(stale.status).toBe(409);
    expect(stale.message).toBe(t.staleVersion);
  });

  it('uploads a picture through the product-photo pipeline; refuses hostile files with 422 on photo and one over the limit with 413', async () => {
    const uploaded = await callEndpoint(db, adminHomeApi.uploadImage, {
      staff: clerk,
      body: { photo: photoFile(await testJpeg(1400, 500), 'banner.jpg') },
      encoding: 'multipart',
      deps,
    });
    expect(uploaded.status).toBe(201);
    expect(uploaded.data).toMatchObject({ width: 1400, height: 500, widths: [320, 640, 1024, 1400] });
    expect(uploaded.data.preview).toBe(`/uploads/products/${uploaded.data.key}-640.jpg`);
    const before = readdirSync(directory).length;
    const hostile: [File, string][] = [
      [
        new File(['<svg xmlns="http://www.w3.org/2000/svg"><script>alert(1)</script></svg>'], 'hero.jpg', { type: 'image/jpeg' }),
        photoText.photoType,
      ],
      [photoFile(pixelBomb(30_000, 30_000), 'bomb.png', 'image/png'), photoText.photoPixels(50)],
      [new File(['<?php system($_GET[1]); ?>'], 'shell.php.jpg', { type: 'image/jpeg' }), photoText.photoType],
    ];
    for (const [photo, message] of hostile) {
      const refused = await callEndpoint(db, adminHomeApi.uploadImage, { staff: clerk, body: { photo }, encoding: 'multipart', deps });
      expect(refused.status, photo.name).toBe(422);
      expect(refused.fields, photo.name).toEqual({ photo: [message] });
    }
    const huge = new File([new Uint8Array(PHOTO_UPLOAD_BODY_LIMIT + 1)], 'huge.jpg', { type: 'image/jpeg' });
    expect(
      (await callEndpoint(db, adminHomeApi.uploadImage, { staff: clerk, body: { photo: huge }, encoding: 'multipart', deps })).status,
    ).toBe(413);
    expect(readdirSync(directory).length).toBe(before);
  });

  it('top brands and the offer: the shop’s API answers change with the save', async () => {
    const [a, b] = [await insertBrand(db), await insertBrand(db)];
    const home = await callEndpoint(db, adminHomeApi.home, { staff: clerk });
    const brands = await callEndpoint(db, adminHomeApi.saveBrands, {
      staff: clerk,
      body: { version: home.data.versions.brands, brand_ids: [b.id, a.id] },
    });
    expect(brands.data.top_brand_ids).toEqual([b.id, a.id]);
    const strip = await callEndpoint(db, catalogApi.topBrands, {});
    expect(strip.data.data.map((x) => x.brands.id)).toEqual([b.id, a.id]);

    await insertCoupon(db, { code: 'HOME20' });
    const offer = { version: home.data.versions.offer, title: 'Limited Time Offer', sub_title: '20% off', code: 'home20', active: true };
    const saved = await callEndpoint(db, adminHomeApi.saveOffer, { staff: clerk, body: offer });
    expect(saved.status).toBe(200);
    expect(saved.data.offer).toEqual({ title: 'Limited Time Offer', sub_title: '20% off', code: 'HOME20', active: true });
    const shown = await callEndpoint(db, catalogApi.topOffer, {});
    expect(shown.data).toMatchObject({ code: 'HOME20', sub_title: '20% off' });
    const unknown = await callEndpoint(db, adminHomeApi.saveOffer, {
      staff: clerk,
      body: { ...offer, version: saved.data.versions.offer, code: 'NOPE' },
    });
    expect(unknown.status).toBe(422);
    expect(unknown.fields).toEqual({ code: [t.codeUnknown('NOPE')] });
  });
});
