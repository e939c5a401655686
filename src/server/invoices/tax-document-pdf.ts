// THROWAWAY (helper C's branch only): a placeholder at the path of the real module, which helper B
// writes (bilingual English and Arabic, an embedded font; see docs/decisions/0051-tax-invoices.md).
// The lead keeps B's file at merge and drops this one. It answers a tiny valid one-page PDF
// naming the document, so the back office's download can be built and tested before then.
import type { TaxDocument } from '@/domain/tax-invoice';

/** Printable ASCII only, with PDF string escapes (the placeholder has no font for anything else). */
const pdfText = (text: string) => text.replace(/[^\x20-\x7e]/g, '?').replace(/[\\()]/g, (c) => `\\${c}`);

export async function renderTaxDocumentPdf(doc: TaxDocument): Promise<Buffer> {
  const title = doc.type === 'invoice' ? 'Tax Invoice' : 'Tax Credit Note';
  const content = `BT /F1 18 Tf 72 760 Td (${pdfText(`${title} ${doc.number}`)}) Tj ET`;
  const objects = [
    '<< /Type /Catalog /Pages 2 0 R >>',
    '<< /Type /Pages /Kids [3 0 R] /Count 1 >>',
    '<< /Type /Page /Parent 2 0 R /MediaBox [0 0 595 842] /Resources << /Font << /F1 5 0 R >> >> /Contents 4 0 R >>',
    `<< /Length ${content.length} >>\nstream\n${content}\nendstream`,
    '<< /Type /Font /Subtype /Type1 /BaseFont /Helvetica >>',
  ];
  let body = '%PDF-1.4\n';
  const offsets: number[] = [];
  objects.forEach((object, i) => {
    offsets.push(body.length);
    body += `${i + 1} 0 obj\n${object}\nendobj\n`;
  });
  const xref = body.length;
  body += `xref\n0 ${objects.length + 1}\n0000000000 65535 f \n`;
  for (const offset of offsets) body += `${String(offset).padStart(10, '0')} 00000 n \n`;
  body += `trailer\n<< /Size ${objects.length + 1} /Root 1 0 R >>\nstartxref\n${xref}\n%%EOF\n`;
  return Buffer.from(body, 'latin1');
}
