// The products' CSV through /api/admin (docs/decisions/0048-product-csv.md): the dry run answers each
// row's problems and writes nothing; a clean file starts an import (202) whose progress the page
// reads until it is done; the export is a CSV file of the filtered products; guests and customers
// are refused on every route, before the file is read.
import { describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import type { Db } from '@/server/db/client';
import { products } from '@/server/db/schema/catalog';
import { adminProductCsvApi } from '@/domain/api/admin-product-csv';
import { adminCatalogMessages as t } from '@/domain/messages/admin-catalog';
import { productCsvMessages as m } from '@/domain/messages/admin-product-csv';
import { staffMessages } from '@/domain/messages/staff';
import { useFreshDatabase } from '../../../tests/db';
import { insertCategory } from '../../../tests/factories';
import { signedInStaff, type StaffCaller } from '../../../tests/staff';
import { signedInCustomer, type Customer } from '../../../tests/shopping';
import { callApi, callEndpoint, type Envelope } from '../../../tests/api';

let db: Db;
let clerk: StaffCaller;
let customer: Customer;
let categoryName: string;
useFreshDatabase(async (database) => {
  db = database.db;
  clerk = await signedInStaff(db, 'staff');
  customer = await signedInCustomer(db);
  categoryName = (await insertCategory(db, { name: 'API CSV Safes' })).name;
});

const csvFile = (text: string, name = 'products.csv') => new File([text], name, { type: 'text/csv' });
const goodFile = () =>
  csvFile(
    `sku,name,price,weight_kg,product_type,categories,stock\nAPI-1,Safe one,100,5,office,${categoryName},3\nAPI-2,Safe two,200.50,6,home,${categoryName},0\n`,
  );

describe('the product CSV API', () => {
  it('checks a file: counts and each row’s problems, nothing written', async () => {
    const answer = await callEndpoint(db, adminProductCsvApi.check, {
      staff: clerk,
      body: { file: csvFile(`sku,name,price,weight_kg,product_type,categories\nAPI-9,,abc,5,office,${categoryName}\n`) },
      encoding: 'multipart',
    });
    expect(answer.status, answer.text).toBe(200);
    expect(answer.data).toMatchObject({
      total: 1,
      creates: 0,
      problem_count: 2,
      problems: [
        { row: 2, column: 'name', message: t.nameRequired },
        { row: 2, column: 'price', message: t.priceFormat },
      ],
    });
    expect(await db.select().from(products).where(eq(products.sku, 'API-9'))).toEqual([]);
  });

  it('refuses a file that is not CSV with the file’s message', async () => {
    const answer = await callEndpoint(db, adminProductCsvApi.check, {
      staff: clerk,
      body: { file: csvFile('name\nno sku column\n') },
      encoding: 'multipart',
    });
    expect(answer.status).toBe(422);
    expect(answer.fields).toMatchObject({ file: [m.skuColumnMissing] });
  });

  it('imports a clean file in the background; its progress reaches the total', async () => {
    const started = await callEndpoint(db, adminProductCsvApi.start, { staff: clerk, body: { file: goodFile() }, encoding: 'multipart' });
    expect(started.status, started.text).toBe(202);
    expect(started.data?.check).toMatchObject({ creates: 2, problem_count: 0 });
    const id = started.data!.import!.id;
    let progress = started.data!.import!;
    for (let i = 0; i < 100 && progress.status === 'running'; i++) {
      await new Promise((resolve) => setTimeout(resolve, 20));
      progress = (await callEndpoint(db, adminProductCsvApi.import, { staff: clerk, params: { id } })).data!;
    }
    expect(progress).toMatchObject({ status: 'done', total: 2, done: 2, created: 2, file_name: 'products.csv' });
    expect((await db.select().from(products).where(eq(products.sku, 'API-2')))[0]).toMatchObject({ unitPrice: 20050, published: false });

    const exported = await callApi(db, `admin/products.csv?q=API-&status=draft`, { staff: clerk });
    expect(exported.status).toBe(200);
    expect(exported.headers.get('content-type')).toBe('text/csv; charset=utf-8');
    expect(exported.headers.get('content-disposition')).toMatch(/^attachment; filename="products-\d{4}-\d{2}-\d{2}\.csv"$/);
    const lines = exported.text
      .replace(/^\uFEFF/, '')
      .trim()
      .split('\n');
    expect(lines[0]).toMatch(/^sku,name,price,discount,stock,/);
    expect(lines.slice(1).map((line) => line.split(',')[0])).toEqual(['API-1', 'API-2']);
  });

  it('answers a file with problems without starting anything', async () => {
    const answer = await callEndpoint(db, adminProductCsvApi.start, {
      staff: clerk,
      body: { file: csvFile('sku,price\nAPI-NEW,1\n') },
      encoding: 'multipart',
    });
    expect(answer.status).toBe(200);
    expect(answer.message).toBe(m.notStarted);
    expect(answer.data?.import).toBeNull();
    expect(answer.data?.check.problem_count).toBeGreaterThan(0);
  });

  for (const [method, path] of [
    ['GET', 'admin/products.csv'],
    ['POST', 'admin/product-imports/check'],
    ['POST', 'admin/product-imports'],
    ['GET', 'admin/product-imports/1'],
  ] as const) {
    it(`${method} /api/${path} refuses a guest (401) and a customer (403)`, async () => {
      const form = method === 'POST' ? new FormData() : undefined;
      form?.append('file', goodFile());
      const guest = await callApi(db, path, { method, multipart: form });
      expect(guest.status).toBe(401);
      expect((guest.body as Envelope).message).toBe(staffMessages.guestRefused);
      const asCustomer = await callApi(db, path, { method, multipart: form, as: customer });
      expect(asCustomer.status).toBe(403);
      expect((asCustomer.body as Envelope).message).toBe(staffMessages.customerRefused);
    });
  }
});
