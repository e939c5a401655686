// The staff's tax invoices and credit notes (docs/product.md#back-office-tax-invoices): the list,
// the accountant's CSV and each PDF. Reading only: nothing is changed, so nothing is audited (the
// order list's export is not audited either, docs/decisions/0036-admin-order-list.md).
import { adminInvoicesApi } from '@/domain/api/admin-invoices';
import { adminInvoicesCsvHeader, adminInvoicesMessages as m } from '@/domain/messages/admin-invoices';
import { config } from '@/server/config';
import { csvResponse } from '@/server/csv';
import {
  INVOICE_CSV_OPTIONS,
  invoiceCsvFilename,
  invoiceCsvRecords,
  listTaxDocuments,
  taxDocumentPdf,
  taxInvoicesIssued,
  type TaxDocumentFile,
} from '@/server/invoices/invoice-admin.service';
import { adminTaxDocumentPageJson } from '@/server/invoices/invoice-admin.wire';
import { route } from './router';

/** A PDF download, never kept by a cache (it names a buyer). */
const pdfResponse = ({ filename, pdf }: TaxDocumentFile) =>
  new Response(new Uint8Array(pdf), {
    headers: {
      'content-type': 'application/pdf',
      'content-disposition': `attachment; filename="${filename}"`,
      'cache-control': 'no-store',
    },
  });

export const adminInvoiceRoutes = [
  route(adminInvoicesApi.list, async ({ db }, { query }) => ({
    data: adminTaxDocumentPageJson(await listTaxDocuments(db, query), taxInvoicesIssued(config())),
    message: m.found,
  })),
  route(adminInvoicesApi.csv, async ({ db, now }, { query }) =>
    csvResponse(invoiceCsvFilename(query, now()), adminInvoicesCsvHeader, invoiceCsvRecords(db, query), INVOICE_CSV_OPTIONS),
  ),
  route(adminInvoicesApi.invoicePdf, async ({ db }, { params }) => pdfResponse(await taxDocumentPdf(db, 'invoice', Number(params.id)))),
  route(adminInvoicesApi.creditNotePdf, async ({ db }, { params }) =>
    pdfResponse(await taxDocumentPdf(db, 'credit_note', Number(params.id))),
  ),
];
