// Tax documents in mails (docs/decisions/0051-tax-invoices.md#the-mail): the mail sent when an invoice
// or credit note is issued names it; the outbox keeps a reference, and at send time the PDF is
// rendered from the frozen document, so the row stays small and the PDF is the one the shopper downloads.
import { eq } from 'drizzle-orm';
import type { Db } from '@/server/db/client';
import { taxCreditNotes, taxInvoices } from '@/server/db/schema/invoices';
import type { Mail, MailAttachment, TaxDocumentRef } from '@/server/mail/mailer';
import { escapeHtml } from '@/server/mail/templates';
import { invoiceTexts } from '@/domain/messages/invoices';
import { renderTaxDocumentPdf } from './tax-document-pdf';

/** The PDF's file name: the document's number. */
export const taxDocumentFilename = (number: string) => `${number}.pdf`;

/** The mail with the document attached and a sentence saying so (text and HTML). */
export function withTaxDocument(mail: Mail, ref: TaxDocumentRef | null): Mail {
  if (!ref) return mail;
  const sentence = ref.type === 'invoice' ? invoiceTexts.mailAttached : invoiceTexts.mailCreditAttached;
  // The layout's body cell ends with the last paragraph (src/server/mail/templates.ts, mailLayout).
  const end = mail.html.lastIndexOf('</td></tr>\n</table>');
  const html =
    end === -1 ? mail.html : `${mail.html.slice(0, end)}<p style="margin:0 0 14px">${escapeHtml(sentence)}</p>${mail.html.slice(end)}`;
  return { ...mail, text: `${mail.text.trimEnd()}\n\n${sentence}\n`, html, taxDocuments: [...(mail.taxDocuments ?? []), ref] };
}

/** Renders the referenced documents as PDF attachments; a document not found fails the send (retried later). */
export async function taxDocumentAttachments(db: Db, refs: readonly TaxDocumentRef[]): Promise<MailAttachment[]> {
  const attachments: MailAttachment[] = [];
  for (const ref of refs) {
    const table = ref.type === 'invoice' ? taxInvoices : taxCreditNotes;
    const [row] = await db.select({ number: table.number, document: table.document }).from(table).where(eq(table.id, ref.id));
    if (!row) throw new Error(`tax document ${ref.type} ${ref.id} not found`);
    attachments.push({
      filename: taxDocumentFilename(row.number),
      contentType: 'application/pdf',
      content: await renderTaxDocumentPdf(row.document),
    });
  }
  return attachments;
}
