// The back office's invoice pages as the built server renders them (docs/product.md#back-office-tax-invoices),
// on documents written by the test factory (the e2e server cannot be given any until issuing
// exists): /admin/invoices lists both kinds with their links and PDFs, the order page shows its
// documents, both say plainly that no tax invoices are issued while SHOP_TRN is not set (and say
// nothing of it once it is), and a guest or a customer is sent to the staff sign-in. On PGlite, or
// with TEST_DATABASE_URL on a PostgreSQL database of its own.
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openDatabase, type DatabaseHandle } from '@/server/db/client';
import { createSession } from '@/server/accounts/session.service';
import { STAFF_COOKIE } from '@/server/staff/staff-session';
import { adminInvoicesTexts } from '@/domain/messages/admin-invoices';
import { adminQuery, databaseUrl, uniqueDatabaseName } from '../../../tests/db';
import { buildIfStale } from '../../../scripts/build-if-stale';
import { startBuiltShop, stopBuiltShop, type RunningShop } from '../../../tests/running-shop';
import { insertUser } from '../../../tests/accounts';
import { insertOrder, type OrderRow } from '../../../tests/admin-orders';
import { signedInStaff } from '../../../tests/staff';
import { insertCreditNote, insertTaxInvoice, type TaxCreditNoteRow, type TaxInvoiceRow } from '../../../tests/tax-invoice-factory';

let env: Record<string, string> = {};
let cleanup: () => Promise<void> = async () => {};
let staffToken = '';
let customerToken = '';
let order: OrderRow;
let plainOrder: OrderRow;
let invoice: TaxInvoiceRow;
let note: TaxCreditNoteRow;

async function prepare(handle: DatabaseHandle): Promise<void> {
  const { db } = handle;
  staffToken = (await signedInStaff(db, 'staff')).token;
  const buyer = await insertUser(db, { name: 'Hessa Al Ketbi', email: 'hessa.pages@example.ae' });
  customerToken = (await createSession(db, buyer.id, null)).token;
  order = await insertOrder(db, buyer, { lines: [['Fire Safe 40L', 2, 2_100_50]] });
  plainOrder = await insertOrder(db, buyer);
  invoice = await insertTaxInvoice(db, order, {
    issuedAt: new Date('2026-11-20T10:00:00Z'),
    buyerName: 'Ketbi Office Supplies LLC',
    buyerTrn: '100200300400500',
  });
  note = await insertCreditNote(db, invoice, { issuedAt: new Date('2026-11-22T10:00:00Z'), gross: 1_050_25, reason: 'Refund of 1 unit' });
}

beforeAll(async () => {
  buildIfStale(() => {});
  const adminUrl = process.env.TEST_DATABASE_URL;
  if (adminUrl) {
    const name = uniqueDatabaseName('invoice_pages');
    await adminQuery(adminUrl, `create database "${name}"`);
    const url = databaseUrl(adminUrl, name);
    const handle = await openDatabase({ url });
    await handle.migrate();
    await prepare(handle);
    await handle.close();
    env = { DATABASE_URL: url };
    cleanup = () => adminQuery(adminUrl, `drop database if exists "${name}" with (force)`);
  } else {
    const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'shop-invoice-pages-'));
    const handle = await openDatabase({ dataDir: path.join(dataDir, 'pglite') });
    await handle.migrate();
    await prepare(handle);
    await handle.close();
    env = { DATA_DIR: dataDir };
    cleanup = async () => fs.rmSync(dataDir, { recursive: true, force: true });
  }
}, 600_000);

afterAll(async () => {
  await cleanup();
});

/** The built shop with or without the shop's TRN; one at a time (PGlite is one process's). */
async function withShop(trn: string | undefined, body: (shop: RunningShop) => Promise<void>): Promise<void> {
  const shop = await startBuiltShop({ ...env, SHOP_TRN: trn ?? '' });
  try {
    await body(shop);
  } finally {
    await stopBuiltShop(shop);
  }
}

