// The printed documents' one typeface (docs/decisions/0052-pdf-library.md): IBM Plex Sans Arabic from
// @fontsource/ibm-plex-sans-arabic, the package the Arabic edition of the site can self-host as its web
// font. Fontsource splits the family by script (arabic, latin, latin-ext files of the same design), so a
// line of text is drawn in pieces, each in the file that holds its letters (text.ts chooses).
//
// The WOFF files are turned into plain OpenType once per process: fontkit (pdfkit's font engine) then
// reads each table straight from memory instead of inflating it in JavaScript for every document, which
// made a document about five times slower. WOFF2 is not used: fontkit fails to subset its glyphs.
import * as fontkit from 'fontkit';
import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { inflateSync } from 'node:zlib';

/** The fontsource subsets the PDFs embed, one file each per weight. */
export const FONT_SCRIPTS = ['arabic', 'latin', 'latin-ext'] as const;
export type FontScript = (typeof FONT_SCRIPTS)[number];
export type FontWeight = 'regular' | 'bold';

const WEIGHT_FILE: Record<FontWeight, number> = { regular: 400, bold: 700 };

/** The name a font is registered under in a document. */
export function fontName(script: FontScript, weight: FontWeight): string {
  return `plex-${script}-${weight}`;
}

const WOFF_SIGNATURE = 0x774f4646; // 'wOFF'

/**
 * A WOFF 1.0 font as the OpenType (sfnt) file it wraps: the same tables, each inflated when it was
 * compressed, behind a rebuilt table directory (W3C WOFF File Format 1.0, section 4 onwards).
 */
export function woffToSfnt(woff: Buffer): Buffer {
  if (woff.length < 44 || woff.readUInt32BE(0) !== WOFF_SIGNATURE) throw new Error('Not a WOFF 1.0 font');
  const flavor = woff.readUInt32BE(4);
  const numTables = woff.readUInt16BE(12);
  const tables = Array.from({ length: numTables }, (_, i) => {
    const at = 44 + i * 20;
    const offset = woff.readUInt32BE(at + 4);
    const compressedLength = woff.readUInt32BE(at + 8);
    const length = woff.readUInt32BE(at + 12);
    const stored = woff.subarray(offset, offset + compressedLength);
    const data = compressedLength < length ? inflateSync(stored) : stored;
    if (data.length !== length) throw new Error('A WOFF table does not inflate to its stated length');
    return { tag: woff.readUInt32BE(at), checksum: woff.readUInt32BE(at + 16), data };
  });
  const entrySelector = Math.floor(Math.log2(numTables));
  const searchRange = 2 ** entrySelector * 16;
  const directoryEnd = 12 + 16 * numTables;
  const padded = (n: number) => (n + 3) & ~3;
  const out = Buffer.alloc(directoryEnd + tables.reduce((sum, t) => sum + padded(t.data.length), 0));
  out.writeUInt32BE(flavor, 0);
  out.writeUInt16BE(numTables, 4);
  out.writeUInt16BE(searchRange, 6);
  out.writeUInt16BE(entrySelector, 8);
  out.writeUInt16BE(numTables * 16 - searchRange, 10);
  let offset = directoryEnd;
  tables.forEach((table, i) => {
    const at = 12 + i * 16;
    out.writeUInt32BE(table.tag, at);
    out.writeUInt32BE(table.checksum, at + 4);
    out.writeUInt32BE(offset, at + 8);
    out.writeUInt32BE(table.data.length, at + 12);
    table.data.copy(out, offset);
    offset += padded(table.data.length);
  });
  return out;
}

const require = createRequire(import.meta.url);

/** Where a subset's WOFF file is (resolved through the package, so it works from dist/ too). */
export function fontFile(script: FontScript, weight: FontWeight): string {
  return require.resolve(`@fontsource/ibm-plex-sans-arabic/files/ibm-plex-sans-arabic-${script}-${WEIGHT_FILE[weight]}-normal.woff`);
}

const loaded = new Map<string, Buffer>();

/** A subset as OpenType bytes, read and converted once per process. */
export function fontBytes(script: FontScript, weight: FontWeight): Buffer {
  const name = fontName(script, weight);
  let bytes = loaded.get(name);
  if (!bytes) {
    bytes = woffToSfnt(readFileSync(fontFile(script, weight)));
    loaded.set(name, bytes);
  }
  return bytes;
}

/** Registers every subset and weight on a document; pdfkit embeds only those drawn with, and only their glyphs. */
export function registerFonts(doc: PDFKit.PDFDocument): void {
  for (const script of FONT_SCRIPTS) {
    for (const weight of ['regular', 'bold'] as const) doc.registerFont(fontName(script, weight), fontBytes(script, weight));
  }
}

/** The order files are tried in for a character: Latin first (digits and punctuation), then Arabic. */
const PREFERENCE: readonly FontScript[] = ['latin', 'arabic', 'latin-ext'];
const coverage = new Map<number, FontScript | null>();
let faces: Array<[FontScript, fontkit.Font[]]> | null = null;

/** The file that draws a character in both weights, or null when none does. */
export function scriptFor(codePoint: number): FontScript | null {
  const known = coverage.get(codePoint);
  if (known !== undefined) return known;
  faces ??= PREFERENCE.map((script) => [
    script,
    (['regular', 'bold'] as const).map((weight) => fontkit.create(fontBytes(script, weight)) as fontkit.Font),
  ]);
  const found = faces.find(([, fonts]) => fonts.every((font) => font.hasGlyphForCodePoint(codePoint)))?.[0] ?? null;
  coverage.set(codePoint, found);
  return found;
}
