// The products' CSV import and export (docs/decisions/0048-product-csv.md), on both engines: the
// file read (BOM, any column order, unknown columns, file-level refusals), the dry run writing
// nothing, creates and updates by SKU (only the columns given), versions, stock adjustments, the
// audit entries, the route cache tags, a batch refused keeping the batches before, and an export
// that imports back with no change.
import { afterEach, beforeAll, describe, expect, it } from 'vitest';
import { count, eq } from 'drizzle-orm';
import type { Db } from '@/server/db/client';
import { products, stockAdjustments } from '@/server/db/schema/catalog';
import { auditLog } from '@/server/db/schema/staff';
import { productImports } from '@/server/db/schema/product-imports';
import type { StaffMember } from '@/server/staff/staff.service';
import { ValidationError } from '@/server/errors';
import { registerLocalCache } from '@/server/cache/registry';
import { csvStream } from '@/server/csv';
import { cacheTags } from '@/server/cache/tags';
import { PRODUCT_CSV_COLUMNS } from '@/domain/product-csv';
import { productCsvMessages as m } from '@/domain/messages/admin-product-csv';
import { adminCatalogMessages as t } from '@/domain/messages/admin-catalog';
import { useFreshDatabase } from '../../../tests/db';
import { insertBrand, insertCategory, insertProduct } from '../../../tests/factories';
import { signedInStaff } from '../../../tests/staff';
import { adminProductFiltersOf } from './product-admin.service';
import { adminProductListQuery } from '@/domain/api/admin-catalog';
import {
  IMPORT_STALL_MS,
  checkProductCsv,
  importStatusOf,
  productCsvRecords,
  productImport,
  readProductCsv,
  runProductImport,
  startProductImport,
  type ProductCsvFile,
} from './product-csv.service';

let db: Db;
let staff: StaffMember;
let safes: { id: number; name: string };
let shredders: { id: number; name: string };
let brand: { id: number; name: string };
useFreshDatabase(async (database) => {
  db = database.db;
  staff = (await signedInStaff(db, 'staff', { name: 'Omar Catalog' })).staff;
  safes = await insertCategory(db, { name: 'CSV Safes' });
  shredders = await insertCategory(db, { name: 'CSV Shredders' });
  brand = await insertBrand(db, { name: 'CSV GuardLine' });
});

const invalidated: string[][] = [];
beforeAll(() => registerLocalCache({ invalidate: async ({ tags }) => void invalidated.push(tags) }));
afterEach(() => {
  invalidated.length = 0;
});