async function get(shop: RunningShop, pathname: string, cookie?: string) {
  const response = await fetch(shop.url(pathname), { redirect: 'manual', headers: cookie ? { cookie } : {} });
  return { status: response.status, location: response.headers.get('location'), html: await response.text() };
}

const asStaff = () => `${STAFF_COOKIE}=${staffToken}`;
/** The notice's words as the HTML writes them (the apostrophe is a typographic one). */
const NOTICE = 'No tax invoices are issued: the shop’s TRN is not set.';

describe('the back office without SHOP_TRN', () => {
  it('lists the documents, shows the order page’s documents, and says on both that none are issued', async () => {
    await withShop(undefined, async (shop) => {
      const list = await get(shop, '/admin/invoices', asStaff());
      expect(list.status).toBe(200);
      expect(list.html).toContain(NOTICE);
      // Both kinds, newest first, each in the table and as a card, with its PDF and its links.
      const numbers = [...list.html.matchAll(/data-testid="invoice-row" data-number="([^"]+)"/g)].map((m) => m[1]);
      expect(numbers).toEqual([note.number, invoice.number]);
      expect([...list.html.matchAll(/data-testid="invoice-card" data-number="([^"]+)"/g)].map((m) => m[1])).toEqual(numbers);
      expect(list.html).toContain(`href="/api/admin/invoices/${invoice.id}/pdf"`);
      expect(list.html).toContain(`href="/api/admin/credit-notes/${note.id}/pdf"`);
      expect(list.html).toContain(adminInvoicesTexts.corrects(invoice.number));
      expect(list.html).toContain(`href="/admin/invoices?q=${note.number}"`);
      expect(list.html).toContain(`href="/admin/orders/${order.id}"`);
      expect(list.html).toContain('Ketbi Office Supplies LLC');
      expect(list.html).toContain('100200300400500');
      expect(list.html).toContain('−AED\u00a01,050.25');

      const credit = await get(shop, '/admin/invoices?type=credit_note', asStaff());
      expect([...credit.html.matchAll(/data-testid="invoice-row" data-number="([^"]+)"/g)].map((m) => m[1])).toEqual([note.number]);

      const page = await get(shop, `/admin/orders/${order.id}`, asStaff());
      expect(page.status).toBe(200);
      expect(page.html).toContain(NOTICE);
      expect([...page.html.matchAll(/data-testid="order-tax-document" data-number="([^"]+)"/g)].map((m) => m[1])).toEqual([
        invoice.number,
        note.number,
      ]);
      expect(page.html).toContain('Refund of 1 unit');
      // An order without documents: only the notice, not the promise of an invoice to come.
      const plain = await get(shop, `/admin/orders/${plainOrder.id}`, asStaff());
      expect(plain.html).toContain(NOTICE);
      expect(plain.html).not.toContain('data-testid="order-no-invoice"');
    });
  }, 120_000);

  it('sends a guest and a customer to the staff sign-in from each page', async () => {
    await withShop(undefined, async (shop) => {
      for (const pathname of ['/admin/invoices', `/admin/orders/${order.id}`]) {
        for (const cookie of [undefined, `session=${customerToken}`]) {
          const r = await get(shop, pathname, cookie);
          expect(r.status, pathname).toBe(303);
          expect(r.location).toBe(`/admin/login?next=${encodeURIComponent(pathname)}`);
          expect(r.html).not.toContain(invoice.number);
        }
      }
    });
  }, 120_000);
});

describe('the back office with SHOP_TRN', () => {
  it('says nothing of a missing TRN, and promises the invoice of an order that has none yet', async () => {
    await withShop('100 1234 5670 0003', async (shop) => {
      const list = await get(shop, '/admin/invoices', asStaff());
      expect(list.status).toBe(200);
      expect(list.html).not.toContain(NOTICE);
      expect(list.html).not.toContain('data-testid="no-trn-notice"');
      const page = await get(shop, `/admin/orders/${order.id}`, asStaff());
      expect(page.html).not.toContain(NOTICE);
      const plain = await get(shop, `/admin/orders/${plainOrder.id}`, asStaff());
      expect(plain.html).toContain('data-testid="order-no-invoice"');
    });
  }, 120_000);
});
