// Bilingual text on a pdfkit page (docs/decisions/0052-pdf-library.md). pdfkit draws a string left to
// right in one font; English, Arabic and the two mixed need more:
//  - direction: the Unicode bidirectional algorithm (bidi-js) gives each character its level and the
//    visual order of the runs, so "Safe خزنة 60" and "خزنة Safe 60" each read right;
//  - fonts: the typeface comes as one file per script (fonts.ts), so a line is cut into pieces, each
//    drawn in the file that holds its characters;
//  - shaping: an Arabic piece goes to fontkit in logical order; fontkit joins its letters (initial,
//    medial, final forms, the lam-alef ligature) and lays the glyphs out right to left. A piece without
//    Arabic letters at a right-to-left level (spaces, brackets, punctuation) is given in visual order,
//    with brackets mirrored. The text layer keeps each glyph's characters, so copying or pdftotext
//    gives the words back in logical order.
import bidiFactory from 'bidi-js';
import { type FontScript, type FontWeight, fontName, scriptFor } from './fonts';

const bidi = bidiFactory();

export type Direction = 'ltr' | 'rtl' | 'auto';

export interface TextStyle {
  size: number;
  weight?: FontWeight;
  /** A CSS colour pdfkit understands ('#1f2937'). */
  color?: string;
}

/** A run of characters drawn in one call: one font, already in the order pdfkit must receive it. */
export interface Piece {
  text: string;
  script: FontScript;
  /** True when the piece belongs to a right-to-left level (Arabic, or neutrals among Arabic). */
  rtl: boolean;
}

// ---- Which file holds a character -------------------------------------------------------------

/** Characters every file has: they join the piece beside them instead of starting their own. */
const SHARED = new Set([0x20, 0xa0, 0x200c, 0x200d, 0x200e, 0x200f]);
/** What prints for a character no file has (the typeface has no U+FFFD); the old catalogue writer did the same. */
const REPLACEMENT = '?';

const scriptOf = scriptFor;

/**
 * The text as it can be drawn: one line (controls and line breaks become spaces), NFC, and every
 * character no file has (outside the Basic Multilingual Plane too) as "?", so each UTF-16 unit is
 * one character with one bidi level and one font.
 */
export function printable(text: string): string {
  let out = '';
  for (const ch of text.normalize('NFC')) {
    const code = ch.codePointAt(0)!;
    if (code < 0x20 || (code >= 0x7f && code < 0xa0) || code === 0x2028 || code === 0x2029) out += ' ';
    else if (code > 0xffff || scriptOf(code) === null) out += REPLACEMENT;
    else out += ch;
  }
  return out;
}

function scriptsOf(text: string): FontScript[] {
  const scripts: Array<FontScript | null> = Array.from(text, (ch) => (SHARED.has(ch.charCodeAt(0)) ? null : scriptOf(ch.charCodeAt(0))));
  // A shared character takes the script before it, or after it at the start.
  let previous: FontScript | null = null;
  for (let i = 0; i < scripts.length; i++) {
    if (scripts[i] === null) scripts[i] = previous;
    else previous = scripts[i]!;
  }
  let next: FontScript = 'latin';
  for (let i = scripts.length - 1; i >= 0; i--) {
    if (scripts[i] === null) scripts[i] = next;
    else next = scripts[i]!;
  }
  return scripts as FontScript[];
}

const RTL_CHARACTER = /[\u0590-\u08FF\uFB1D-\uFDFF\uFE70-\uFEFF\u200F\u202B\u202E\u2067]/;
/** fontkit lays a string out right to left when its first letter of a real script is Arabic. */
const ARABIC_SCRIPT = /\p{Script=Arabic}/u;

/**
 * One line of text as pieces in visual order, left to right. `direction` is the paragraph's: 'ltr'
 * for English labels, 'rtl' for Arabic ones, 'auto' (the first strong letter decides) for data.
 */
export function visualPieces(input: string, direction: Direction): Piece[] {
  const text = printable(input);
  if (!text) return [];
  const scripts = scriptsOf(text);
  if (direction !== 'rtl' && !RTL_CHARACTER.test(text)) {
    const pieces: Piece[] = [];
    for (let i = 0; i < text.length; i++) {
      const last = pieces[pieces.length - 1];
      if (last && last.script === scripts[i]) last.text += text[i];
      else pieces.push({ text: text[i]!, script: scripts[i]!, rtl: false });
    }
    return pieces;
  }
  const embedding = bidi.getEmbeddingLevels(text, direction === 'auto' ? undefined : direction);
  const { levels } = embedding;
  const order = Array.from(text, (_, i) => i);
  for (const segment of bidi.getReorderSegments(text, embedding)) {
    const [start, end] = segment as [number, number];
    const reversed = order.slice(start, end + 1).reverse();
    order.splice(start, reversed.length, ...reversed);
  }
  const mirrored = bidi.getMirroredCharactersMap(text, levels);
  // Visual runs of neighbouring characters with one level and one font.
  const runs: number[][] = [];
  for (const i of order) {
    const run = runs[runs.length - 1];
    const last = run?.[run.length - 1];
    if (run && last !== undefined && Math.abs(i - last) === 1 && levels[i] === levels[last] && scripts[i] === scripts[last]) run.push(i);
    else runs.push([i]);
  }
  return runs.map((run) => {
    const rtl = levels[run[0]!]! % 2 === 1;
    const logicalIndices = [...run].sort((a, b) => a - b);
    const logical = logicalIndices.map((i) => text[i]).join('');
    let drawn: string;
    if (ARABIC_SCRIPT.test(logical)) {
      // fontkit shapes and reverses it: logical order at a right-to-left level; at a left-to-right
      // level (Arabic-Indic digits inside English) pre-reversed, so its reversal gives them back.
      drawn = rtl ? logical : [...logical].reverse().join('');
    } else {
      drawn = run.map((i) => (rtl ? (mirrored.get(i) ?? text[i]) : text[i])).join('');
    }
    return { text: drawn, script: scripts[run[0]!]!, rtl };
  });
}

