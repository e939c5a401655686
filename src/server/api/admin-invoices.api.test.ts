// The staff's tax invoices and credit notes over HTTP (docs/product.md#back-office-tax-invoices):
// staff get the list, the accountant's CSV and each PDF; a customer and a guest are refused on
// every route before anything is read; a bad filter is a 422 naming the field; a missing document
// is a 404 that says which kind. Without SHOP_TRN the list says the shop issues none.
import { beforeAll, describe, expect, it } from 'vitest';
import type { Db } from '@/server/db/client';
import { adminInvoicesApi } from '@/domain/api/admin-invoices';
import { adminInvoicesCsvHeader } from '@/domain/messages/admin-invoices';
import { staffMessages } from '@/domain/messages/staff';
import { useFreshDatabase } from '../../../tests/db';
import { callApi, callEndpoint, expectStatus, type Envelope } from '../../../tests/api';
import { signedInCustomer, type Customer } from '../../../tests/shopping';
import { signedInStaff, type StaffCaller } from '../../../tests/staff';
import { insertUser } from '../../../tests/accounts';
import { insertOrder, type OrderRow } from '../../../tests/admin-orders';
import { insertCreditNote, insertTaxInvoice, type TaxCreditNoteRow, type TaxInvoiceRow } from '../../../tests/tax-invoice-factory';

// This file's server has no TRN, whatever the environment says (config() reads it at the first call).
delete process.env.SHOP_TRN;

let db: Db;
let staff: StaffCaller;
let customer: Customer;
let order: OrderRow;
let invoice: TaxInvoiceRow;
let note: TaxCreditNoteRow;
useFreshDatabase(async (database) => {
  db = database.db;
  staff = await signedInStaff(db, 'staff');
  customer = await signedInCustomer(db);
});

beforeAll(async () => {
  const buyer = await insertUser(db, { name: 'Noura Al Mansoori', email: 'noura.inv@example.ae' });
  order = await insertOrder(db, buyer, { lines: [['Fire Safe 40L', 2, 2_100_50]] });
  invoice = await insertTaxInvoice(db, order, {
    issuedAt: new Date('2026-11-20T10:00:00Z'),
    buyerName: '=Noura Trading',
    buyerTrn: '100200300400500',
  });
  note = await insertCreditNote(db, invoice, { issuedAt: new Date('2026-11-22T10:00:00Z'), gross: 1_050_25, reason: 'Refund of 1 unit' });
});

const paths = () => ['admin/invoices', 'admin/invoices.csv', `admin/invoices/${invoice.id}/pdf`, `admin/credit-notes/${note.id}/pdf`];

describe('who may call', () => {
  it('refuses a guest (401) and a customer (403) on every route, and lets staff in', async () => {
    for (const path of paths()) {
      const guest = await callApi(db, path);
      expect(guest.status, path).toBe(401);
      expect((guest.body as Envelope).message).toBe(staffMessages.guestRefused);
      const shopper = await callApi(db, path, { as: customer });
      expect(shopper.status, path).toBe(403);
      expect((shopper.body as Envelope).message).toBe(staffMessages.customerRefused);
      expect((await callApi(db, path, { staff })).status, path).toBe(200);
    }
  });
});

