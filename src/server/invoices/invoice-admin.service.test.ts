// The back office's tax invoices and credit notes (docs/product.md#back-office-tax-invoices): one
// list of both kinds newest first with their links both ways, the search by number, order, TRN and
// buyer, Dubai days of issue, paging, the accountant's CSV (oldest first, credit notes negative,
// streamed in keyset batches) and each document's PDF from its frozen document.
import { beforeAll, describe, expect, it } from 'vitest';
import type { Db } from '@/server/db/client';
import { adminInvoiceListQuerySchema, type AdminInvoiceListQuery } from '@/domain/admin-invoices';
import { NotFoundError } from '@/server/errors';
import { csvStream } from '@/server/csv';
import { adminInvoicesCsvHeader } from '@/domain/messages/admin-invoices';
import { useFreshDatabase } from '../../../tests/db';
import { insertUser } from '../../../tests/accounts';
import { insertOrder, type OrderRow } from '../../../tests/admin-orders';
import { insertCreditNote, insertTaxInvoice, type TaxCreditNoteRow, type TaxInvoiceRow } from '../../../tests/tax-invoice-factory';
import {
  INVOICE_CSV_OPTIONS,
  invoiceCsvFilename,
  invoiceCsvRecords,
  listTaxDocuments,
  orderTaxDocuments,
  taxDocumentPdf,
  taxDocumentSearch,
  taxInvoicesIssued,
} from './invoice-admin.service';

let db: Db;
useFreshDatabase(async (database) => {
  db = database.db;
});

const query = (fields: Record<string, unknown> = {}): AdminInvoiceListQuery => adminInvoiceListQuerySchema.parse(fields);
const numbers = async (fields: Record<string, unknown> = {}) => (await listTaxDocuments(db, query(fields))).rows.map((r) => r.number);

const COMPANY_TRN = '100200300400500';
let consumerOrder: OrderRow, companyOrder: OrderRow, lateOrder: OrderRow, bigOrder: OrderRow;
let inv1: TaxInvoiceRow, inv2: TaxInvoiceRow, inv3: TaxInvoiceRow, inv4: TaxInvoiceRow;
let cn1: TaxCreditNoteRow, cn2: TaxCreditNoteRow;

beforeAll(async () => {
  const layla = await insertUser(db, { name: 'Layla Haddad', email: 'layla.inv@example.ae' });
  const omar = await insertUser(db, { name: 'Omar Farouk', email: 'omar.inv@example.ae' });
  consumerOrder = await insertOrder(db, layla, { lines: [['Fire Safe 40L', 1, 1_050_00]] });
  companyOrder = await insertOrder(db, omar, { lines: [['Vault Door', 2, 2_100_50]] });
  lateOrder = await insertOrder(db, layla, { lines: [['Shredder', 1, 315_00]] });
  bigOrder = await insertOrder(db, omar, { lines: [['Mobile Shelving', 1, 12_600_00]] });
  // 19:59 UTC on the 1st is 23:59 on the 1st in Dubai; 20:00 UTC is already the 2nd there.
  inv1 = await insertTaxInvoice(db, consumerOrder, { issuedAt: new Date('2026-11-01T19:59:00Z'), buyerName: 'Layla Haddad' });
  inv2 = await insertTaxInvoice(db, companyOrder, {
    issuedAt: new Date('2026-11-01T20:00:00Z'),
    buyerName: 'Gulf 100% Safes Trading LLC',
    buyerTrn: COMPANY_TRN,
  });
  inv3 = await insertTaxInvoice(db, lateOrder, { issuedAt: new Date('2026-11-10T08:00:00Z'), buyerName: 'Layla Haddad' });
  inv4 = await insertTaxInvoice(db, bigOrder, { issuedAt: new Date('2026-11-10T08:00:00Z'), buyerName: 'Omar Farouk', form: 'full' });
  cn1 = await insertCreditNote(db, inv2, { issuedAt: new Date('2026-11-05T09:00:00Z'), gross: 1_050_25, reason: 'Refund of 1 unit' });
  cn2 = await insertCreditNote(db, inv2, { issuedAt: new Date('2026-11-12T09:00:00Z'), reason: 'Cancelled after invoicing' });
});

