// Bilingual text on a PDF page (docs/decisions/0052-pdf-library.md): the pieces a line is drawn in,
// their order on the page, the font file of each, and the shaping fontkit gives the Arabic pieces.
import * as fontkit from 'fontkit';
import { describe, expect, it } from 'vitest';
import { fontBytes, scriptFor } from './fonts';
import { createPdf } from './document';
import { printable, resolvedDirection, visualPieces } from './text';

/** The pieces as [text, script, rtl], left to right. */
const pieces = (text: string, direction: 'ltr' | 'rtl' | 'auto') => visualPieces(text, direction).map((p) => [p.text, p.script, p.rtl]);

describe('the pieces of a line, left to right', () => {
  it('keeps English in one Latin piece', () => {
    expect(pieces('Tax Invoice', 'ltr')).toEqual([['Tax Invoice', 'latin', false]]);
  });

  it('gives Arabic to fontkit in reading order, in the Arabic file (fontkit lays it out right to left)', () => {
    expect(pieces('فاتورة ضريبية', 'rtl')).toEqual([['فاتورة ضريبية', 'arabic', true]]);
  });

  it('puts the runs of a right-to-left line from right to left, numbers and Latin reading left to right', () => {
    expect(pieces('رقم التسجيل الضريبي: 100234567800003', 'rtl')).toEqual([
      ['100234567800003', 'latin', false],
      [' :', 'latin', true],
      ['رقم التسجيل الضريبي', 'arabic', true],
    ]);
    // A space joins the piece before it in reading order.
    expect(pieces('صفحة 2 من 3', 'rtl')).toEqual([
      ['3', 'latin', false],
      ['من ', 'arabic', true],
      [' ', 'latin', true],
      ['2', 'latin', false],
      ['صفحة ', 'arabic', true],
    ]);
  });

  it('mirrors brackets inside right-to-left text', () => {
    expect(pieces('كغ (كبيرة)', 'rtl')).toEqual([
      ['(', 'latin', true],
      ['كبيرة', 'arabic', true],
      [')', 'latin', true],
      ['كغ ', 'arabic', true],
    ]);
  });

  it('orders an Arabic name inside an English line by the bidi algorithm', () => {
    // "خزنة حديدية 60" is one right-to-left run in a left-to-right line: the number goes to its left.
    expect(pieces('Safe خزنة حديدية 60 (L)', 'auto')).toEqual([
      ['Safe ', 'latin', false],
      ['60', 'latin', false],
      ['خزنة حديدية ', 'arabic', true],
      [' (L)', 'latin', false],
    ]);
  });

  it('gives Arabic-Indic digits to fontkit reversed, so its right-to-left layout leaves them reading left to right', () => {
    expect(pieces('لتر ٦٠', 'rtl')).toEqual([
      ['٠٦', 'arabic', false],
      ['لتر ', 'arabic', true],
    ]);
  });

  it('takes the direction of the first strong letter for data', () => {
    expect(resolvedDirection('شركة الخليج (Gulf Trading LLC)', 'auto')).toBe('rtl');
    expect(resolvedDirection('Gulf Trading LLC / شركة الخليج', 'auto')).toBe('ltr');
    expect(resolvedDirection('100234567800003', 'auto')).toBe('ltr');
    expect(resolvedDirection('Tax', 'rtl')).toBe('rtl');
  });
});

describe('what can be printed', () => {
  it('makes one line: controls and line breaks become spaces', () => {
    expect(printable('Line one\nline\ttwo\u0007')).toBe('Line one line two ');
  });

  it('prints "?" for characters no file of the typeface has (emoji, CJK, Cyrillic, most accented Latin beyond Latin-1)', () => {
    expect(printable('Safe 😀 中 ок ź')).toBe('Safe ? ? ?? ?');
  });

  it('finds Latin, accented and Arabic letters in their files', () => {
    expect(scriptFor('A'.codePointAt(0)!)).toBe('latin');
    expect(scriptFor('ü'.codePointAt(0)!)).toBe('latin');
    expect(scriptFor('ف'.codePointAt(0)!)).toBe('arabic');
    expect(scriptFor('٦'.codePointAt(0)!)).toBe('arabic');
    expect(scriptFor('Ł'.codePointAt(0)!)).toBe('latin-ext');
    expect(scriptFor('ō'.codePointAt(0)!)).toBe(null);
  });
});

describe('shaping (fontkit on the embedded typeface)', () => {
  const arabic = fontkit.create(fontBytes('arabic', 'regular')) as fontkit.Font;

  it('joins letters in their initial, medial and final forms', () => {
    const run = arabic.layout('فاتورة');
    const isolated = [...'فاتورة'].map((ch) => arabic.glyphForCodePoint(ch.codePointAt(0)!).id);
    // Shaped glyphs are presentation forms, not the isolated letters of the cmap (ة final differs, ف initial differs).
    expect(run.glyphs.map((g) => g.id)).not.toEqual([...isolated].reverse());
    expect(run.glyphs.some((g) => /^uniFE[89A-F][0-9A-F]$/i.test(g.name))).toBe(true);
    expect(run.direction).toBe('rtl');
  });

  it('forms the lam-alef ligature, one glyph for two letters', () => {
    const run = arabic.layout('لا');
    expect(run.glyphs).toHaveLength(1);
    expect(run.glyphs[0]!.codePoints).toEqual([0x644, 0x627]);
  });
});

describe('measuring and wrapping', () => {
  it('wraps at spaces within the width, every word kept once and in order', () => {
    const { text } = createPdf({ title: 'wrap', author: 'test' });
    const style = { size: 9 };
    const sentence = 'Mobile shelving, 6 bays, 2.4 m high, powder-coated steel, with anti-tip rails and خزنة حديدية';
    const lines = text.wrap(sentence, style, 120);
    expect(lines.length).toBeGreaterThan(1);
    for (const line of lines) expect(text.width(line, style)).toBeLessThanOrEqual(120);
    expect(lines.join(' ')).toBe(sentence);
  });

  it('cuts a word wider than the line between letters', () => {
    const { text } = createPdf({ title: 'wrap', author: 'test' });
    const lines = text.wrap('SB-VERY-LONG-SKU-WITHOUT-ANY-SPACE-AT-ALL-0001', { size: 9 }, 60);
    expect(lines.length).toBeGreaterThan(1);
    expect(lines.join('')).toBe('SB-VERY-LONG-SKU-WITHOUT-ANY-SPACE-AT-ALL-0001');
  });
});