describe('GET /api/admin/invoices', () => {
  it('lists both kinds with their links and money in AED, and says no invoices are issued without a TRN', async () => {
    const r = await callEndpoint(db, adminInvoicesApi.list, { staff });
    expectStatus(r, 200);
    expect(r.data).toMatchObject({ current_page: 1, last_page: 1, per_page: 25, total: 2, issuing: false });
    expect(r.data.data.map((d) => d.number)).toEqual([note.number, invoice.number]);
    expect(r.data.data[1]).toEqual({
      type: 'invoice',
      id: invoice.id,
      number: invoice.number,
      form: 'full',
      type_label: 'Tax invoice',
      issued_at: '2026-11-20T10:00:00.000Z',
      order_id: order.id,
      buyer_name: '=Noura Trading',
      buyer_trn: '100200300400500',
      net_total: 2000.48,
      vat_total: 100.02,
      grand_total: 2100.5,
      reason: null,
      corrects: null,
      credit_notes: [{ id: note.id, number: note.number }],
      pdf_url: `/api/admin/invoices/${invoice.id}/pdf`,
    });
    expect(r.data.data[0]).toMatchObject({
      type: 'credit_note',
      form: null,
      type_label: 'Credit note',
      reason: 'Refund of 1 unit',
      grand_total: 1050.25,
      corrects: { id: invoice.id, number: invoice.number },
      credit_notes: [],
      pdf_url: `/api/admin/credit-notes/${note.id}/pdf`,
    });
  });

  it('searches and filters', async () => {
    const byTrn = await callEndpoint(db, adminInvoicesApi.list, { staff, query: { q: '100-200-300-400-500', type: 'invoice' } });
    expect(byTrn.data.data.map((d) => d.number)).toEqual([invoice.number]);
    const byDay = await callEndpoint(db, adminInvoicesApi.list, { staff, query: { from: '2026-11-21' } });
    expect(byDay.data.data.map((d) => d.number)).toEqual([note.number]);
  });

  it('names each field it cannot read', async () => {
    const r = await callApi(db, 'admin/invoices?type=receipt&from=2026-02-30&per_page=7', { staff });
    expect(r.status, r.text).toBe(422);
    expect(Object.keys((r.body as Envelope<Record<string, string[]>>).data).sort()).toEqual(['from', 'per_page', 'type']);
    const backwards = await callApi(db, 'admin/invoices?from=2026-11-02&to=2026-11-01', { staff });
    expect(backwards.status).toBe(422);
    expect((backwards.body as Envelope<Record<string, string[]>>).data.to).toEqual(['The last day must not be before the first.']);
  });
});

describe('GET /api/admin/invoices.csv', () => {
  it("answers the range's documents as a named CSV file, credit notes negative, formulas neutralised", async () => {
    const r = await callApi(db, 'admin/invoices.csv?from=2026-11-01&to=2026-11-30', { staff });
    expect(r.status).toBe(200);
    expect(r.headers.get('content-type')).toBe('text/csv; charset=utf-8');
    expect(r.headers.get('content-disposition')).toBe('attachment; filename="tax-documents-2026-11-01-to-2026-11-30.csv"');
    expect(r.headers.get('cache-control')).toContain('no-store');
    const lines = r.text
      .replace(/^\uFEFF/, '')
      .trim()
      .split('\n');
    expect(lines[0]).toBe(adminInvoicesCsvHeader.join(','));
    expect(lines.slice(1)).toEqual([
      `${invoice.number},2026-11-20,Tax invoice,,${order.id},'=Noura Trading,100200300400500,2000.48,100.02,2100.50`,
      `${note.number},2026-11-22,Credit note,${invoice.number},${order.id},'=Noura Trading,100200300400500,-1000.24,-50.01,-1050.25`,
    ]);
    const empty = await callApi(db, 'admin/invoices.csv?from=2026-12-01', { staff });
    expect(empty.text.replace(/^\uFEFF/, '').trim()).toBe(adminInvoicesCsvHeader.join(','));
  });
});

describe('the PDFs', () => {
  it('downloads an invoice and a credit note as PDF files named after their numbers', async () => {
    for (const [path, number] of [
      [`admin/invoices/${invoice.id}/pdf`, invoice.number],
      [`admin/credit-notes/${note.id}/pdf`, note.number],
    ] as const) {
      const r = await callApi(db, path, { staff });
      expect(r.status).toBe(200);
      expect(r.headers.get('content-type')).toBe('application/pdf');
      expect(r.headers.get('content-disposition')).toBe(`attachment; filename="${number}.pdf"`);
      expect(r.headers.get('cache-control')).toContain('no-store');
      expect(r.text.startsWith('%PDF-')).toBe(true);
    }
  });

  it('answers 404 naming the kind for a document that is not there, and 422 for a bad id', async () => {
    const invoiceMissing = await callApi(db, `admin/invoices/${invoice.id + 1000}/pdf`, { staff });
    expect(invoiceMissing.status).toBe(404);
    expect((invoiceMissing.body as Envelope).message).toBe('Tax invoice not found');
    // A credit note's id is not an invoice's: the credit-note route does not answer an invoice.
    const noteMissing = await callApi(db, `admin/credit-notes/${note.id + 1000}/pdf`, { staff });
    expect(noteMissing.status).toBe(404);
    expect((noteMissing.body as Envelope).message).toBe('Credit note not found');
    expect((await callApi(db, 'admin/invoices/abc/pdf', { staff })).status).toBe(422);
  });
});