/** The paragraph direction 'auto' resolves to: the first strong letter's, or left to right. */
export function resolvedDirection(text: string, direction: Direction): 'ltr' | 'rtl' {
  if (direction !== 'auto') return direction;
  const printableText = printable(text);
  if (!RTL_CHARACTER.test(printableText)) return 'ltr';
  return bidi.getEmbeddingLevels(printableText).paragraphs[0]?.level === 1 ? 'rtl' : 'ltr';
}

// ---- Measuring and drawing ------------------------------------------------------------------

export type Align = 'left' | 'right' | 'center';

export interface LineOptions {
  /** Left edge of the box the line is aligned in. */
  x: number;
  /** The baseline. */
  y: number;
  /** The box's width (needed for right and center). */
  width?: number;
  /** Default: the start of the paragraph's direction (left for English, right for Arabic). */
  align?: Align;
  direction?: Direction;
}

/**
 * Passing features (none beyond the script's own) makes pdfkit shape a piece whole: without them it
 * shapes word by word and puts the words of an Arabic piece in the wrong order.
 */
const WHOLE_RUN: PDFKit.Mixins.OpenTypeFeatures[] = [];

const ELLIPSIS = '\u2026';

const segmenter = new Intl.Segmenter('en', { granularity: 'grapheme' });

/** Sets bilingual text on one pdfkit document. */
export class TextSetter {
  constructor(private readonly doc: PDFKit.PDFDocument) {}

  private use(script: FontScript, style: TextStyle): void {
    this.doc.font(fontName(script, style.weight ?? 'regular')).fontSize(style.size);
  }

  /** The width of one line in points. */
  width(text: string, style: TextStyle, direction: Direction = 'auto'): number {
    let width = 0;
    for (const piece of visualPieces(text, direction)) {
      this.use(piece.script, style);
      width += this.doc.widthOfString(piece.text, { features: WHOLE_RUN });
    }
    return width;
  }

  /** Draws one line (no wrapping; see `wrap`) and answers its width. */
  line(text: string, style: TextStyle, options: LineOptions): number {
    const direction = options.direction ?? 'auto';
    const pieces = visualPieces(text, direction);
    const widths = pieces.map((piece) => {
      this.use(piece.script, style);
      return this.doc.widthOfString(piece.text, { features: WHOLE_RUN });
    });
    const total = widths.reduce((a, b) => a + b, 0);
    const align = options.align ?? (resolvedDirection(text, direction) === 'rtl' ? 'right' : 'left');
    const box = options.width ?? 0;
    let x = align === 'right' ? options.x + box - total : align === 'center' ? options.x + (box - total) / 2 : options.x;
    this.doc.fillColor(style.color ?? '#111827');
    pieces.forEach((piece, i) => {
      this.use(piece.script, style);
      this.doc.text(piece.text, x, options.y, { lineBreak: false, baseline: 'alphabetic', features: WHOLE_RUN });
      x += widths[i]!;
    });
    return total;
  }

  /**
   * The text broken into lines that fit `width`, in logical order (each then drawn with `line`):
   * at spaces, and inside a word only when the word alone is too wide. Past `maxLines` the text is
   * cut and the last line ends in an ellipsis.
   */
  wrap(text: string, style: TextStyle, width: number, direction: Direction = 'auto', maxLines = Infinity): string[] {
    const lines = this.wrapAll(text, style, width, direction);
    if (lines.length <= maxLines) return lines;
    // Too long: the first lines, the last of them ending in an ellipsis within the width.
    const kept = lines.slice(0, Math.max(1, maxLines));
    let last = kept[kept.length - 1]!;
    while (last && this.width(`${last}${ELLIPSIS}`, style, direction) > width) last = [...last].slice(0, -1).join('').trimEnd();
    kept[kept.length - 1] = `${last}${ELLIPSIS}`;
    return kept;
  }

  private wrapAll(text: string, style: TextStyle, width: number, direction: Direction): string[] {
    const words = printable(text).split(' ').filter(Boolean);
    const lines: string[] = [];
    let current = '';
    for (const word of words) {
      const candidate = current ? `${current} ${word}` : word;
      if (this.width(candidate, style, direction) <= width) {
        current = candidate;
        continue;
      }
      if (current) lines.push(current);
      current = '';
      if (this.width(word, style, direction) <= width) {
        current = word;
        continue;
      }
      // A word wider than the line: cut it between graphemes (never between a letter and its marks).
      for (const { segment } of segmenter.segment(word)) {
        if (current && this.width(current + segment, style, direction) > width) {
          lines.push(current);
          current = '';
        }
        current += segment;
      }
    }
    if (current) lines.push(current);
    return lines.length ? lines : [''];
  }

  /** Draws wrapped lines from a first baseline, `leading` apart; answers the baseline after the last. */
  paragraph(text: string, style: TextStyle, options: LineOptions & { width: number; leading: number; maxLines?: number }): number {
    const direction = options.direction ?? resolvedDirection(text, 'auto');
    const lines = this.wrap(text, style, options.width, direction, options.maxLines);
    let y = options.y;
    for (const line of lines) {
      this.line(line, style, { ...options, y, direction });
      y += options.leading;
    }
    return y;
  }
}