describe('the list', () => {
  it('shows both kinds newest first, each with the order, buyer, amounts and its links both ways', async () => {
    const page = await listTaxDocuments(db, query());
    // inv3 and inv4 share their instant: the later id comes first, and paging keeps that order.
    expect(page.rows.map((r) => r.number)).toEqual([cn2.number, inv4.number, inv3.number, cn1.number, inv2.number, inv1.number]);
    expect(page).toMatchObject({ total: 6, page: 1, perPage: 25, lastPage: 1 });
    const invoice = page.rows.find((r) => r.number === inv2.number)!;
    expect(invoice).toMatchObject({
      type: 'invoice',
      form: 'full',
      orderId: companyOrder.id,
      buyerName: 'Gulf 100% Safes Trading LLC',
      buyerTrn: COMPANY_TRN,
      grandTotal: 2_100_50,
      corrects: null,
      reason: null,
    });
    expect(invoice.netTotal + invoice.vatTotal).toBe(2_100_50);
    expect(invoice.issuedAt).toEqual(new Date('2026-11-01T20:00:00Z'));
    expect(invoice.creditNotes).toEqual([
      { id: cn1.id, number: cn1.number },
      { id: cn2.id, number: cn2.number },
    ]);
    const note = page.rows.find((r) => r.number === cn1.number)!;
    expect(note).toMatchObject({
      type: 'credit_note',
      form: null,
      orderId: companyOrder.id,
      reason: 'Refund of 1 unit',
      grandTotal: 1_050_25,
      corrects: { id: inv2.id, number: inv2.number },
      creditNotes: [],
    });
    expect(page.rows.find((r) => r.number === inv1.number)).toMatchObject({ form: 'simplified', buyerTrn: null, creditNotes: [] });
  });

  it('shows one kind when asked', async () => {
    expect(await numbers({ type: 'invoice' })).toEqual([inv4.number, inv3.number, inv2.number, inv1.number]);
    expect(await numbers({ type: 'credit_note' })).toEqual([cn2.number, cn1.number]);
    expect((await listTaxDocuments(db, query({ type: 'credit_note' }))).total).toBe(2);
  });

  it('filters by Asia/Dubai days of issue, both ends included', async () => {
    expect(await numbers({ from: '2026-11-01', to: '2026-11-01' })).toEqual([inv1.number]);
    expect(await numbers({ from: '2026-11-02', to: '2026-11-05' })).toEqual([cn1.number, inv2.number]);
    expect(await numbers({ from: '2026-11-10' })).toEqual([cn2.number, inv4.number, inv3.number]);
    expect(await numbers({ to: '2026-11-01' })).toEqual([inv1.number]);
    expect(await numbers({ type: 'credit_note', from: '2026-11-06' })).toEqual([cn2.number]);
  });
});

describe('the search', () => {
  it('reads what was typed by its form', () => {
    expect(taxDocumentSearch('INV-000042')).toEqual({ by: 'number', series: 'INV', sequence: 42 });
    expect(taxDocumentSearch(' cn-7 ')).toEqual({ by: 'number', series: 'CN', sequence: 7 });
    expect(taxDocumentSearch('#12')).toEqual({ by: 'order', orderId: 12 });
    expect(taxDocumentSearch('12')).toEqual({ by: 'order', orderId: 12 });
    expect(taxDocumentSearch('100 2003-0040 0500')).toEqual({ by: 'trn', trn: COMPANY_TRN });
    expect(taxDocumentSearch('12345678901')).toEqual({ by: 'nothing' });
    expect(taxDocumentSearch('Gulf')).toEqual({ by: 'buyer', contains: 'Gulf' });
    expect(taxDocumentSearch('  ')).toBeUndefined();
  });

  it('finds a document by its printed number, whatever the case and leading zeros', async () => {
    expect(await numbers({ q: inv2.number })).toEqual([inv2.number]);
    expect(await numbers({ q: `inv-${inv2.sequence}` })).toEqual([inv2.number]);
    expect(await numbers({ q: cn1.number.toLowerCase() })).toEqual([cn1.number]);
    expect(await numbers({ q: 'INV-999999' })).toEqual([]);
  });

  it("finds an order's invoice and credit notes by the order number", async () => {
    expect(await numbers({ q: `#${companyOrder.id}` })).toEqual([cn2.number, cn1.number, inv2.number]);
    expect(await numbers({ q: String(consumerOrder.id) })).toEqual([inv1.number]);
    expect(await numbers({ q: String(companyOrder.id), type: 'invoice' })).toEqual([inv2.number]);
  });

  it('finds a buyer by TRN, typed with spaces or dashes', async () => {
    expect(await numbers({ q: '100-2003-0040-0500' })).toEqual([cn2.number, cn1.number, inv2.number]);
    expect(await numbers({ q: '100200300400501' })).toEqual([]);
  });

  it('finds buyers whose name contains the text, any case, with % searched as typed', async () => {
    expect(await numbers({ q: 'haddad' })).toEqual([inv3.number, inv1.number]);
    expect(await numbers({ q: '100% safes' })).toEqual([cn2.number, cn1.number, inv2.number]);
    expect(await numbers({ q: '0% Trad' })).toEqual([]);
    expect(await numbers({ q: 'Laylaa' })).toEqual([]);
  });

  it('combines the search with the kind and the dates', async () => {
    expect(await numbers({ q: 'Gulf', type: 'credit_note', to: '2026-11-05' })).toEqual([cn1.number]);
  });
});

