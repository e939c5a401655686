// A new A4 pdfkit document with the shop's typeface registered, and its bytes once it ends
// (docs/decisions/0052-pdf-library.md). Every printed document of the shop starts here.
import PDFDocument from 'pdfkit';
import { fontName, registerFonts } from './fonts';
import { TextSetter } from './text';

/** A4 in points. */
export const A4 = { width: 595.28, height: 841.89 } as const;

export interface PdfInfo {
  title: string;
  author: string;
  subject?: string;
  /** The document's own date (an invoice's issue), so the same document gives the same file. */
  createdAt?: Date;
  lang?: string;
}

export interface PdfCanvas {
  doc: PDFKit.PDFDocument;
  text: TextSetter;
  /** Ends the document and answers its bytes. */
  finish(): Promise<Buffer>;
}

export function createPdf(info: PdfInfo): PdfCanvas {
  const doc = new PDFDocument({
    size: 'A4',
    margin: 0,
    // Every page stays open until the end, so footers can say "page 2 of 3".
    bufferPages: true,
    // No standard font: only the embedded typeface is ever used (pdfkit would load Helvetica's metrics).
    font: null as unknown as string,
    lang: info.lang ?? 'en',
    displayTitle: true,
    info: {
      Title: info.title,
      Author: info.author,
      Subject: info.subject ?? info.title,
      Producer: info.author,
      Creator: info.author,
      CreationDate: info.createdAt ?? new Date(),
    },
  });
  registerFonts(doc);
  const chunks: Buffer[] = [];
  const ended = new Promise<Buffer>((resolve, reject) => {
    doc.on('data', (chunk: Buffer) => chunks.push(chunk));
    doc.on('end', () => resolve(Buffer.concat(chunks)));
    doc.on('error', reject);
  });
  return {
    doc,
    text: new TextSetter(doc),
    finish() {
      mapArabicLigaturesInVisualOrder(doc);
      doc.end();
      return ended;
    },
  };
}

/** What pdfkit keeps of an embedded font: per glyph of the subset, the characters it stands for. */
interface EmbeddedFontState {
  unicode?: number[][];
}

/**
 * Text extraction (pdftotext, pdf.js, copy and paste) reads the glyphs of a right-to-left run in the
 * visual order they are drawn and reverses them; a glyph that stands for several characters (the
 * lam-alef ligature, other Arabic ligatures) has its characters spread left to right over it, so they
 * would come out reversed too: "السلام" as "السالم". The Arabic file is only drawn right to left
 * (text.ts), so its ligatures' characters are written in visual order, and read back in logical order.
 * pdfkit writes this table (its ToUnicode map) when the document ends, from each font's `unicode`.
 */
function mapArabicLigaturesInVisualOrder(doc: PDFKit.PDFDocument): void {
  const families = (doc as unknown as { _fontFamilies?: Record<string, EmbeddedFontState> })._fontFamilies ?? {};
  for (const weight of ['regular', 'bold'] as const) {
    const unicode = families[fontName('arabic', weight)]?.unicode;
    if (!unicode) continue;
    for (let gid = 0; gid < unicode.length; gid++) {
      const codePoints = unicode[gid];
      if (codePoints && codePoints.length > 1) unicode[gid] = [...codePoints].reverse();
    }
  }
}
