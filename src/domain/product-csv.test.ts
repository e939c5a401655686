// One CSV row through the product editor's own schema (docs/decisions/0048-product-csv.md): each
// bad cell named by its column with the form's (or the import's) message; names of categories and
// brands looked up; the export's formula apostrophe taken off; a stored product's fields kept where
// the file has no column.
import { describe, expect, it } from 'vitest';
import { adminCatalogMessages as t } from './messages/admin-catalog';
import { productCsvMessages as m } from './messages/admin-product-csv';
import { EMPTY_PRODUCT_FORM, cellText, columnName, rowInput, type ProductCsvCells, type ProductCsvLookups } from './product-csv';

const lookups: ProductCsvLookups = {
  categoryIds: new Set([1, 3, 12]),
  categoryByName: new Map<string, number | null>([
    ['safes', 1],
    ['shredders', 12],
    ['accessories', null],
  ]),
  brandByName: new Map([['guardline', 7]]),
};

const cells = (overrides: ProductCsvCells = {}): ProductCsvCells => ({
  sku: 'FS-90',
  name: 'Fire Safe FS-90',
  price: '2450.50',
  weight_kg: '38',
  product_type: 'home',
  categories: 'Safes|3',
  ...overrides,
});

describe('a CSV row as the editor’s input', () => {
  it('parses a good row: AED to fils, category names and numbers, brand by name, yes/no', () => {
    const result = rowInput(cells({ brand: 'GuardLine', published: 'Yes', stock: '12', discount: '5' }), null, lookups);
    expect(result.problems).toBeUndefined();
    expect(result.input).toMatchObject({
      sku: 'FS-90',
      price: 245050,
      weight_kg: 38,
      product_type: 'home',
      category_ids: [1, 3],
      brand_id: 7,
      published: true,
      quantity: 12,
      discount: 5,
    });
  });

  it('a new product is a draft with no stock unless the file says otherwise', () => {
    expect(rowInput(cells(), null, lookups).input).toMatchObject({ published: false, quantity: 0, discount: 0, brand_id: null });
  });

  it('names each bad cell with its message: missing SKU, bad price, unknown category and brand, bad type and flag', () => {
    const result = rowInput(
      cells({ sku: '', price: '12,50', categories: 'Safes|Vaults|99', brand: 'Nobody', product_type: 'garden', published: 'maybe' }),
      null,
      lookups,
    );
    expect(result.problems).toEqual(
      expect.arrayContaining([
        { column: 'sku', message: t.skuRequired },
        { column: 'price', message: t.priceFormat },
        { column: 'categories', message: m.unknownCategory('Vaults') },
        { column: 'categories', message: m.unknownCategory('99') },
        { column: 'brand', message: m.unknownBrand('Nobody') },
        { column: 'product_type', message: m.productType },
        { column: 'published', message: m.published },
      ]),
    );
  });

  it('refuses a category name several categories share, and a row without any category', () => {
    expect(rowInput(cells({ categories: 'Accessories' }), null, lookups).problems).toEqual([
      { column: 'categories', message: m.ambiguousCategory('Accessories') },
    ]);
    expect(rowInput(cells({ categories: '' }), null, lookups).problems).toEqual([{ column: 'categories', message: t.categoriesRequired }]);
  });

  it('says what is missing on a new product, and how long a name may be', () => {
    const result = rowInput({ sku: 'NEW-1', name: 'x'.repeat(201) }, null, lookups);
    expect(result.problems).toEqual(
      expect.arrayContaining([
        { column: 'name', message: m.tooLong(200) },
        { column: 'price', message: t.priceRequired },
        { column: 'weight_kg', message: t.weightFormat },
        { column: 'product_type', message: m.productType },
        { column: 'categories', message: t.categoriesRequired },
      ]),
    );
  });

  it('an update keeps every field whose column the file does not have', () => {
    const stored = {
      ...EMPTY_PRODUCT_FORM,
      name: 'Fire Safe FS-90',
      sku: 'FS-90',
      price: '100.00',
      weight_kg: '38',
      product_type: 'home',
      category_ids: [12],
      brand_id: 7,
      published: true,
      quantity: 4,
    };
    const result = rowInput({ sku: 'FS-90', price: '120' }, stored, lookups);
    expect(result.input).toMatchObject({
      price: 12000,
      category_ids: [12],
      brand_id: 7,
      published: true,
      quantity: 4,
      name: 'Fire Safe FS-90',
    });
  });

  it('a colour needs its three parts; all three empty removes it', () => {
    expect(rowInput(cells({ color_group: 'fs', color_name: 'Black', color_hex: '#23262B' }), null, lookups).input?.color).toEqual({
      group: 'fs',
      name: 'Black',
      hex: '#23262b',
    });
    expect(rowInput(cells({ color_group: 'fs', color_name: '', color_hex: '#23262b' }), null, lookups).problems).toEqual([
      { column: 'color_group', message: t.colorIncomplete },
    ]);
    const stored = {
      ...EMPTY_PRODUCT_FORM,
      name: 'Safe',
      sku: 'FS-90',
      price: '10',
      weight_kg: '1',
      product_type: 'home',
      category_ids: [1],
      color: { group: 'a', name: 'b', hex: '#000000' },
    };
    expect(rowInput({ sku: 'FS-90', color_group: '', color_name: '', color_hex: '' }, stored, lookups).input?.color).toBeNull();
  });

  it('a formula in a name is kept as text; the export’s apostrophe before one is taken off', () => {
    expect(rowInput(cells({ name: '=HYPERLINK("http://evil","x")' }), null, lookups).input?.name).toBe('=HYPERLINK("http://evil","x")');
    expect(rowInput(cells({ name: "'=SUM(A1:A2)" }), null, lookups).input?.name).toBe('=SUM(A1:A2)');
    expect(cellText("'-5 kg")).toBe('-5 kg');
    expect(cellText("'plain")).toBe("'plain");
  });

  it('reads header names whatever their case and spaces', () => {
    expect(columnName(' Weight KG ')).toBe('weight_kg');
    expect(columnName('SKU')).toBe('sku');
  });
});
