// Renders the sample tax documents (tests/tax-documents.ts) and a sample catalogue sheet to PDFs and
// PNG pages, to look at them (docs/decisions/0052-pdf-library.md): `npx tsx scripts/sample-tax-documents.ts [DIR]`
// (default: a new folder under the system's temporary folder). Needs poppler-utils for the PNGs.
import { mkdirSync, mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { renderCataloguePdf } from '@/server/catalog/catalogue-pdf';
import { renderTaxDocumentPdf } from '@/server/invoices/tax-document-pdf';
import { pdfToPngs } from '../tests/poppler';
import { SAMPLE_CREDIT_NOTE, SAMPLE_FULL_INVOICE, SAMPLE_LONG_INVOICE, SAMPLE_SIMPLIFIED_INVOICE } from '../tests/tax-documents';

const outDir = process.argv[2] ? path.resolve(process.argv[2]) : mkdtempSync(path.join(tmpdir(), 'tax-documents-'));
mkdirSync(outDir, { recursive: true });

const samples = {
  'full-invoice': SAMPLE_FULL_INVOICE,
  'simplified-invoice': SAMPLE_SIMPLIFIED_INVOICE,
  'credit-note': SAMPLE_CREDIT_NOTE,
  'long-invoice': SAMPLE_LONG_INVOICE,
};
for (const [name, doc] of Object.entries(samples)) {
  const started = performance.now();
  const pdf = await renderTaxDocumentPdf(doc);
  const ms = performance.now() - started;
  const pngs = pdfToPngs(pdf, outDir, name);
  console.log(`${name}: ${pdf.length} bytes in ${ms.toFixed(0)} ms, ${pngs.length} page(s)`);
}
const catalogue = await renderCataloguePdf({
  name: 'Ironclad FireGuard 120 Fire Safe FG-60E / خزنة مقاومة للحريق',
  sku: 'IC-FG-60E',
  price: 'AED\u00a04,850.00',
  specs: [
    ['Weight', '142 kg'],
    ['Fire rating', '120 minutes at 1,090 °C'],
    ['اللون', 'رمادي داكن'],
  ],
});
pdfToPngs(catalogue, outDir, 'catalogue');
console.log(`PDFs and PNGs in ${outDir}`);
