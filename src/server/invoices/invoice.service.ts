// Issuing UAE tax invoices and credit notes (docs/decisions/0051-tax-invoices.md). An invoice is issued
// inside the transaction of the change that is the supply (SUPPLY_EVENT: a card order paid, a cash
// order delivered), under that order's row lock, so an order is paid or delivered with its invoice
// or not at all, and once. Numbers come from tax_document_series in the same transaction: the row
// lock orders concurrent issuers on every instance and a rollback gives the number back, so each
// series has no gaps and no duplicates. What is issued is frozen (`document`) and never changed
// (the trigger of drizzle/0024_tax_documents_immutable.sql); a correction is a credit note.
import { and, asc, eq, sql } from 'drizzle-orm';
import type { Db } from '@/server/db/client';
import { taxCreditNotes, taxDocumentSeries, taxInvoices } from '@/server/db/schema/invoices';
import { orderLines, orders } from '@/server/db/schema/orders';
import { log } from '@/server/log';
import type { Fils } from '@/domain/money';
import type { TaxDocument, TaxParty } from '@/domain/tax-invoice';
import {
  SUPPLY_EVENT,
  creditNoteAmounts,
  documentNumber,
  invoiceAmounts,
  invoiceFormFor,
  type SupplyEvent,
} from '@/domain/tax-document-lines';
import { invoiceTexts } from '@/domain/messages/invoices';
import type { InvoiceSettings } from './invoice-settings';

export type TaxInvoice = typeof taxInvoices.$inferSelect;
export type TaxCreditNote = typeof taxCreditNotes.$inferSelect;
type OrderRow = typeof orders.$inferSelect;
type OrderLineRow = typeof orderLines.$inferSelect;

/**
 * The next number of a series, taken in the caller's transaction: the series row is created on
 * first use, then raised by one; its lock is held to the commit, so the next issuer (any
 * instance) waits and takes the number after; a rollback undoes the raise.
 */
export async function nextSequence(tx: Db, series: string): Promise<number> {
  const raise = () =>
    tx
      .update(taxDocumentSeries)
      .set({ lastNumber: sql`${taxDocumentSeries.lastNumber} + 1` })
      .where(eq(taxDocumentSeries.series, series))
      .returning({ n: taxDocumentSeries.lastNumber });
  let [row] = await raise();
  if (!row) {
    await tx.insert(taxDocumentSeries).values({ series, lastNumber: 0 }).onConflictDoNothing();
    [row] = await raise();
  }
  return row!.n;
}

/** The order's delivery address as an invoice prints it, one line per part. */
function addressOf(order: OrderRow): { name: string; lines: string[] } {
  const a = order.shippingAddress as Record<string, string | undefined>;
  const parts = [
    a.flat_building,
    a.address,
    a.locality,
    [a.city, a.state].filter(Boolean).join(', '),
    a.pincode ? `PO Box ${a.pincode}` : '',
  ];
  return { name: a.name ?? '', lines: parts.map((p) => (p ?? '').trim()).filter(Boolean) };
}

/**
 * The recipient: on a full invoice the company (or the person) with the address and, when
 * registered, the TRN; on a simplified one the name alone.
 */
function buyerOf(order: OrderRow, form: 'full' | 'simplified'): TaxParty {
  const address = addressOf(order);
  const name = order.buyerCompany ?? address.name;
  if (form === 'simplified') return { name, address: [], trn: null };
  return { name, address: order.buyerCompany ? [address.name, ...address.lines] : address.lines, trn: order.buyerTrn };
}

/** The invoice of an order, or null. */
export async function invoiceOfOrder(db: Db, orderId: number): Promise<TaxInvoice | null> {
  const [row] = await db.select().from(taxInvoices).where(eq(taxInvoices.orderId, orderId));
  return row ?? null;
}

/** An invoice's credit notes, oldest first. */
export async function creditNotesOfInvoice(db: Db, invoiceId: number): Promise<TaxCreditNote[]> {
  return db.select().from(taxCreditNotes).where(eq(taxCreditNotes.invoiceId, invoiceId)).orderBy(asc(taxCreditNotes.sequence));
}

/** An order's tax documents: its invoice (null until issued) and the credit notes on it. */
export async function taxDocumentsOfOrder(db: Db, orderId: number): Promise<{ invoice: TaxInvoice | null; creditNotes: TaxCreditNote[] }> {
  const invoice = await invoiceOfOrder(db, orderId);
  return { invoice, creditNotes: invoice ? await creditNotesOfInvoice(db, invoice.id) : [] };
}

/**
 * Issues the order's tax invoice when `event` is its supply (SUPPLY_EVENT) and the shop has a
 * TRN. Call inside the transaction that makes the change, holding the order's row lock (the
 * payment's `for update`, the staff action's version lock): an order already invoiced answers its
 * invoice (one per order), before any number is taken. Answers null when nothing is issued.
 */
