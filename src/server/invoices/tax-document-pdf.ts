// THROWAWAY until helper B's module lands (docs/decisions/0051-tax-invoices.md): the seam
// `renderTaxDocumentPdf(doc)` answering one PDF. This stand-in writes a one-page PDF with the
// document's title, number and totals in Helvetica (ASCII only); B's bilingual PDF replaces it.
import { formatAmount } from '@/domain/money';
import type { TaxDocument } from '@/domain/tax-invoice';

const ascii = (text: string) => text.replace(/[^\x20-\x7e]/g, '?').replace(/[\\()]/g, (c) => `\\${c}`);

export async function renderTaxDocumentPdf(doc: TaxDocument): Promise<Buffer> {
  const title = doc.type === 'invoice' ? (doc.form === 'full' ? 'Tax Invoice' : 'Tax Invoice (simplified)') : 'Tax Credit Note';
  const lines = [
    title,
    `${doc.number}  ${doc.issuedAt.slice(0, 10)}`,
    `${doc.supplier.name}  TRN ${doc.supplier.trn ?? ''}`,
    ...(doc.buyer ? [`To: ${doc.buyer.name}${doc.buyer.trn ? `  TRN ${doc.buyer.trn}` : ''}`] : []),
    ...(doc.corrects ? [`Corrects ${doc.corrects.number}: ${doc.reason ?? ''}`] : []),
    ...doc.lines.map((l) => `${l.quantity} x ${l.description}  ${formatAmount(l.grossAmount)}`),
    `Total excluding VAT AED ${formatAmount(doc.netTotal)}`,
    `VAT AED ${formatAmount(doc.vatTotal)}`,
    `Total AED ${formatAmount(doc.grandTotal)}`,
  ];
  const text = lines.map((l, i) => `BT /F1 11 Tf 50 ${790 - i * 16} Td (${ascii(l)}) Tj ET`).join('\n');
  const objects = [
    '<< /Type /Catalog /Pages 2 0 R >>',
    '<< /Type /Pages /Kids [3 0 R] /Count 1 >>',
    '<< /Type /Page /Parent 2 0 R /MediaBox [0 0 595 842] /Resources << /Font << /F1 4 0 R >> >> /Contents 5 0 R >>',
    '<< /Type /Font /Subtype /Type1 /BaseFont /Helvetica >>',
    `<< /Length ${Buffer.byteLength(text, 'latin1')} >>\nstream\n${text}\nendstream`,
  ];
  let out = '%PDF-1.4\n';
  const offsets: number[] = [];
  objects.forEach((body, i) => {
    offsets.push(Buffer.byteLength(out, 'latin1'));
    out += `${i + 1} 0 obj\n${body}\nendobj\n`;
  });
  const xref = Buffer.byteLength(out, 'latin1');
  out += `xref\n0 ${objects.length + 1}\n0000000000 65535 f \n${offsets.map((o) => `${String(o).padStart(10, '0')} 00000 n \n`).join('')}`;
  out += `trailer\n<< /Size ${objects.length + 1} /Root 1 0 R >>\nstartxref\n${xref}\n%%EOF\n`;
  return Buffer.from(out, 'latin1');
}
