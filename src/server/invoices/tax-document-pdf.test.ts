// The printed tax invoice and credit note (docs/decisions/0052-pdf-library.md): read back with
// poppler (pdftotext, pdffonts, pdftoppm), as the buyer's PDF reader and a copy and paste would. The
// Arabic must come back in logical order: a reversed or unshaped line would read differently.
import { execFileSync, spawnSync } from 'node:child_process';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { calendarDate, orderDate } from '@/domain/dates';
import { invoiceDocumentArabicTexts as ar, invoiceDocumentTexts as en } from '@/domain/messages/invoice-document';
import { formatAmount, formatPrice } from '@/domain/money';
import type { TaxDocument } from '@/domain/tax-invoice';
import { pdfPageCount, pdfText, pdfToPngs, pdfWords, requirePoppler } from '../../../tests/poppler';
import { toUnicodeTargets } from '../../../tests/pdf-inspect';
import {
  SAMPLE_CREDIT_NOTE,
  SAMPLE_FULL_INVOICE,
  SAMPLE_LONG_INVOICE,
  SAMPLE_SIMPLIFIED_INVOICE,
  sampleLines,
  withTotals,
} from '../../../tests/tax-documents';
import { renderTaxDocumentPdf } from './tax-document-pdf';

/** pdftotext's text with no-break spaces as spaces and runs of spaces as one. */
function flat(text: string): string {
  return text.replace(/\u00a0/g, ' ').replace(/[ \t]+/g, ' ');
}

const reversed = (s: string) => [...s].reverse().join('');

/**
 * Arabic as pdftotext gives it back, compared letter by letter. pdftotext adds a space where the
 * font's kerning leaves more than a tenth of an em inside a word (bold "ضريبية" reads "ضر يبية"), a
 * bracket drawn mirrored in a right-to-left run comes back as the other bracket, and the parts of a
 * line between punctuation (the Arabic comma, the dots of "ذ.م.م") and numbers come back left to
 * right when the line shares a block with English. The pages show them right (the sample script's
 * pictures, and text.test.ts for the order of every run); the letters and words of each part must
 * still come back in reading order, so spaces and brackets are left out and each part is checked alone.
 */
const letters = (s: string) => s.replace(/[\s()]/g, '');

function expectArabic(text: string, phrase: string, what = phrase): void {
  for (const part of phrase.split(/[،.%]|[0-9٠-٩]+/).filter((p) => letters(p))) {
    expect(letters(text), what).toContain(letters(part));
    if (letters(part).length > 1) expect(letters(text), `${what} reversed`).not.toContain(letters(reversed(part)));
  }
}

const rendered = new Map<TaxDocument, { pdf: Buffer; text: string }>();
async function render(doc: TaxDocument): Promise<{ pdf: Buffer; text: string }> {
  let found = rendered.get(doc);
  if (!found) {
    const pdf = await renderTaxDocumentPdf(doc);
    found = { pdf, text: flat(pdfText(pdf)) };
    rendered.set(doc, found);
  }
  return found;
}

let dir: string;
beforeAll(() => {
  requirePoppler();
  dir = mkdtempSync(path.join(tmpdir(), 'tax-document-pdf-'));
});
afterAll(() => rmSync(dir, { recursive: true, force: true }));

/** The labels every full document prints, in both languages. */
const FULL_LABELS = [
  'supplier',
  'recipient',
  'trn',
  'dateOfIssue',
  'order',
  'description',
  'quantity',
  'unitPrice',
  'discount',
  'taxableAmount',
  'vatRate',
  'vat',
  'amountWithVat',
  'subtotal',
  'totalExcludingVat',
] as const;

