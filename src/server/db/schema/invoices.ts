// UAE tax invoices and credit notes (docs/decisions/0051-tax-invoices.md). An issued document is never
// changed: its `document` is what was printed, frozen at issue; the columns beside it are copies for
// the staff's list, search and the accountant's export.
import { sql } from 'drizzle-orm';
import { index, integer, jsonb, pgTable, serial, text, timestamp, uniqueIndex, varchar } from 'drizzle-orm/pg-core';
import { orderRefunds, orders } from './orders';
import type { TaxDocument } from '../../../domain/tax-invoice';
import type { Fils } from '../../../domain/money';

/**
 * One row per numbering series (an invoice prefix, a credit-note prefix). Issuing takes the next
 * number with `update ... set last_number = last_number + 1 returning` inside the issuing
 * transaction: the row lock orders concurrent issuers on every instance, and a rollback gives the
 * number back, so a series has no gaps and no duplicates.
 */
export const taxDocumentSeries = pgTable('tax_document_series', {
  series: varchar('series', { length: 20 }).primaryKey(),
  lastNumber: integer('last_number').notNull().default(0),
});

export const taxInvoices = pgTable(
  'tax_invoices',
  {
    id: serial('id').primaryKey(),
    /** The printed number, e.g. INV-000042. */
    number: varchar('number', { length: 40 }).notNull().unique(),
    series: varchar('series', { length: 20 }).notNull(),
    sequence: integer('sequence').notNull(),
    /** One invoice per order. */
    orderId: integer('order_id')
      .notNull()
      .unique()
      .references(() => orders.id, { onDelete: 'restrict' }),
    form: varchar('form', { length: 10, enum: ['full', 'simplified'] }).notNull(),
    issuedAt: timestamp('issued_at', { withTimezone: true }).notNull(),
    buyerName: text('buyer_name').notNull(),
    buyerTrn: varchar('buyer_trn', { length: 15 }),
    netTotal: integer('net_total').$type<Fils>().notNull(),
    vatTotal: integer('vat_total').$type<Fils>().notNull(),
    grandTotal: integer('grand_total').$type<Fils>().notNull(),
    document: jsonb('document').$type<TaxDocument>().notNull(),
  },
  (t) => [
    uniqueIndex('tax_invoices_series_sequence_idx').on(t.series, t.sequence),
    index('tax_invoices_issued_idx').on(t.issuedAt.desc(), t.id.desc()),
    index('tax_invoices_buyer_trgm_idx').using('gin', sql`${t.buyerName} gin_trgm_ops`),
  ],
);

export const taxCreditNotes = pgTable(
  'tax_credit_notes',
  {
    id: serial('id').primaryKey(),
    number: varchar('number', { length: 40 }).notNull().unique(),
    series: varchar('series', { length: 20 }).notNull(),
    sequence: integer('sequence').notNull(),
    invoiceId: integer('invoice_id')
      .notNull()
      .references(() => taxInvoices.id, { onDelete: 'restrict' }),
    orderId: integer('order_id')
      .notNull()
      .references(() => orders.id, { onDelete: 'restrict' }),
    /** The refund it accounts for; null for a cancellation after invoicing. One credit note per refund. */
    refundId: integer('refund_id')
      .unique()
      .references(() => orderRefunds.id, { onDelete: 'restrict' }),
    reason: text('reason').notNull(),
    issuedAt: timestamp('issued_at', { withTimezone: true }).notNull(),
    buyerName: text('buyer_name').notNull(),
    buyerTrn: varchar('buyer_trn', { length: 15 }),
    /** The amounts adjusted, as positive fils. */
    netTotal: integer('net_total').$type<Fils>().notNull(),
    vatTotal: integer('vat_total').$type<Fils>().notNull(),
    grandTotal: integer('grand_total').$type<Fils>().notNull(),
    document: jsonb('document').$type<TaxDocument>().notNull(),
  },
  (t) => [
    uniqueIndex('tax_credit_notes_series_sequence_idx').on(t.series, t.sequence),
    index('tax_credit_notes_invoice_idx').on(t.invoiceId),
    index('tax_credit_notes_issued_idx').on(t.issuedAt.desc(), t.id.desc()),
  ],
);