const bytes = (text: string) => new TextEncoder().encode(text);
const csvOf = (rows: string[][]) =>
  rows.map((r) => r.map((c) => (/[",\n]/.test(c) ? `"${c.replaceAll('"', '""')}"` : c)).join(',')).join('\r\n');
let n = 0;
const sku = () => `CSV-${++n}`;

async function importAll(file: ProductCsvFile) {
  const { check, job, run } = await startProductImport(db, staff, file, 'test.csv');
  await run;
  return { check, job: job ? await productImport(db, job.id) : null };
}

describe('reading a file', () => {
  it('takes a BOM, columns in any order and any case, and lists unknown columns', () => {
    const file = readProductCsv(bytes(`\uFEFFName,SKU,Colour\r\nSafe,A-1,red\r\n\r\n`));
    expect(file.columns).toEqual(['name', 'sku']);
    expect(file.unknownColumns).toEqual(['Colour']);
    expect(file.rows).toEqual([{ row: 2, cells: { name: 'Safe', sku: 'A-1' } }]);
  });

  it('refuses a file without a sku column, without rows, not UTF-8 or not CSV, with the file’s message', () => {
    const refusal = (text: Uint8Array) => {
      try {
        readProductCsv(text);
      } catch (error) {
        expect(error).toBeInstanceOf(ValidationError);
        return (error as ValidationError).fields?.file?.[0];
      }
      return null;
    };
    expect(refusal(bytes('name\nSafe\n'))).toBe(m.skuColumnMissing);
    expect(refusal(bytes('sku,name\n'))).toBe(m.empty);
    expect(refusal(new Uint8Array([0x73, 0x6b, 0x75, 0x0a, 0xff, 0xfe, 0x0a]))).toBe(m.notUtf8);
    expect(refusal(bytes('sku,name\nA,"open\n'))).toBe(m.malformed(2));
    expect(refusal(bytes('sku,name,sku\nA,b,c\n'))).toBe(m.duplicateColumn('sku'));
  });
});

describe('the dry run', () => {
  it('lists each row’s problems (row, column, message), counts, and writes nothing', async () => {
    const existing = await insertProduct(db, { sku: 'CSV-EXISTING', categoryIds: [safes.id] });
    const before = (await db.select({ n: count() }).from(products))[0]!.n;
    const audits = (await db.select({ n: count() }).from(auditLog))[0]!.n;
    const file = readProductCsv(
      bytes(
        csvOf([
          ['sku', 'name', 'price', 'weight_kg', 'product_type', 'categories', 'surprise'],
          ['', 'No SKU', '10', '1', 'office', safes.name, ''],
          ['DUP-1', 'First', '10', '1', 'office', safes.name, ''],
          ['dup-1', 'Second', '10', '1', 'office', safes.name, ''],
          ['BAD-PRICE', 'Bad price', 'ten', '1', 'office', safes.name, ''],
          ['NO-CAT', 'No category', '10', '1', 'office', 'Vault doors', ''],
          ['csv-existing', 'Renamed', '10', '1', 'office', safes.name, ''],
        ]),
      ),
    );
    const check = await checkProductCsv(db, file);
    expect(check).toMatchObject({ total: 6, creates: 1, updates: 1, unchanged: 0, problemCount: 5 });
    expect(check.problems).toEqual([
      { row: 1, column: 'surprise', message: m.unknownColumn('surprise') },
      { row: 2, column: 'sku', message: t.skuRequired },
      { row: 4, column: 'sku', message: m.duplicateSku(3) },
      { row: 5, column: 'price', message: t.priceFormat },
      { row: 6, column: 'categories', message: m.unknownCategory('Vault doors') },
    ]);
    const started = await startProductImport(db, staff, file, 'bad.csv');
    expect(started.job).toBeNull();
    expect((await db.select({ n: count() }).from(products))[0]!.n).toBe(before);
    expect((await db.select({ n: count() }).from(auditLog))[0]!.n).toBe(audits);
    expect((await db.select().from(products).where(eq(products.id, existing.id)))[0]!.name).toBe(existing.name);
    expect(await db.select().from(productImports)).toEqual([]);
  });
});

describe('the import', () => {
  it('creates and updates by SKU (only the columns given), sanitises HTML, bumps versions, records stock and audit, invalidates tags', async () => {
    const old = await insertProduct(db, { sku: 'CSV-OLD', name: 'Old name', quantity: 5, categoryIds: [safes.id], published: true });
    const created = sku();
    const file = readProductCsv(
      bytes(
        csvOf([
          ['sku', 'name', 'price', 'discount', 'stock', 'weight_kg', 'product_type', 'categories', 'brand', 'published', 'description'],
          [
            created,
            '=cmd|calc',
            '1299.50',
            '10',
            '7',
            '12.5',
            'home',
            `${safes.name}|${shredders.id}`,
            brand.name,
            'yes',
            '<p>Strong<script>alert(1)</script></p>',
          ],
        ]),
      ),
    );
    const first = await importAll(file);
    expect(first.job).toMatchObject({ status: 'done', total: 1, done: 1, created: 1, updated: 0, unchanged: 0 });
    const [product] = await db.select().from(products).where(eq(products.sku, created));
    expect(product).toMatchObject({
      name: '=cmd|calc',
      unitPrice: 129950,
      discount: 10,
      quantity: 7,
      weightKg: 12.5,
      productType: 'home',
      brandId: brand.id,
      published: true,
      description: '<p>Strong</p>',
      categoryIds: [safes.id, shredders.id].sort((a, b) => a - b),
      version: 0,
    });
    expect(await db.select().from(stockAdjustments).where(eq(stockAdjustments.productId, product!.id))).toMatchObject([
      { delta: 7, quantityAfter: 7, reason: 'import', staffId: staff.id },
    ]);
    expect(invalidated.flat()).toEqual(
      expect.arrayContaining([cacheTags.product(product!.id), cacheTags.lists, cacheTags.category(safes.id)]),
    );

    const update = readProductCsv(
      bytes(
        csvOf([
          ['sku', 'price', 'stock'],
          ['csv-old', '250', '2'],
        ]),
      ),
    );
    const second = await importAll(update);
    expect(second.job).toMatchObject({ status: 'done', created: 0, updated: 1 });
    const [after] = await db.select().from(products).where(eq(products.id, old.id));
    expect(after).toMatchObject({
      name: 'Old name',
      sku: 'CSV-OLD',
      unitPrice: 25000,
      quantity: 2,
      version: old.version + 1,
      published: true,
    });
    expect(await db.select().from(stockAdjustments).where(eq(stockAdjustments.productId, old.id))).toMatchObject([
      { delta: -3, quantityAfter: 2, reason: 'import' },
    ]);
    const entries = await db.select().from(auditLog).where(eq(auditLog.action, 'product.import'));
    expect(entries).toHaveLength(2);
    expect(entries[1]).toMatchObject({ entityType: 'product_import', after: { updated: 1, updatedIds: [old.id], stockChanges: 1 } });

    // The same file again: nothing to write.
    const again = await importAll(update);
    expect(again.check).toMatchObject({ updates: 0, unchanged: 1 });
    expect((await db.select().from(products).where(eq(products.id, old.id)))[0]!.version).toBe(old.version + 1);
  });

  it('writes in batches: progress per batch; a batch refused stops the import and keeps the batches before', async () => {
    const rows = Array.from({ length: 5 }, () => [sku(), 'Batch product', '10', '1', 'office', safes.name]);
    const file = readProductCsv(bytes(csvOf([['sku', 'name', 'price', 'weight_kg', 'product_type', 'categories'], ...rows])));
    const [job] = await db.insert(productImports).values({ staffId: staff.id, fileName: 'b.csv', total: 5 }).returning();
    // The last row's category went away after the check: its batch, checked again, is refused.
    file.rows[4]!.cells.categories = 'CSV Gone';
    await runProductImport(db, staff, job!.id, file, () => new Date(), 2);
    const result = await productImport(db, job!.id);
    expect(result).toMatchObject({ status: 'failed', done: 4, created: 4 });
    expect(result.problems).toEqual([{ row: 6, column: 'categories', message: m.unknownCategory('CSV Gone') }]);
  });

  it('an import still running that has not moved for a while is shown as interrupted (a restart)', async () => {
    const [job] = await db.insert(productImports).values({ staffId: staff.id, fileName: 'c.csv', total: 10 }).returning();
    expect(importStatusOf(job!, new Date(job!.updatedAt.getTime() + 1000))).toBe('running');
    expect(importStatusOf(job!, new Date(job!.updatedAt.getTime() + IMPORT_STALL_MS + 1))).toBe('interrupted');
    expect(importStatusOf({ ...job!, status: 'done' }, new Date(job!.updatedAt.getTime() + IMPORT_STALL_MS + 1))).toBe('done');
  });

  it('exports the filtered products in the import’s columns; the file imports back with no change', async () => {
    const group = await insertCategory(db, { name: 'CSV Round trip' });
    await insertProduct(db, {
      sku: 'RT-1',
      name: '-minus first',
      categoryIds: [group.id, safes.id],
      brandId: brand.id,
      description: '<p>Hello, world</p>\n<p>Two lines</p>',
      colorGroup: 'rt',
      colorName: 'Black',
      colorHex: '#23262b',
      metaKeywords: '=1+1',
      discount: 15,
      weightKg: 3.25,
    });
    await insertProduct(db, { sku: 'RT-2', name: 'Plain', categoryIds: [group.id], published: false, quantity: 0 });
    await insertProduct(db, { sku: 'RT-OTHER', name: 'Elsewhere', categoryIds: [safes.id] });
    const filters = adminProductFiltersOf(adminProductListQuery.parse({ category_id: group.id }));
    const stream = csvStream(PRODUCT_CSV_COLUMNS, productCsvRecords(db, filters, 1));
    const exported = new Uint8Array(await new Response(stream).arrayBuffer());
    const file = readProductCsv(exported);
    expect(file.columns).toEqual([...PRODUCT_CSV_COLUMNS]);
    expect(file.rows.map((r) => r.cells.sku)).toEqual(['RT-1', 'RT-2']);
    expect(file.rows[0]!.cells).toMatchObject({ name: "'-minus first", meta_keywords: "'=1+1", categories: `${safes.name}|${group.name}` });
    const check = await checkProductCsv(db, file);
    expect(check).toMatchObject({ total: 2, creates: 0, updates: 0, unchanged: 2, problemCount: 0 });
  });
});
