// The staff's tax invoices and credit notes, model -> wire (docs/architecture.md#the-api-contract):
// snake_case names, money in AED.
import type { z } from 'zod';
import type { adminInvoicesApi, adminTaxDocumentWire } from '@/domain/api/admin-invoices';
import { filsToAed } from '@/domain/money';
import { kindLabel, type TaxDocumentPage, type TaxDocumentRow, type TaxDocumentType } from './invoice-admin.service';

/** Where staff download a document's PDF (the page's links and the API's answer). */
export const taxDocumentPdfHref = (type: TaxDocumentType, id: number) =>
  type === 'invoice' ? `/api/admin/invoices/${id}/pdf` : `/api/admin/credit-notes/${id}/pdf`;

export function adminTaxDocumentJson(row: TaxDocumentRow): z.input<typeof adminTaxDocumentWire> {
  return {
    type: row.type,
    id: row.id,
    number: row.number,
    form: row.form,
    type_label: kindLabel(row),
    issued_at: row.issuedAt.toISOString(),
    order_id: row.orderId,
    buyer_name: row.buyerName,
    buyer_trn: row.buyerTrn,
    net_total: filsToAed(row.netTotal),
    vat_total: filsToAed(row.vatTotal),
    grand_total: filsToAed(row.grandTotal),
    reason: row.reason,
    corrects: row.corrects,
    credit_notes: row.creditNotes,
    pdf_url: taxDocumentPdfHref(row.type, row.id),
  };
}

export function adminTaxDocumentPageJson(page: TaxDocumentPage, issuing: boolean): z.input<(typeof adminInvoicesApi)['list']['answer']> {
  return {
    current_page: page.page,
    data: page.rows.map(adminTaxDocumentJson),
    last_page: page.lastPage,
    per_page: page.perPage,
    total: page.total,
    issuing,
  };
}
