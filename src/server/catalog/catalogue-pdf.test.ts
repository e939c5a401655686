import { describe, expect, it } from 'vitest';
import { pdfPageCount, pdfText } from '../../../tests/poppler';
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

  it('renders one page with the name, SKU, price and specifications, as pdftotext reads them', async () => {
    const bytes = await renderCataloguePdf({
      name: 'Ironclad FireGuard 120 Fire Safe FG-60E (Size (L))',
      sku: 'IC-FG-60E',
      price: 'AED\u00a04,850.00',
      specs,
    });
    expect(Buffer.from(bytes.subarray(0, 5)).toString('latin1')).toBe('%PDF-');
    expect(pdfPageCount(bytes)).toBe(1);
    const text = pdfText(bytes).replace(/\u00a0/g, ' ');
    for (const expected of [
      'Safe Buddy',
      'Product catalogue',
      'Ironclad FireGuard 120 Fire Safe FG-60E (Size (L))',
      'SKU: IC-FG-60E',
      'Price: AED 4,850.00',
      '(inclusive of 5% VAT)',
      'Specifications',
      'Weight',
      '142 kg',
      'Fire rating',
      '120 minutes at 1,090 °C & more',
      'Prices in AED include 5% VAT.',
    ]) {
      expect(text).toContain(expected);
    }
  });

  it('prints names and specifications in Arabic and with accents, which the old writer turned into "?"', async () => {
    const bytes = await renderCataloguePdf({
      name: 'خزنة حديدية Ironclad Zürich',
      sku: 'SB-AR-060',
      price: 'AED\u00a01,899.00',
      specs: [
        ['اللون', 'رمادي داكن'],
        ['Café model', 'Crème'],
      ],
    });
    const text = pdfText(bytes);
    expect(text).not.toContain('?');
    for (const expected of ['خزنة حديدية', 'Ironclad Zürich', 'اللون', 'رمادي داكن', 'Café model', 'Crème'])
      expect(text).toContain(expected);
  });

  it('says when the specifications do not fit on the page', async () => {
    const many = Array.from({ length: 80 }, (_, i): [string, string] => [`Property ${i + 1}`, `Value ${i + 1}`]);
    const bytes = await renderCataloguePdf({ name: 'Mobile shelving', sku: 'MS-6B-24', price: 'AED\u00a012,500.00', specs: many });
    const text = pdfText(bytes);
    expect(pdfPageCount(bytes)).toBe(1);
    expect(text).toContain('Property 1\n');
    expect(text).toContain('More specifications on the product page.');
    expect(text).not.toContain('Property 80');
  });
});
