import { describe, expect, it } from 'vitest';
import { renderCataloguePdf, specsFromHtmlTable } from './catalogue-pdf';

describe('catalogue PDF', () => {
  const specs = specsFromHtmlTable(
    '<table><tbody><tr><th>Weight</th><td>142 kg</td></tr><tr><th>Fire rating</th><td>120 minutes at 1,090&nbsp;°C &amp; more</td></tr></tbody></table>',
  );

  it('reads the specification table', () => {
    expect(specs).toEqual([
      ['Weight', '142 kg'],
      ['Fire rating', '120 minutes at 1,090 °C & more'],
    ]);
  });

  it('renders a one-page PDF with a correct cross-reference table', () => {
    const bytes = renderCataloguePdf({
      name: 'Ironclad FireGuard 120 Fire Safe FG-60E (Size (L))',
      sku: 'IC-FG-60E',
      price: 'AED 4,850.00',
      specs,
    });
    const text = Buffer.from(bytes).toString('latin1');
    expect(text.startsWith('%PDF-')).toBe(true);
    expect(text.trimEnd().endsWith('%%EOF')).toBe(true);
    const startxref = Number(/startxref\n(\d+)\n%%EOF/.exec(text)?.[1]);
    expect(text.slice(startxref, startxref + 4)).toBe('xref');
    const entries = [...text.slice(startxref).matchAll(/^(\d{10}) 00000 n $/gm)].map((m) => Number(m[1]));
    expect(entries.length).toBe(7);
    entries.forEach((offset, i) => expect(text.slice(offset, offset + `${i + 1} 0 obj`.length)).toBe(`${i + 1} 0 obj`));
    expect(text).toContain('/Count 1');
    expect(text).toContain('\\(Size \\(L\\)\\)');
  });
});
