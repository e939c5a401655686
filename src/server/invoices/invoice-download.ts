// The shopper's download of a tax invoice or credit note (docs/product.md#order-detail): the PDF of
// the frozen document, only for the session's own order (404 otherwise, its existence not told),
// never stored by a shared cache.
import type { Db } from '@/server/db/client';
import { invoiceTexts } from '@/domain/messages/invoices';
import { customerTaxDocument } from './invoice.service';
import { taxDocumentFilename } from './invoice-mail';
import { renderTaxDocumentPdf } from './tax-document-pdf';

const ID = /^[1-9]\d{0,9}$/;

const notFound = () =>
  new Response(invoiceTexts.notFound, {
    status: 404,
    headers: { 'content-type': 'text/plain; charset=utf-8', 'cache-control': 'no-store' },
  });

/** Answers the PDF of the order's invoice, or of its credit note `creditNoteId`, for the customer `userId`. */
export async function taxDocumentDownload(
  db: Db,
  userId: number | null,
  orderId: string | undefined,
  creditNoteId?: string,
): Promise<Response> {
  if (userId === null || !ID.test(orderId ?? '') || (creditNoteId !== undefined && !ID.test(creditNoteId))) return notFound();
  const which = creditNoteId === undefined ? ({ type: 'invoice' } as const) : ({ type: 'credit_note', id: Number(creditNoteId) } as const);
  const doc = await customerTaxDocument(db, userId, Number(orderId), which);
  if (!doc) return notFound();
  const pdf = await renderTaxDocumentPdf(doc);
  return new Response(new Uint8Array(pdf), {
    headers: {
      'content-type': 'application/pdf',
      'content-disposition': `attachment; filename="${taxDocumentFilename(doc.number)}"`,
      'content-length': String(pdf.length),
      // Personal: the browser may not keep it, and no shared cache ever does.
      'cache-control': 'private, no-store',
    },
  });
}
