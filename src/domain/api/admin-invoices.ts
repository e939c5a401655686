// The back office's tax invoices and credit notes (docs/product.md#back-office-tax-invoices): the
// list of both kinds, the accountant's CSV and each document's PDF. Staff only; reading only.
import { z } from '@/domain/zod';
import { adminInvoiceListQuerySchema } from '@/domain/admin-invoices';
import { defineEndpoint } from './endpoint';
import { aed, isoDateTime, wireId } from './wire';

const documentRef = z.strictObject({ id: wireId, number: z.string() });

/** A tax invoice or a credit note as the staff's list shows it; amounts as issued (positive). */
export const adminTaxDocumentWire = z.strictObject({
  type: z.enum(['invoice', 'credit_note']),
  id: wireId,
  number: z.string(),
  /** An invoice's form (full or simplified); null for a credit note. */
  form: z.enum(['full', 'simplified']).nullable(),
  /** The type as staff read it: Tax invoice, Simplified tax invoice, Credit note. */
  type_label: z.string(),
  issued_at: isoDateTime,
  order_id: wireId,
  buyer_name: z.string(),
  buyer_trn: z.string().nullable(),
  net_total: aed,
  vat_total: aed,
  grand_total: aed,
  /** A credit note's reason. */
  reason: z.string().nullable(),
  /** The invoice a credit note corrects. */
  corrects: documentRef.nullable(),
  /** An invoice's credit notes, oldest first. */
  credit_notes: z.array(documentRef),
  /** The PDF's address (below /api). */
  pdf_url: z.string(),
});

export const adminInvoicesApi = {
  list: defineEndpoint({
    method: 'GET',
    path: 'admin/invoices',
    summary: 'Tax invoices and credit notes for staff, newest first: kind, search (number, order, buyer, TRN), Dubai days of issue, paging',
    auth: 'staff',
    query: adminInvoiceListQuerySchema,
    answer: z.strictObject({
      current_page: z.number().int(),
      data: z.array(adminTaxDocumentWire),
      last_page: z.number().int(),
      per_page: z.number().int(),
      total: z.number().int(),
      /** false while SHOP_TRN is not set: the shop issues no tax invoices. */
      issuing: z.boolean(),
    }),
  }),
  csv: defineEndpoint({
    method: 'GET',
    path: 'admin/invoices.csv',
    summary:
      'Every matching tax invoice and credit note for the accountant, oldest first, credit notes negative (text/csv, streamed; page and per_page are ignored)',
    auth: 'staff',
    query: adminInvoiceListQuerySchema,
    file: 'text/csv',
    /** The file's text: a header row, then one record per document. */
    answer: z.string(),
  }),
  invoicePdf: defineEndpoint({
    method: 'GET',
    path: 'admin/invoices/:id/pdf',
    summary: 'A tax invoice as issued, as a PDF (application/pdf, a download)',
    auth: 'staff',
    file: 'application/pdf',
    answer: z.string(),
  }),
  creditNotePdf: defineEndpoint({
    method: 'GET',
    path: 'admin/credit-notes/:id/pdf',
    summary: 'A tax credit note as issued, as a PDF (application/pdf, a download)',
    auth: 'staff',
    file: 'application/pdf',
    answer: z.string(),
  }),
};