describe('the full tax invoice', () => {
  const doc = SAMPLE_FULL_INVOICE;

  it('is one A4 page of PDF with the typeface embedded, and only it', async () => {
    const { pdf } = await render(doc);
    expect(pdf.subarray(0, 5).toString()).toBe('%PDF-');
    expect(pdfPageCount(pdf)).toBe(1);
    const file = path.join(dir, 'full.pdf');
    writeFileSync(file, pdf);
    expect(execFileSync('pdfinfo', [file], { encoding: 'utf8' })).toMatch(/Page size:\s+595\.28 x 841\.89 pts \(A4\)/);
    const fonts = execFileSync('pdffonts', [file], { encoding: 'utf8' }).split('\n').slice(2).filter(Boolean);
    expect(fonts.length).toBeGreaterThanOrEqual(3); // Arabic and Latin, regular and bold
    for (const font of fonts) {
      expect(font).toMatch(/IBMPlexSansArabic/);
      // emb sub uni: embedded, subset, with a ToUnicode map
      expect(font).toMatch(/yes\s+yes\s+yes/);
    }
  });

  it('says "Tax Invoice" and every label in English and in Arabic, the Arabic in logical order', async () => {
    const { text } = await render(doc);
    expect(text).toContain(en.taxInvoice);
    expectArabic(text, ar.taxInvoice);
    expect(letters(text)).not.toContain(letters(ar.simplifiedTaxInvoice));
    for (const key of [...FULL_LABELS, 'invoiceNumber', 'dateOfSupply', 'vatAed', 'totalPayable', 'orderDiscount'] as const) {
      expect(text, key).toContain(en[key]);
      expectArabic(text, ar[key], key);
    }
    // Regular-weight labels read back word for word.
    expect(text).toContain(ar.dateOfIssue);
    expect(text).toContain(ar.trn);
  });

  it('prints the supplier and the recipient with their names, addresses and TRNs', async () => {
    const { text } = await render(doc);
    for (const party of [doc.supplier, doc.buyer!]) {
      expect(text).toContain(party.trn!);
      for (const line of party.address) expectArabic(text, line);
    }
    expect(text).toContain(doc.supplier.name);
    // An Arabic company name with its Latin part: both read back in order.
    expectArabic(text, 'شركة الخليج للتجارة');
    expect(text).toContain('Gulf Trading LLC');
  });

  it('prints the number, the dates of issue and supply, the order', async () => {
    const { text } = await render(doc);
    expect(text).toContain(doc.number);
    expect(text).toContain(orderDate(doc.issuedAt));
    expect(text).toContain(calendarDate(doc.supplyDate));
    expect(text).toContain(en.orderNumber(doc.orderId));
  });

  it('prints each line: description, SKU, quantity, unit price, discount, taxable amount, VAT rate, VAT and amount', async () => {
    const { text } = await render(doc);
    const layout = flat(pdfText((await render(doc)).pdf, { layout: true }));
    for (const line of doc.lines) {
      expect(text).toContain(line.sku);
      const figures = [
        String(line.quantity),
        formatAmount(line.unitPriceNet),
        formatAmount(line.couponShare),
        formatAmount((line.netAmount - line.couponShare) as typeof line.netAmount),
        `${line.vatRatePercent}%`,
        formatAmount(line.vatAmount),
        formatAmount(line.grossAmount),
      ];
      // One row of the table, left to right.
      expect(layout, line.sku).toContain(figures.join(' '));
    }
    expect(text).toContain('Ironclad FireGuard 120 Fire Safe');
    // (The Arabic-Indic "٦٠" inside it is a left-to-right run pdftotext puts elsewhere on the line.)
    expectArabic(text, 'خزنة حديدية مقاومة للحريق');
    expect(text).toContain(en.productDiscount(10));
  });

  it('prints the totals exactly as the document holds them, to the fil', async () => {
    const { text } = await render(doc);
    const layout = flat(pdfText((await render(doc)).pdf, { layout: true }));
    expect(layout).toMatch(new RegExp(`${en.subtotal} .*${ar.subtotal} ${formatAmount(doc.subtotal)}`));
    expect(layout).toMatch(new RegExp(`${en.orderDiscount} .*${ar.orderDiscount} \u2212${formatAmount(doc.discount)}`));
    expect(layout).toMatch(new RegExp(`${en.totalExcludingVat} .*${ar.totalExcludingVat} ${formatAmount(doc.netTotal)}`));
    expect(layout).toMatch(new RegExp(`VAT \\(AED\\) .* ${formatAmount(doc.vatTotal)}`));
    expect(text).toContain(flat(formatPrice(doc.grandTotal)));
  });

  it('forms the Arabic ligatures and maps them back to their letters in reading order', async () => {
    const { pdf, text } = await render(doc);
    // "الإجمالي" and "المستلم" hold lam-alef: its glyph stands for lam then alef, written in visual order.
    expect(text).toContain('الإجمالي غير شامل الضريبة');
    expect(text).toContain('المستلم');
    const targets = toUnicodeTargets(pdf);
    expect(targets.some((t) => t.length === 2 && /^[\u0622\u0623\u0625\u0627]\u0644$/.test(t))).toBe(true);
  });

  it('renders as pictures without a complaint from poppler', async () => {
    const { pdf } = await render(doc);
    const file = path.join(dir, 'check.pdf');
    writeFileSync(file, pdf);
    const run = spawnSync('pdftoppm', ['-png', '-r', '30', file, path.join(dir, 'check')], { encoding: 'utf8' });
    expect(run.status).toBe(0);
    expect(run.stderr).toBe('');
    expect(pdfToPngs(pdf, dir, 'full', 30)).toHaveLength(1);
  });

  it('gives the same bytes for the same document (nothing but the document goes in)', async () => {
    const again = await renderTaxDocumentPdf(doc);
    expect(again.equals((await render(doc)).pdf)).toBe(true);
  });
});

