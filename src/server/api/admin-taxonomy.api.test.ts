// Categories, brands, SEO texts and their pictures through /api/admin
// (docs/decisions/0049-categories-brands-seo.md): a guest and a customer are refused on every route
// before anything is read or written; a bad form gets each field's message and stores nothing; a
// stale edit gets 409; a category or brand in use is not deleted; hostile uploads (an SVG with a
// script, a file lying about its type, a truncated picture, one too small) are refused with the
// field's message and write no file; the shop's seo/get answers the new texts at once.
import { readdirSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import sharp from 'sharp';
import type { Db } from '@/server/db/client';
import { categories } from '@/server/db/schema/catalog';
import { adminTaxonomyApi } from '@/domain/api/admin-taxonomy';
import { catalogApi } from '@/domain/api/catalog';
import { adminTaxonomyMessages as t } from '@/domain/messages/admin-taxonomy';
import { adminCatalogMessages as photoMessages } from '@/domain/messages/admin-catalog';
import { staffMessages } from '@/domain/messages/staff';
import { useFreshDatabase } from '../../../tests/db';
import { insertBrand, insertCategory, insertProduct, insertSeoKeyword } from '../../../tests/factories';
import { signedInStaff, type StaffCaller } from '../../../tests/staff';
import { signedInCustomer, type Customer } from '../../../tests/shopping';
import { callEndpoint } from '../../../tests/api';
import { photoFile, temporaryPhotoStore, testJpeg, testPng } from '../../../tests/photos';

let db: Db;
let clerk: StaffCaller;
let customer: Customer;
useFreshDatabase(async (database) => {
  db = database.db;
  clerk = await signedInStaff(db, 'staff');
  customer = await signedInCustomer(db);
});
const { store, directory } = temporaryPhotoStore();
const deps = { photoStore: store };

const categoryForm = (overrides: Record<string, unknown> = {}) => ({
  name: 'Key Cabinets',
  icon: '/images/categories/19.svg',
  image: '',
  coming_soon: false,
  sort_order: '30',
  ...overrides,
});

describe('the staff taxonomy API', () => {
  it('refuses a guest (401) and a customer (403) on every route, writing nothing', async () => {
    const row = await insertCategory(db);
    const brand = await insertBrand(db);
    await insertSeoKeyword(db, 'home_buddy');
    const photo = photoFile(await testPng(300, 300), 'icon.png', 'image/png');
    const before = await db.$count(categories);
    const calls = [
      (as: object) => callEndpoint(db, adminTaxonomyApi.categories, { ...as }),
      (as: object) => callEndpoint(db, adminTaxonomyApi.createCategory, { ...as, body: categoryForm() }),
      (as: object) =>
        callEndpoint(db, adminTaxonomyApi.updateCategory, { ...as, params: { id: row.id }, body: { ...categoryForm(), version: 0 } }),
      (as: object) => callEndpoint(db, adminTaxonomyApi.orderCategories, { ...as, body: { category_ids: [row.id] } }),
      (as: object) => callEndpoint(db, adminTaxonomyApi.deleteCategory, { ...as, params: { id: row.id } }),
      (as: object) => callEndpoint(db, adminTaxonomyApi.brands, { ...as }),
      (as: object) => callEndpoint(db, adminTaxonomyApi.deleteBrand, { ...as, params: { id: brand.id } }),
      (as: object) =>
        callEndpoint(db, adminTaxonomyApi.updateSeo, {
          ...as,
          params: { page: 'home_buddy' },
          body: { title: 'x', description: 'y', keywords: '', version: 0 },
        }),
      (as: object) => callEndpoint(db, adminTaxonomyApi.uploadPicture, { ...as, body: { photo }, encoding: 'multipart', deps }),
    ];
    for (const call of calls) {
      const guest = await call({});
      expect(guest.status).toBe(401);
      expect(guest.message).toBe(staffMessages.guestRefused);
      const asCustomer = await call({ as: customer });
      expect(asCustomer.status).toBe(403);
      expect(asCustomer.message).toBe(staffMessages.customerRefused);
    }
    expect(await db.$count(categories)).toBe(before);
    expect(readdirSync(directory)).toEqual([]);
  });

  it('answers a bad category form with each field’s message and stores nothing', async () => {
    const before = await db.$count(categories);
    const answer = await callEndpoint(db, adminTaxonomyApi.createCategory, {
      staff: clerk,
      body: categoryForm({ name: '  ', icon: '/images/../../etc/passwd', image: 'javascript:alert(1)', sort_order: '1e3' }) as never,
    });
    expect(answer.status).toBe(422);
    expect(answer.fields).toMatchObject({
      name: [t.nameLength(120)],
      icon: [t.pictureInvalid],
      image: [t.pictureInvalid],
      sort_order: [t.orderFormat],
    });
    const noIcon = await callEndpoint(db, adminTaxonomyApi.createCategory, { staff: clerk, body: categoryForm({ icon: '' }) });
    expect(noIcon.fields).toMatchObject({ icon: [t.pictureRequired] });
    expect(await db.$count(categories)).toBe(before);
  });

  it('creates, edits against the version (409 when stale) and deletes a category only when no product is in it', async () => {
    const created = await callEndpoint(db, adminTaxonomyApi.createCategory, { staff: clerk, body: categoryForm() });
    expect(created.status).toBe(201);
    expect(created.data).toMatchObject({ name: 'Key Cabinets', image: null, coming_soon: false, sort_order: 30, product_count: 0 });
    const { id, version } = created.data;
    const saved = await callEndpoint(db, adminTaxonomyApi.updateCategory, {
      staff: clerk,
      params: { id },
      body: { ...categoryForm({ name: 'Key Boxes', coming_soon: true }), version },
    });
    expect(saved.data).toMatchObject({ id, name: 'Key Boxes', coming_soon: true, version: version + 1 });
    const stale = await callEndpoint(db, adminTaxonomyApi.updateCategory, {
      staff: clerk,
      params: { id },
      body: { ...categoryForm(), version },
    });
    expect(stale.status).toBe(409);
    expect(stale.message).toBe(t.categoryStale);

    await insertProduct(db, { categoryIds: [id] });
    const inUse = await callEndpoint(db, adminTaxonomyApi.deleteCategory, { staff: clerk, params: { id } });
    expect(inUse.status).toBe(409);
    expect(inUse.message).toBe(t.categoryInUse(1));
    const spare = await insertCategory(db);
    const gone = await callEndpoint(db, adminTaxonomyApi.deleteCategory, { staff: clerk, params: { id: spare.id } });
    expect(gone.status).toBe(200);
    expect((await callEndpoint(db, adminTaxonomyApi.category, { staff: clerk, params: { id: spare.id } })).status).toBe(404);
  });

  it('keeps brand names unique whatever their case, and refuses a stale brand edit', async () => {
    const brand = await insertBrand(db, { name: 'Guardian Forge' });
    const taken = await callEndpoint(db, adminTaxonomyApi.createBrand, {
      staff: clerk,
      body: { name: 'guardian forge', logo: '/images/brands/ironclad.svg' },
    });
    expect(taken.status).toBe(422);
    expect(taken.fields).toEqual({ name: [t.brandNameTaken('Guardian Forge')] });
    const saved = await callEndpoint(db, adminTaxonomyApi.updateBrand, {
      staff: clerk,
      params: { id: brand.id },
      body: { name: 'Guardian Forge Pro', logo: '/images/brands/guardian-forge.svg', version: brand.version },
    });
    expect(saved.data).toMatchObject({ name: 'Guardian Forge Pro', version: brand.version + 1 });
    const stale = await callEndpoint(db, adminTaxonomyApi.updateBrand, {
      staff: clerk,
      params: { id: brand.id },
      body: { name: 'Again', logo: '/images/brands/guardian-forge.svg', version: brand.version },
    });
    expect(stale.status).toBe(409);
    const list = await callEndpoint(db, adminTaxonomyApi.brands, { staff: clerk, query: { q: 'forge pro' } });
    expect(list.data.data.map((b) => b.name)).toEqual(['Guardian Forge Pro']);
  });

  it('saves SEO texts that the shop’s seo/get answers at once; a stale save gets 409; an unknown page 422', async () => {
    await insertSeoKeyword(db, 'office_buddy');
    const [row] = (await callEndpoint(db, adminTaxonomyApi.seo, { staff: clerk })).data.filter((r) => r.page_key === 'office_buddy');
    const body = { title: 'Office safes in Dubai', description: 'Fire safes and shredders for offices.', keywords: 'safes, office' };
    const saved = await callEndpoint(db, adminTaxonomyApi.updateSeo, {
      staff: clerk,
      params: { page: 'office_buddy' },
      body: { ...body, version: row!.version },
    });
    expect(saved.status).toBe(200);
    expect((await callEndpoint(db, catalogApi.seo)).data.office_buddy).toEqual(body);
    const stale = await callEndpoint(db, adminTaxonomyApi.updateSeo, {
      staff: clerk,
      params: { page: 'office_buddy' },
      body: { ...body, version: row!.version },
    });
    expect(stale.status).toBe(409);
    expect(stale.message).toBe(t.seoStale);
    const tooLong = await callEndpoint(db, adminTaxonomyApi.updateSeo, {
      staff: clerk,
      params: { page: 'office_buddy' },
      body: { ...body, title: 'x'.repeat(201), version: row!.version + 1 },
    });
    expect(tooLong.fields).toMatchObject({ title: [t.titleLength(200)] });
    const unknown = await callEndpoint(db, adminTaxonomyApi.updateSeo, {
      staff: clerk,
      params: { page: 'checkout' as never },
      body: { ...body, version: 0 },
    });
    expect(unknown.status).toBe(422);
  });
});

describe('the taxonomy picture upload', () => {
  const upload = (photo: File) =>
    callEndpoint(db, adminTaxonomyApi.uploadPicture, { staff: clerk, body: { photo }, encoding: 'multipart', deps });

  it('re-encodes a PNG icon into the photo store and answers the addresses a category or brand may save', async () => {
    const answer = await upload(photoFile(await testPng(240, 240), 'icon.png', 'image/png'));
    expect(answer.status).toBe(201);
    expect(answer.data.small).toMatch(/^\/uploads\/products\/[0-9a-f]{32}-240\.webp$/);
    expect(answer.data.large).toBe(answer.data.small);
    const file = answer.data.small.split('/').pop()!;
    expect(readdirSync(directory)).toContain(file);
    expect((await sharp(`${directory}/${file}`).metadata()).format).toBe('webp');
    const created = await callEndpoint(db, adminTaxonomyApi.createCategory, {
      staff: clerk,
      body: categoryForm({ name: 'Uploaded', icon: answer.data.small }),
    });
    expect(created.data.icon).toBe(answer.data.small);
  });

  it('refuses hostile files with the field’s message and writes nothing', async () => {
    const before = readdirSync(directory).length;
    const png = await testPng(300, 300);
    const jpeg = await testJpeg(300, 300);
    const hostile: [string, File, string][] = [
      [
        'an SVG with a script',
        new File(['<svg xmlns="http://www.w3.org/2000/svg" onload="alert(1)"><script>alert(2)</script></svg>'], 'icon.svg', {
          type: 'image/svg+xml',
        }),
        photoMessages.photoType,
      ],
      [
        'HTML calling itself a PNG',
        new File(['<html><script>alert(1)</script></html>'], 'icon.png', { type: 'image/png' }),
        photoMessages.photoType,
      ],
      // A PNG's signature in front of a JPEG's bytes: recognised as PNG, decodes as neither.
      [
        'a JPEG behind a PNG signature',
        photoFile(new Uint8Array([...png.subarray(0, 8), ...jpeg.subarray(8)]), 'x.png', 'image/png'),
        photoMessages.photoUnreadable,
      ],
      ['a truncated PNG', photoFile(png.subarray(0, Math.floor(png.length / 2)), 'half.png', 'image/png'), photoMessages.photoUnreadable],
      ['an icon too small', photoFile(await testPng(40, 40), 'tiny.png', 'image/png'), photoMessages.photoTooSmall(100)],
    ];
    for (const [what, file, message] of hostile) {
      const answer = await upload(file);
      expect(answer.status, what).toBe(422);
      expect(answer.fields, what).toEqual({ photo: [message] });
    }
    expect(readdirSync(directory).length).toBe(before);
    // An address the server did not write for an upload is refused too.
    const forged = await callEndpoint(db, adminTaxonomyApi.createBrand, {
      staff: clerk,
      body: { name: 'Forged', logo: 'https://evil.example/logo.svg' },
    });
    expect(forged.fields).toEqual({ logo: [t.pictureInvalid] });
  });
});
