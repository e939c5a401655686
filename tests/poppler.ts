// Reading the shop's PDFs back as a person and a copy-paste would (docs/decisions/0052-pdf-library.md):
// poppler's pdftotext for the text layer, pdftoppm for pictures of the pages. The tests need them and
// never skip without them: a missing tool fails the test with how to install it.
import { execFileSync, spawnSync } from 'node:child_process';
import { mkdtempSync, readdirSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';

const INSTALL = [
  'The PDF tests need poppler-utils (pdftotext, pdftoppm, pdfinfo, pdffonts), and they were not found on the PATH.',
  'Install it:',
  '  Debian/Ubuntu: sudo apt-get update && sudo apt-get install -y poppler-utils',
  '  macOS:         brew install poppler',
  '(.ci/run installs it on CI.)',
].join('\n');

/** Throws with the install instructions when a poppler tool is missing. */
export function requirePoppler(): void {
  for (const tool of ['pdftotext', 'pdftoppm', 'pdfinfo', 'pdffonts']) {
    const found = spawnSync(tool, ['-v'], { encoding: 'utf8' });
    if (found.error) throw new Error(INSTALL);
  }
}

/** pdftotext prints a right-to-left run between bidi embedding marks; they are not the document's. */
const BIDI_MARKS = /[\u200e\u200f\u202a-\u202e\u2066-\u2069]/g;

/** The PDF's text as pdftotext reads it (reading order; `layout` keeps the columns), without bidi marks. */
export function pdfText(pdf: Uint8Array, options: { layout?: boolean; page?: number } = {}): string {
  requirePoppler();
  const dir = mkdtempSync(path.join(tmpdir(), 'pdftext-'));
  try {
    const file = path.join(dir, 'in.pdf');
    writeFileSync(file, pdf);
    const args = [
      '-enc',
      'UTF-8',
      ...(options.layout ? ['-layout'] : []),
      ...(options.page ? ['-f', String(options.page), '-l', String(options.page)] : []),
    ];
    return execFileSync('pdftotext', [...args, file, '-'], { encoding: 'utf8' }).replace(BIDI_MARKS, '');
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
}

/** The number of pages, from pdfinfo-free means: pdftotext ends every page with a form feed. */
export function pdfPageCount(pdf: Uint8Array): number {
  return pdfText(pdf).split('\f').length - 1;
}

/** Each page as a PNG (pdftoppm at `dpi`), written to `outDir` as `<name>-<n>.png`; answers the files. */
export function pdfToPngs(pdf: Uint8Array, outDir: string, name: string, dpi = 80): string[] {
  requirePoppler();
  const file = path.join(outDir, `${name}.pdf`);
  writeFileSync(file, pdf);
  execFileSync('pdftoppm', ['-png', '-r', String(dpi), file, path.join(outDir, name)]);
  return readdirSync(outDir)
    .filter((f) => f.startsWith(`${name}-`) && f.endsWith('.png'))
    .sort()
    .map((f) => path.join(outDir, f));
}

export interface PdfWord {
  page: number;
  text: string;
  xMin: number;
  yMin: number;
  xMax: number;
  yMax: number;
  pageWidth: number;
  pageHeight: number;
}

/** Every word with its box in points from the page's top left (pdftotext -bbox). */
export function pdfWords(pdf: Uint8Array): PdfWord[] {
  requirePoppler();
  const dir = mkdtempSync(path.join(tmpdir(), 'pdfwords-'));
  try {
    const file = path.join(dir, 'in.pdf');
    writeFileSync(file, pdf);
    const html = execFileSync('pdftotext', ['-bbox', '-enc', 'UTF-8', file, '-'], { encoding: 'utf8', maxBuffer: 64 * 1024 * 1024 });
    const words: PdfWord[] = [];
    let page = 0;
    let size = { width: 0, height: 0 };
    for (const m of html.matchAll(
      /<page width="([\d.]+)" height="([\d.]+)">|<word xMin="([\d.]+)" yMin="([\d.]+)" xMax="([\d.]+)" yMax="([\d.]+)">([^<]*)<\/word>/g,
    )) {
      if (m[1]) {
        page += 1;
        size = { width: Number(m[1]), height: Number(m[2]) };
      } else {
        words.push({
          page,
          text: m[7]!,
          xMin: Number(m[3]),
          yMin: Number(m[4]),
          xMax: Number(m[5]),
          yMax: Number(m[6]),
          pageWidth: size.width,
          pageHeight: size.height,
        });
      }
    }
    return words;
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
}
