import { readFileSync } from 'node:fs';
import * as fontkit from 'fontkit';
import { describe, expect, it } from 'vitest';
import { FONT_SCRIPTS, fontBytes, fontFile, woffToSfnt } from './fonts';

describe('the embedded typeface (docs/decisions/0052-pdf-library.md)', () => {
  it('turns each WOFF file into the same font as plain OpenType', () => {
    for (const script of FONT_SCRIPTS) {
      for (const weight of ['regular', 'bold'] as const) {
        const woff = fontkit.create(readFileSync(fontFile(script, weight))) as fontkit.Font;
        const sfnt = fontkit.create(fontBytes(script, weight)) as fontkit.Font;
        expect(fontBytes(script, weight).readUInt32BE(0), `${script} ${weight}`).toBe(0x00010000);
        expect(sfnt.familyName).toBe('IBM Plex Sans Arabic');
        expect(sfnt.numGlyphs).toBe(woff.numGlyphs);
        expect(sfnt.characterSet).toEqual(woff.characterSet);
        const sample = script === 'arabic' ? 'فاتورة' : script === 'latin' ? 'Tax 1,234.50' : 'Ł';
        expect(sfnt.layout(sample).glyphs.map((g) => g.id)).toEqual(woff.layout(sample).glyphs.map((g) => g.id));
      }
    }
  });

  it('refuses a file that is not WOFF', () => {
    expect(() => woffToSfnt(Buffer.from('not a font at all, just some text'))).toThrow('Not a WOFF 1.0 font');
  });
});