export async function issueInvoice(
  tx: Db,
  settings: InvoiceSettings | null | undefined,
  order: OrderRow,
  event: SupplyEvent,
  now: Date,
): Promise<TaxInvoice | null> {
  if (!settings || SUPPLY_EVENT[order.paymentType] !== event) return null;
  const existing = await invoiceOfOrder(tx, order.id);
  if (existing) return existing;
  const lines: OrderLineRow[] = await tx.select().from(orderLines).where(eq(orderLines.orderId, order.id)).orderBy(orderLines.id);
  const amounts = invoiceAmounts(lines, order);
  const form = invoiceFormFor(order);
  const sequence = await nextSequence(tx, settings.invoiceSeries);
  const number = documentNumber(settings.invoiceSeries, sequence);
  const buyer = buyerOf(order, form);
  const document: TaxDocument = {
    type: 'invoice',
    form,
    number,
    issuedAt: now.toISOString(),
    // Issued at the supply itself (docs/decisions/0051-tax-invoices.md#when-the-supply): the dates are one.
    supplyDate: null,
    orderId: order.id,
    currency: 'AED',
    supplier: { name: settings.legalName, address: settings.legalAddress, trn: settings.trn },
    buyer,
    ...amounts,
    corrects: null,
    reason: null,
  };
  const [row] = await tx
    .insert(taxInvoices)
    .values({
      number,
      series: settings.invoiceSeries,
      sequence,
      orderId: order.id,
      form,
      issuedAt: now,
      buyerName: buyer.name,
      buyerTrn: buyer.trn,
      netTotal: amounts.netTotal,
      vatTotal: amounts.vatTotal,
      grandTotal: amounts.grandTotal,
      document,
    })
    .returning();
  log.info('tax invoice issued', { orderId: order.id, number });
  return row!;
}

export interface CreditRequest {
  /** The order_refunds row the credit note accounts for (one credit note per refund). */
  refundId: number;
  /** What was given back, VAT included. */
  amount: Fils;
  /** Units returned per order line id (empty: a money-only refund, or the whole order). */
  lines: { lineId: number; quantity: number }[];
  /** The order was cancelled: the credit note takes all that is left of the invoice. */
  cancellation: boolean;
  /** Staff's note, printed as the reason; a standard reason otherwise. */
  reason: string | null;
}

/**
 * Issues the credit note of a refund (or of a cancellation, which refunds what is left) of an
 * invoiced order, in the refund's transaction under the order's lock. Answers null for an order
 * without an invoice; the refund's credit note when it was already issued.
 */
export async function issueCreditNote(
  tx: Db,
  settings: InvoiceSettings | null | undefined,
  order: OrderRow,
  request: CreditRequest,
  now: Date,
): Promise<TaxCreditNote | null> {
  const invoice = await invoiceOfOrder(tx, order.id);
  if (!invoice || request.amount <= 0) return null;
  const [already] = await tx.select().from(taxCreditNotes).where(eq(taxCreditNotes.refundId, request.refundId));
  if (already) return already;
  if (!settings) {
    // An invoiced order's refund needs its credit note: the series comes from the settings.
    log.error('credit note not issued: SHOP_TRN is no longer set', { orderId: order.id, refundId: request.refundId });
    return null;
  }
  const previous = await creditNotesOfInvoice(tx, invoice.id);
  const lineIds = (
    await tx.select({ id: orderLines.id }).from(orderLines).where(eq(orderLines.orderId, order.id)).orderBy(orderLines.id)
  ).map((l) => l.id);
  const selection = request.lines
    .map((l) => ({ invoiceLine: lineIds.indexOf(l.lineId), quantity: l.quantity }))
    .filter((l) => l.invoiceLine >= 0);
  const invoiceDoc = invoice.document;
  const open = invoiceDoc.grandTotal - previous.reduce((s, p) => s + p.grandTotal, 0);
  const amount = (request.cancellation ? open : Math.min(request.amount, open)) as Fils;
  if (amount <= 0) return null;
  const amounts = creditNoteAmounts(
    invoiceDoc,
    previous.map((p) => p.document),
    amount,
    selection,
  );
  const sequence = await nextSequence(tx, settings.creditNoteSeries);
  const number = documentNumber(settings.creditNoteSeries, sequence);
  const reason = request.reason ?? (request.cancellation ? invoiceTexts.reasonCancelled : invoiceTexts.reasonRefund);
  const document: TaxDocument = {
    type: 'credit_note',
    form: invoiceDoc.form,
    number,
    issuedAt: now.toISOString(),
    supplyDate: null,
    orderId: order.id,
    currency: 'AED',
    // The parties as the invoice named them: the correction is of that document.
    supplier: invoiceDoc.supplier,
    buyer: invoiceDoc.buyer,
    ...amounts,
    corrects: { number: invoice.number, issuedAt: invoiceDoc.issuedAt },
    reason,
  };
  const [row] = await tx
    .insert(taxCreditNotes)
    .values({
      number,
      series: settings.creditNoteSeries,
      sequence,
      invoiceId: invoice.id,
      orderId: order.id,
      refundId: request.refundId,
      reason,
      issuedAt: now,
      buyerName: invoice.buyerName,
      buyerTrn: invoice.buyerTrn,
      netTotal: amounts.netTotal,
      vatTotal: amounts.vatTotal,
      grandTotal: amounts.grandTotal,
      document,
    })
    .returning();
  log.info('tax credit note issued', { orderId: order.id, number, invoice: invoice.number });
  return row!;
}

/** A tax document of one customer's order (the shopper's download): null when it is not theirs or not there. */
export async function customerTaxDocument(
  db: Db,
  userId: number,
  orderId: number,
  which: { type: 'invoice' } | { type: 'credit_note'; id: number },
): Promise<TaxDocument | null> {
  const [order] = await db
    .select({ id: orders.id })
    .from(orders)
    .where(and(eq(orders.id, orderId), eq(orders.userId, userId)));
  if (!order) return null;
  if (which.type === 'invoice') return (await invoiceOfOrder(db, orderId))?.document ?? null;
  const [note] = await db
    .select({ document: taxCreditNotes.document })
    .from(taxCreditNotes)
    .where(and(eq(taxCreditNotes.id, which.id), eq(taxCreditNotes.orderId, orderId)));
  return note?.document ?? null;
}

/** Where the shopper downloads an order's invoice and credit notes (src/pages/order/[id]/). */
export const invoicePath = (orderId: number) => `/order/${orderId}/invoice.pdf`;
export const creditNotePath = (orderId: number, creditNoteId: number) => `/order/${orderId}/credit-notes/${creditNoteId}.pdf`;
