// Tax invoices and credit notes straight into the database for the back office's tests
// (docs/decisions/0051-tax-invoices.md): a valid TaxDocument whose sums hold to the fil, numbered
// from the series table as issuing numbers them, every column overridable.
import { sql } from 'drizzle-orm';
import type { Db } from '@/server/db/client';
import { taxCreditNotes, taxDocumentSeries, taxInvoices } from '@/server/db/schema/invoices';
import { fils, type Fils } from '@/domain/money';
import type { TaxDocument, TaxInvoiceForm, TaxParty } from '@/domain/tax-invoice';
import type { OrderRow } from './admin-orders';

export type TaxInvoiceRow = typeof taxInvoices.$inferSelect;
export type TaxCreditNoteRow = typeof taxCreditNotes.$inferSelect;

export const TEST_SUPPLIER: TaxParty = {
  name: 'Safe Buddy Trading LLC',
  address: ['Office 1204, Al Saqr Business Tower', 'Sheikh Zayed Road, Dubai, UAE'],
  trn: '100123456700003',
};

/** The next number of a series, as issuing takes it (the series row's counter). */
async function nextInSeries(db: Db, series: string): Promise<{ number: string; sequence: number }> {
  const [row] = await db
    .insert(taxDocumentSeries)
    .values({ series, lastNumber: 1 })
    .onConflictDoUpdate({ target: taxDocumentSeries.series, set: { lastNumber: sql`${taxDocumentSeries.lastNumber} + 1` } })
    .returning({ n: taxDocumentSeries.lastNumber });
  return { number: `${series}-${String(row!.n).padStart(6, '0')}`, sequence: row!.n };
}

/** Net and VAT (5%) of an amount that includes VAT, to the fil: net + vat = gross. */
export function splitGross(gross: number): { net: Fils; vat: Fils } {
  const net = Math.round(gross / 1.05);
  return { net: fils(net), vat: fils(gross - net) };
}

/** A one-line document whose sums hold: net + VAT = total. */
export function taxDocumentOf(fields: {
  type: TaxDocument['type'];
  form: TaxInvoiceForm;
  number: string;
  issuedAt: Date;
  orderId: number;
  buyer: TaxParty | null;
  gross: number;
  corrects?: TaxDocument['corrects'];
  reason?: string | null;
}): TaxDocument {
  const { net, vat } = splitGross(fields.gross);
  return {
    type: fields.type,
    form: fields.form,
    number: fields.number,
    issuedAt: fields.issuedAt.toISOString(),
    supplyDate: null,
    orderId: fields.orderId,
    currency: 'AED',
    supplier: TEST_SUPPLIER,
    buyer: fields.buyer,
    lines: [
      {
        description: 'Fire Safe 40L',
        sku: 'FS-40',
        quantity: 1,
        unitPriceNet: net,
        discountPercent: 0,
        netAmount: net,
        couponShare: fils(0),
        vatRatePercent: 5,
        vatAmount: vat,
        grossAmount: fils(fields.gross),
      },
    ],
    subtotal: net,
    discount: fils(0),
    netTotal: net,
    vatTotal: vat,
    grandTotal: fils(fields.gross),
    corrects: fields.corrects ?? null,
    reason: fields.reason ?? null,
  };
}

export interface InvoiceOverrides {
  issuedAt?: Date;
  form?: TaxInvoiceForm;
  buyerName?: string;
  buyerTrn?: string | null;
  series?: string;
}

/** The order's tax invoice, for the order's grand total. */
export async function insertTaxInvoice(db: Db, order: OrderRow, overrides: InvoiceOverrides = {}): Promise<TaxInvoiceRow> {
  const series = overrides.series ?? 'INV';
  const { number, sequence } = await nextInSeries(db, series);
  const issuedAt = overrides.issuedAt ?? new Date();
  const buyerTrn = overrides.buyerTrn ?? null;
  const form = overrides.form ?? (buyerTrn ? 'full' : 'simplified');
  const buyerName = overrides.buyerName ?? 'Layla Haddad';
  const document = taxDocumentOf({
    type: 'invoice',
    form,
    number,
    issuedAt,
    orderId: order.id,
    buyer: form === 'full' ? { name: buyerName, address: ['Villa 1, Street 1', 'Dubai'], trn: buyerTrn } : null,
    gross: order.grandTotal,
  });
  const [row] = await db
    .insert(taxInvoices)
    .values({
      number,
      series,
      sequence,
      orderId: order.id,
      form,
      issuedAt,
      buyerName,
      buyerTrn,
      netTotal: document.netTotal,
      vatTotal: document.vatTotal,
      grandTotal: document.grandTotal,
      document,
    })
    .returning();
  return row!;
}

/** A credit note of `gross` fils (VAT included; the whole invoice by default) correcting the invoice. */
export async function insertCreditNote(
  db: Db,
  invoice: TaxInvoiceRow,
  overrides: { issuedAt?: Date; gross?: number; reason?: string; series?: string } = {},
): Promise<TaxCreditNoteRow> {
  const series = overrides.series ?? 'CN';
  const { number, sequence } = await nextInSeries(db, series);
  const issuedAt = overrides.issuedAt ?? new Date();
  const reason = overrides.reason ?? 'Refund';
  const document = taxDocumentOf({
    type: 'credit_note',
    form: invoice.form,
    number,
    issuedAt,
    orderId: invoice.orderId,
    buyer: invoice.document.buyer,
    gross: overrides.gross ?? invoice.grandTotal,
    corrects: { number: invoice.number, issuedAt: invoice.issuedAt.toISOString() },
    reason,
  });
  const [row] = await db
    .insert(taxCreditNotes)
    .values({
      number,
      series,
      sequence,
      invoiceId: invoice.id,
      orderId: invoice.orderId,
      reason,
      issuedAt,
      buyerName: invoice.buyerName,
      buyerTrn: invoice.buyerTrn,
      netTotal: document.netTotal,
      vatTotal: document.vatTotal,
      grandTotal: document.grandTotal,
      document,
    })
    .returning();
  return row!;
}
