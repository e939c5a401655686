// A one-page product catalogue as a PDF (the endpoint /catalogues/{sku}.pdf renders it on request),
// drawn with pdfkit and the shop's embedded typeface like the tax invoices
// (docs/decisions/0052-pdf-library.md), so names and specifications in Arabic or other letters the
// typeface has print as they are.
import { createPdf, A4 } from '@/server/pdf/document';
import type { TextStyle } from '@/server/pdf/text';

export interface CatalogueProduct {
  name: string;
  sku: string;
  /** Already formatted, e.g. "AED 1,899.00". */
  price: string;
  specs: Array<[string, string]>;
}

const MARGIN = 50;
const WIDTH = A4.width - 2 * MARGIN;
const BOTTOM = A4.height - 70;
const INK = '#000000';
const GREY = '#595959';

const style = {
  brand: { size: 22, weight: 'bold', color: INK },
  kind: { size: 10, color: GREY },
  name: { size: 16, weight: 'bold', color: INK },
  sku: { size: 11, color: INK },
  price: { size: 13, weight: 'bold', color: INK },
  vat: { size: 9, color: GREY },
  heading: { size: 13, weight: 'bold', color: INK },
  key: { size: 10, weight: 'bold', color: INK },
  value: { size: 10, color: INK },
  more: { size: 10, color: GREY },
  footer: { size: 8, color: GREY },
} satisfies Record<string, TextStyle>;

function rule(doc: PDFKit.PDFDocument, y: number, width: number, grey: string): void {
  doc
    .save()
    .moveTo(MARGIN, y)
    .lineTo(A4.width - MARGIN, y)
    .lineWidth(width)
    .strokeColor(grey)
    .stroke()
    .restore();
}

export async function renderCataloguePdf(product: CatalogueProduct): Promise<Uint8Array> {
  const { doc, text, finish } = createPdf({ title: `${product.name} (${product.sku})`, author: 'Safe Buddy' });
  let y = 60; // a baseline, from the top
  text.line('Safe Buddy', style.brand, { x: MARGIN, y, direction: 'ltr' });
  text.line('Product catalogue', style.kind, { x: MARGIN, y: y - 4, width: WIDTH, align: 'right', direction: 'ltr' });
  y += 14;
  rule(doc, y, 0.6, '#b3b3b3');
  y += 32;
  y = text.paragraph(product.name, style.name, { x: MARGIN, y, width: WIDTH, leading: 20, align: 'left' });
  y += 4;
  text.line(`SKU: ${product.sku}`, style.sku, { x: MARGIN, y, direction: 'ltr' });
  y += 16;
  const priceWidth = text.line(`Price: ${product.price}`, style.price, { x: MARGIN, y, direction: 'ltr' });
  text.line('(inclusive of 5% VAT)', style.vat, { x: MARGIN + priceWidth + 12, y, direction: 'ltr' });
  y += 34;
  text.line('Specifications', style.heading, { x: MARGIN, y, direction: 'ltr' });
  y += 8;
  rule(doc, y, 0.4, '#cccccc');
  y += 18;
  const keyWidth = 150;
  const valueX = MARGIN + 160;
  const valueWidth = A4.width - MARGIN - valueX;
  for (const [key, value] of product.specs) {
    const keyLines = text.wrap(key, style.key, keyWidth);
    const valueLines = text.wrap(value, style.value, valueWidth);
    const height = Math.max(keyLines.length, valueLines.length) * 14;
    if (y + height > BOTTOM) {
      text.line('More specifications on the product page.', style.more, { x: MARGIN, y, direction: 'ltr' });
      break;
    }
    // The sheet reads left to right: Arabic keys and values keep their own direction, at the left.
    text.paragraph(key, style.key, { x: MARGIN, y, width: keyWidth, leading: 14, align: 'left' });
    text.paragraph(value, style.value, { x: valueX, y, width: valueWidth, leading: 14, align: 'left' });
    y += height + 6;
  }
  rule(doc, A4.height - 56, 0.4, '#cccccc');
  text.line(
    'Prices in AED include 5% VAT. Specifications may change without notice. Safe Buddy, Dubai, United Arab Emirates.',
    style.footer,
    { x: MARGIN, y: A4.height - 42, direction: 'ltr' },
  );
  return new Uint8Array(await finish());
}

const ENTITIES: Record<string, string> = { amp: '&', lt: '<', gt: '>', quot: '"', apos: "'", nbsp: ' ', times: '×', deg: '°' };

function decodeEntities(text: string): string {
  return text.replace(/&(#x[0-9a-f]+|#\d+|[a-z]+);/gi, (whole, ref: string) => {
    if (ref[0] === '#') {
      const code = ref[1] === 'x' || ref[1] === 'X' ? parseInt(ref.slice(2), 16) : parseInt(ref.slice(1), 10);
      return Number.isFinite(code) && code > 0 && code <= 0x10ffff ? String.fromCodePoint(code) : whole;
    }
    return ENTITIES[ref.toLowerCase()] ?? whole;
  });
}

function cellText(html: string): string {
  return decodeEntities(html.replace(/<br\s*\/?>/gi, ' ').replace(/<[^>]*>/g, ''))
    .replace(/\s+/g, ' ')
    .trim();
}

/** Key/value pairs from the rows of an HTML specification table (first two cells of each row). */
export function specsFromHtmlTable(html: string): Array<[string, string]> {
  const rows: Array<[string, string]> = [];
  for (const row of html.matchAll(/<tr\b[^>]*>([\s\S]*?)<\/tr>/gi)) {
    const cells = [...(row[1] ?? '').matchAll(/<t[hd]\b[^>]*>([\s\S]*?)<\/t[hd]>/gi)].map((c) => cellText(c[1] ?? ''));
    if (cells.length >= 2 && cells[0]) rows.push([cells[0], cells[1] ?? '']);
  }
  return rows;
}