describe('paging', () => {
  it('pages through every document once, newest first, with the total and the last page', async () => {
    const buyer = await insertUser(db, { name: 'Paging Buyer', email: 'paging.inv@example.ae' });
    const made: string[] = [];
    for (let i = 0; i < 27; i++) {
      const order = await insertOrder(db, buyer, { lines: [['Safe', 1, 100_00 + i]] });
      // Three share each instant: the order between them comes from the ids.
      const issuedAt = new Date(Date.UTC(2026, 9, 1 + Math.floor(i / 3), 8));
      made.push((await insertTaxInvoice(db, order, { issuedAt, buyerName: 'Paging Buyer' })).number);
    }
    const first = await listTaxDocuments(db, query({ q: 'Paging Buyer' }));
    expect(first).toMatchObject({ total: 27, lastPage: 2, perPage: 25 });
    const second = await listTaxDocuments(db, query({ q: 'Paging Buyer', page: 2 }));
    expect(second.rows).toHaveLength(2);
    expect([...first.rows, ...second.rows].map((r) => r.number)).toEqual([...made].reverse());
    const beyond = await listTaxDocuments(db, query({ q: 'Paging Buyer', page: 3 }));
    expect(beyond.rows).toEqual([]);
    expect((await listTaxDocuments(db, query({ q: 'Paging Buyer', per_page: 50 }))).lastPage).toBe(1);
  });
});