describe('the simplified tax invoice', () => {
  const doc = SAMPLE_SIMPLIFIED_INVOICE;

  it('shows the short form: Tax Invoice, supplier name, address and TRN, date, the goods, total and VAT', async () => {
    const { text } = await render(doc);
    expect(text).toContain(en.taxInvoice);
    expectArabic(text, ar.taxInvoice);
    expect(text).toContain(en.simplifiedTaxInvoice);
    expectArabic(text, ar.simplifiedTaxInvoice);
    expect(text).toContain(doc.supplier.name);
    for (const line of doc.supplier.address) expect(text).toContain(line);
    expect(text).toContain(doc.supplier.trn!);
    expect(text).toContain(orderDate(doc.issuedAt));
    expect(text).toContain(doc.number);
    for (const line of doc.lines) expect(text).toContain(line.description.split(' / ')[0]!);
    expectArabic(text, 'جهاز تغليف');
    expect(text).toContain(flat(formatPrice(doc.grandTotal)));
    expect(text).toContain(formatAmount(doc.vatTotal));
    for (const key of ['totalPayable', 'vatIncludedAed', 'amountsInAedSimplified'] as const) {
      expect(text, key).toContain(en[key]);
      expectArabic(text, ar[key], key);
    }
  });

  it('leaves out what only the full form shows, and the recipient it does not have', async () => {
    const { text } = await render(doc);
    for (const key of ['recipient', 'unitPrice', 'taxableAmount', 'vatRate', 'subtotal', 'totalExcludingVat'] as const) {
      expect(text, key).not.toContain(en[key]);
    }
  });
});

describe('the tax credit note', () => {
  const doc = SAMPLE_CREDIT_NOTE;

  it('says "Tax Credit Note", names the invoice it corrects and why, and the VAT adjusted', async () => {
    const { text } = await render(doc);
    expect(text).toContain(en.taxCreditNote);
    expectArabic(text, ar.taxCreditNote);
    expect(text).not.toContain(en.taxInvoice);
    for (const key of ['creditNoteNumber', 'correctsInvoice', 'invoiceDate', 'reason', 'vatAdjustedAed', 'totalCredited'] as const) {
      expect(text, key).toContain(en[key]);
      expectArabic(text, ar[key], key);
    }
    expect(text).toContain(doc.number);
    expect(text).toContain(doc.corrects!.number);
    expect(text).toContain(orderDate(doc.corrects!.issuedAt));
    expect(text).toContain('Refund of one shredder returned by the buyer');
    expectArabic(text, 'استرداد آلة تمزيق أعادها المشتري');
    expect(text).toContain(formatAmount(doc.vatTotal));
    expect(text).toContain(flat(formatPrice(doc.grandTotal)));
  });
});

