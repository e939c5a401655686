// A one-page product catalogue as a PDF, written by hand (PDF 1.4, the standard Helvetica fonts,
// WinAnsi text). No dependencies: the endpoint /catalogues/{sku}.pdf renders it on request.

export interface CatalogueProduct {
  name: string;
  sku: string;
  /** Already formatted, e.g. "AED 1,899.00". */
  price: string;
  specs: Array<[string, string]>;
}

const PAGE_WIDTH = 595; // A4 in points
const PAGE_HEIGHT = 842;
const MARGIN = 50;
const BOTTOM = 70;

// Characters outside Latin-1 that WinAnsiEncoding still has, by their byte there.
const WIN_ANSI_EXTRA: Record<string, number> = {
  '€': 0x80,
  '‚': 0x82,
  '„': 0x84,
  '…': 0x85,
  '‘': 0x91,
  '’': 0x92,
  '“': 0x93,
  '”': 0x94,
  '•': 0x95,
  '–': 0x96,
  '—': 0x97,
  '™': 0x99,
};

/** Text as WinAnsi bytes (one char per byte); anything else becomes '?'. */
function toWinAnsi(text: string): string {
  let out = '';
  for (const ch of text.normalize('NFC')) {
    const code = ch.codePointAt(0) ?? 63;
    if (code === 9) out += ' ';
    else if ((code >= 32 && code < 127) || (code >= 160 && code <= 255)) out += ch;
    else if (WIN_ANSI_EXTRA[ch] !== undefined) out += String.fromCharCode(WIN_ANSI_EXTRA[ch]);
    else out += '?';
  }
  return out;
}

function pdfString(text: string): string {
  return `(${toWinAnsi(text).replace(/[\\()]/g, (c) => `\\${c}`)})`;
}

/** Greedy word wrap by character count (Helvetica averages about half an em per character). */
function wrap(text: string, fontSize: number, width: number): string[] {
  const maxChars = Math.max(10, Math.floor(width / (fontSize * 0.5)));
  const lines: string[] = [];
  let line = '';
  for (const word of text.split(/\s+/).filter(Boolean)) {
    if (!line) line = word;
    else if (line.length + 1 + word.length <= maxChars) line += ` ${word}`;
    else {
      lines.push(line);
      line = word;
    }
    while (line.length > maxChars) {
      lines.push(line.slice(0, maxChars));
      line = line.slice(maxChars);
    }
  }
  if (line) lines.push(line);
  return lines.length ? lines : [''];
}

function contentStream(product: CatalogueProduct): string {
  const ops: string[] = [];
  const text = (font: 'F1' | 'F2', size: number, x: number, y: number, s: string, grey = false): void => {
    ops.push(`BT ${grey ? '0.35 g ' : '0 g '}/${font} ${size} Tf ${x} ${y} Td ${pdfString(s)} Tj ET`);
  };
  let y = PAGE_HEIGHT - 60;
  text('F2', 22, MARGIN, y, 'Safe Buddy');
  text('F1', 10, PAGE_WIDTH - MARGIN - 95, y + 4, 'Product catalogue', true);
  y -= 14;
  ops.push(`0.6 w 0.7 G ${MARGIN} ${y} m ${PAGE_WIDTH - MARGIN} ${y} l S`);
  y -= 32;
  for (const line of wrap(product.name, 16, PAGE_WIDTH - 2 * MARGIN)) {
    text('F2', 16, MARGIN, y, line);
    y -= 20;
  }
  y -= 4;
  text('F1', 11, MARGIN, y, `SKU: ${product.sku}`);
  y -= 16;
  text('F2', 13, MARGIN, y, `Price: ${product.price}`);
  text('F1', 9, MARGIN + 20 + product.price.length * 7 + 40, y + 1, '(inclusive of 5% VAT)', true);
  y -= 34;
  text('F2', 13, MARGIN, y, 'Specifications');
  y -= 8;
  ops.push(`0.4 w 0.8 G ${MARGIN} ${y} m ${PAGE_WIDTH - MARGIN} ${y} l S`);
  y -= 18;
  const valueX = MARGIN + 160;
  for (const [key, value] of product.specs) {
    const keyLines = wrap(key, 10, 150);
    const valueLines = wrap(value, 10, PAGE_WIDTH - MARGIN - valueX);
    const height = Math.max(keyLines.length, valueLines.length) * 14;
    if (y - height < BOTTOM) {
      text('F1', 10, MARGIN, y, 'More specifications on the product page.', true);
      y -= 14;
      break;
    }
    keyLines.forEach((l, i) => text('F2', 10, MARGIN, y - i * 14, l));
    valueLines.forEach((l, i) => text('F1', 10, valueX, y - i * 14, l));
    y -= height + 6;
  }
  ops.push(`0.4 w 0.8 G ${MARGIN} 56 m ${PAGE_WIDTH - MARGIN} 56 l S`);
  text(
    'F1',
    8,
    MARGIN,
    42,
    'Prices in AED include 5% VAT. Specifications may change without notice. Safe Buddy, Dubai, United Arab Emirates.',
    true,
  );
  return ops.join('\n');
}

export function renderCataloguePdf(product: CatalogueProduct): Uint8Array {
  const stream = contentStream(product);
  const objects = [
    '<< /Type /Catalog /Pages 2 0 R >>',
    '<< /Type /Pages /Kids [3 0 R] /Count 1 >>',
    `<< /Type /Page /Parent 2 0 R /MediaBox [0 0 ${PAGE_WIDTH} ${PAGE_HEIGHT}] /Resources << /Font << /F1 4 0 R /F2 5 0 R >> >> /Contents 6 0 R >>`,
    '<< /Type /Font /Subtype /Type1 /BaseFont /Helvetica /Encoding /WinAnsiEncoding >>',
    '<< /Type /Font /Subtype /Type1 /BaseFont /Helvetica-Bold /Encoding /WinAnsiEncoding >>',
    `<< /Length ${stream.length} >>\nstream\n${stream}\nendstream`,
    `<< /Title ${pdfString(`${product.name} (${product.sku})`)} /Producer (Safe Buddy) >>`,
  ];
  // Every character below is a single byte, so string lengths are byte offsets.
  let body = '%PDF-1.4\n%\u00e2\u00e3\u00cf\u00d3\n';
  const offsets: number[] = [];
  objects.forEach((obj, i) => {
    offsets.push(body.length);
    body += `${i + 1} 0 obj\n${obj}\nendobj\n`;
  });
  const xrefAt = body.length;
  body += `xref\n0 ${objects.length + 1}\n0000000000 65535 f \n`;
  for (const offset of offsets) body += `${String(offset).padStart(10, '0')} 00000 n \n`;
  body += `trailer\n<< /Size ${objects.length + 1} /Root 1 0 R /Info 7 0 R >>\nstartxref\n${xrefAt}\n%%EOF\n`;
  const bytes = new Uint8Array(body.length);
  for (let i = 0; i < body.length; i++) bytes[i] = body.charCodeAt(i) & 0xff;
  return bytes;
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