describe("the accountant's CSV", () => {
  /** The file's records as written (after the header), split into cells. */
  const csv = async (fields: Record<string, unknown>, batch?: number) => {
    const { page: _page, per_page: _perPage, ...filters } = query(fields);
    const text = await new Response(csvStream(adminInvoicesCsvHeader, invoiceCsvRecords(db, filters, batch), INVOICE_CSV_OPTIONS)).text();
    const [header, ...lines] = text
      .replace(/^\uFEFF/, '')
      .trim()
      .split('\n');
    expect(header).toBe(adminInvoicesCsvHeader.join(','));
    return lines.map((line) => line.split(','));
  };

  it('writes every document of the range oldest first, credit notes as negative amounts in AED with two decimals', async () => {
    const records = await csv({ from: '2026-11-01', to: '2026-11-30' });
    expect(records).toEqual([
      [
        inv1.number,
        '2026-11-01',
        'Simplified tax invoice',
        '',
        String(consumerOrder.id),
        'Layla Haddad',
        '',
        '1000.00',
        '50.00',
        '1050.00',
      ],
      [
        inv2.number,
        '2026-11-02',
        'Tax invoice',
        '',
        String(companyOrder.id),
        'Gulf 100% Safes Trading LLC',
        COMPANY_TRN,
        '2000.48',
        '100.02',
        '2100.50',
      ],
      [
        cn1.number,
        '2026-11-05',
        'Credit note',
        inv2.number,
        String(companyOrder.id),
        'Gulf 100% Safes Trading LLC',
        COMPANY_TRN,
        '-1000.24',
        '-50.01',
        '-1050.25',
      ],
      [inv3.number, '2026-11-10', 'Simplified tax invoice', '', String(lateOrder.id), 'Layla Haddad', '', '300.00', '15.00', '315.00'],
      [inv4.number, '2026-11-10', 'Tax invoice', '', String(bigOrder.id), 'Omar Farouk', '', '12000.00', '600.00', '12600.00'],
      [
        cn2.number,
        '2026-11-12',
        'Credit note',
        inv2.number,
        String(companyOrder.id),
        'Gulf 100% Safes Trading LLC',
        COMPANY_TRN,
        '-2000.48',
        '-100.02',
        '-2100.50',
      ],
    ]);
    // Each column's sum is what the period's documents add up to: net + VAT = total.
    const sum = (column: number) => records.reduce((total, r) => total + Math.round(Number(r[column]) * 100), 0);
    expect(sum(7) + sum(8)).toBe(sum(9));
    expect(sum(9)).toBe(1_050_00 + 2_100_50 - 1_050_25 + 315_00 + 12_600_00 - 2_100_50);
  });

  it('streams in batches by keyset without repeating or losing a document, even at one instant', async () => {
    const whole = await csv({});
    for (const batch of [1, 2, 5]) expect(await csv({}, batch)).toEqual(whole);
    expect(whole).toHaveLength(6 + 27);
  });

  it('keeps the filters of the list', async () => {
    expect((await csv({ type: 'credit_note' })).map((r) => r[0])).toEqual([cn1.number, cn2.number]);
    expect((await csv({ q: 'Omar' })).map((r) => r[0])).toEqual([inv4.number]);
  });

  it('writes amounts as numbers a spreadsheet adds up, while text starting with - is still neutralised', async () => {
    const rows = async function* () {
      yield ['-1+cmd', -1050.5, 2100.5, 0];
    };
    const text = await new Response(csvStream(['a', 'b', 'c', 'd'], rows(), INVOICE_CSV_OPTIONS)).text();
    expect(
      text
        .replace(/^\uFEFF/, '')
        .trim()
        .split('\n')[1],
    ).toBe("'-1+cmd,-1050.50,2100.50,0.00");
  });

  it('names the file after the range', () => {
    const now = new Date('2026-11-28T21:00:00Z');
    expect(invoiceCsvFilename({ from: '2026-11-01', to: '2026-11-30' }, now)).toBe('tax-documents-2026-11-01-to-2026-11-30.csv');
    expect(invoiceCsvFilename({ from: '2026-11-01' }, now)).toBe('tax-documents-2026-11-01-to-2026-11-29.csv');
    expect(invoiceCsvFilename({}, now)).toBe('tax-documents-2026-11-29.csv');
  });
});

describe('documents of an order, and their PDFs', () => {
  it("gives an order's invoice and its credit notes, oldest first", async () => {
    const docs = await orderTaxDocuments(db, companyOrder.id);
    expect(docs.invoice?.number).toBe(inv2.number);
    expect(docs.creditNotes.map((n) => n.number)).toEqual([cn1.number, cn2.number]);
    expect(await orderTaxDocuments(db, consumerOrder.id)).toMatchObject({ invoice: { number: inv1.number }, creditNotes: [] });
    const buyer = await insertUser(db, { name: 'No Invoice', email: 'none.inv@example.ae' });
    const plain = await insertOrder(db, buyer);
    expect(await orderTaxDocuments(db, plain.id)).toEqual({ invoice: null, creditNotes: [] });
  });

  it('renders a PDF named after the number from the frozen document', async () => {
    const invoice = await taxDocumentPdf(db, 'invoice', inv2.id);
    expect(invoice.filename).toBe(`${inv2.number}.pdf`);
    expect(invoice.pdf.subarray(0, 5).toString('latin1')).toBe('%PDF-');
    const note = await taxDocumentPdf(db, 'credit_note', cn1.id);
    expect(note.filename).toBe(`${cn1.number}.pdf`);
    expect(note.pdf.subarray(0, 5).toString('latin1')).toBe('%PDF-');
  });

  it('says which kind is missing', async () => {
    await expect(taxDocumentPdf(db, 'invoice', 999_999)).rejects.toThrow(new NotFoundError('Tax invoice not found'));
    await expect(taxDocumentPdf(db, 'credit_note', inv1.id + 999_999)).rejects.toThrow(new NotFoundError('Credit note not found'));
  });
});

describe('without a TRN', () => {
  it('issues no tax invoices', () => {
    expect(taxInvoicesIssued({ SHOP_TRN: undefined })).toBe(false);
    expect(taxInvoicesIssued({ SHOP_TRN: '100123456700003' })).toBe(true);
  });
});