describe('a long order', () => {
  const doc = SAMPLE_LONG_INVOICE;

  it('runs the table over pages, its header on each, every line once, the totals at the end', async () => {
    const { pdf, text } = await render(doc);
    const pages = pdfPageCount(pdf);
    expect(pages).toBeGreaterThanOrEqual(3);
    for (let page = 1; page <= pages; page++) {
      const pageText = flat(pdfText(pdf, { page }));
      for (const key of ['description', 'unitPrice', 'amountWithVat'] as const) {
        expect(pageText, `page ${page}: ${key}`).toContain(en[key]);
        expectArabic(pageText, ar[key], `page ${page}: ${key}`);
      }
      expect(pageText).toContain(en.page(page, pages));
      expectArabic(pageText, ar.page(page, pages));
      if (page > 1) expect(pageText).toContain(`${en.taxInvoice} ${doc.number} (${en.continued})`);
      expect(pageText.includes(en.totalPayable), `page ${page}`).toBe(page === pages);
    }
    for (const line of doc.lines) expect(text.split(line.sku).length - 1, line.sku).toBe(1);
    expectArabic(text, 'خزنة مكتبية رقم 2');
    expect(text).toContain(flat(formatPrice(doc.grandTotal)));
  });
});

describe('hostile and odd documents', () => {
  const long = (n: number, word: string) => Array.from({ length: n }, () => word).join(' ');
  const odd: TaxDocument = withTotals({
    ...SAMPLE_FULL_INVOICE,
    number: 'INV-000045',
    buyer: { name: long(40, 'Company'), address: [], trn: null },
    lines: sampleLines([
      { description: long(400, 'very long product name'), sku: 'SB-LONG-NAME', quantity: 1, unitPriceNet: 100 },
      { description: 'X'.repeat(600), sku: 'SB-NO-SPACES', quantity: 2, unitPriceNet: 99_999_999 },
      { description: 'Safe 😀 中文 ок\nsecond line\ttab', sku: 'SB-ODD-CHARS', quantity: 9999, unitPriceNet: 1 },
    ]),
  });

  it('keeps every word inside the page and its margins, cutting what cannot fit with an ellipsis', async () => {
    const pdf = await renderTaxDocumentPdf(odd);
    const words = pdfWords(pdf);
    expect(words.length).toBeGreaterThan(50);
    // The margins are 40 pt; pdftotext's boxes take a glyph's side bearing too (a large bold T reaches 38.3).
    for (const w of words) {
      expect(w.xMin, w.text).toBeGreaterThanOrEqual(36);
      expect(w.xMax, w.text).toBeLessThanOrEqual(w.pageWidth - 36);
      expect(w.yMin, w.text).toBeGreaterThanOrEqual(36);
      expect(w.yMax, w.text).toBeLessThanOrEqual(w.pageHeight - 20);
    }
    const text = pdfText(pdf);
    expect(text).toContain('\u2026');
    expect(text).toContain('SB-ODD-CHARS');
    expect(text).toContain(formatAmount(odd.lines[1]!.grossAmount));
    expect(flat(text)).toContain(flat(formatPrice(odd.grandTotal)));
  });

  it('prints a document without lines and without a recipient', async () => {
    const empty = withTotals({ ...SAMPLE_SIMPLIFIED_INVOICE, lines: [] });
    const text = flat(pdfText(await renderTaxDocumentPdf(empty)));
    expect(text).toContain(en.taxInvoice);
    expect(text).toContain(flat(formatPrice(empty.grandTotal)));
  });
});
