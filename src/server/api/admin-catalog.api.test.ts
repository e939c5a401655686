// The staff's products through /api/admin (docs/decisions/0045-catalog-editing.md): bad forms get
// each field's message and store nothing, a stale version gets 409, and a saved change is what the
// shop's own API answers next. Who may call these is walked by admin-access.api.test.ts.
import { describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import type { Db } from '@/server/db/client';
import { products } from '@/server/db/schema/catalog';
import { adminCatalogApi } from '@/domain/api/admin-catalog';
import { catalogApi } from '@/domain/api/catalog';
import { adminCatalogMessages as t } from '@/domain/messages/admin-catalog';
import { useFreshDatabase } from '../../../tests/db';
import { insertBrand, insertCategory } from '../../../tests/factories';
import { signedInStaff, type StaffCaller } from '../../../tests/staff';
import { callEndpoint } from '../../../tests/api';

let db: Db;
let clerk: StaffCaller;
let categoryId: number;
let brandId: number;
useFreshDatabase(async (database) => {
  db = database.db;
  clerk = await signedInStaff(db, 'staff');
  categoryId = (await insertCategory(db)).id;
  brandId = (await insertBrand(db)).id;
});

const form = (overrides: Record<string, unknown> = {}) => ({
  name: 'Vault Door VD-200',
  sku: 'VD-200',
  price: '18500',
  weight_kg: '410',
  product_type: 'office' as const,
  category_ids: [categoryId],
  brand_id: brandId,
  description: '<p>Steel, 200 mm.</p>',
  published: true,
  ...overrides,
});

describe('the staff product API', () => {
  it('answers a bad form with each field’s message and stores nothing', async () => {
    const answer = await callEndpoint(db, adminCatalogApi.create, {
      staff: clerk,
      body: form({ name: '', sku: 'no spaces', price: 'twelve', category_ids: [] }) as never,
    });
    expect(answer.status).toBe(422);
    expect(answer.fields).toMatchObject({
      name: [t.nameRequired],
      sku: [t.skuFormat],
      price: [t.priceFormat],
      category_ids: [t.categoriesRequired],
    });
    expect(await db.select().from(products).where(eq(products.sku, 'no spaces'))).toEqual([]);
  });

  it('creates, then saves against the version read; the shop answers the new price at once; a stale save gets 409', async () => {
    const created = await callEndpoint(db, adminCatalogApi.create, { staff: clerk, body: { ...form(), quantity: 2 } });
    expect(created.status).toBe(201);
    const { id, version } = created.data;
    expect(created.data).toMatchObject({ status: 'live', price: 18500, quantity: 2, category_ids: [categoryId] });
    const shopBefore = await callEndpoint(db, catalogApi.productView, { query: { product_id: id } });
    expect(shopBefore.status).toBe(200);
    const saved = await callEndpoint(db, adminCatalogApi.update, {
      staff: clerk,
      params: { id },
      body: { ...form({ price: '17999.99' }), version },
    });
    expect(saved.status).toBe(200);
    expect(saved.data.version).toBe(version + 1);
    const shopAfter = await callEndpoint(db, catalogApi.productView, { query: { product_id: id } });
    expect(shopAfter.text).toContain('17999.99');
    const stale = await callEndpoint(db, adminCatalogApi.update, { staff: clerk, params: { id }, body: { ...form(), version } });
    expect(stale.status).toBe(409);
    expect(stale.message).toBe(t.staleVersion);
  });

  it('adjusts stock with a reason and refuses to go below 0 with the stock it has', async () => {
    const created = await callEndpoint(db, adminCatalogApi.create, { staff: clerk, body: { ...form({ sku: 'VD-201' }), quantity: 1 } });
    const id = created.data.id;
    const down = await callEndpoint(db, adminCatalogApi.adjustStock, {
      staff: clerk,
      params: { id },
      body: { delta: -2, reason: 'damaged' },
    });
    expect(down.status).toBe(422);
    expect(down.fields).toMatchObject({ delta: [t.stockBelowZero(1)] });
    const up = await callEndpoint(db, adminCatalogApi.adjustStock, {
      staff: clerk,
      params: { id },
      body: { delta: 4, reason: 'received', note: 'PO 77' },
    });
    expect(up.data).toMatchObject({
      quantity: 5,
      adjustment: { delta: 4, reason: 'received', note: 'PO 77', staff_name: clerk.staff.name },
    });
    const history = await callEndpoint(db, adminCatalogApi.stockHistory, { staff: clerk, params: { id } });
    expect(history.data.map((entry) => entry.quantity_after)).toEqual([5]);
  });
});
