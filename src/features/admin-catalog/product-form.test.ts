// The editor's values round-trip through the server's schema: what the page shows of a product,
// sent back unchanged, is the same product; a colour is sent only when a part of it is filled in.
import { describe, expect, it } from 'vitest';
import { newProductInput, productInput } from '@/domain/catalog-admin';
import { aedToFils } from '@/domain/money';
import { aedText, emptyProductForm, productBody, productFormValues, type EditedProduct } from './product-form';

const product: EditedProduct = {
  id: 7,
  version: 3,
  name: 'Ironclad FireGuard 120 Fire Safe FG-150E',
  sku: 'IC-FG-150E',
  price: 9450.5,
  discount: 12,
  quantity: 4,
  weight_kg: 265.25,
  product_type: 'office',
  category_ids: [12, 1],
  brand_id: 3,
  description: '<p><strong>Two hours</strong> of fire.</p>',
  specifications: '<table><tbody><tr><th>Weight</th><td>265 kg</td></tr></tbody></table>',
  video_link: 'https://www.youtube.com/watch?v=abc',
  color: { group: 'fg-150', name: 'Black', hex: '#23262b' },
  meta_title: null,
  meta_description: 'A fire safe',
  meta_keywords: null,
  published: true,
};

describe('the product form', () => {
  it('sends back what it was given as the same product', () => {
    const parsed = productInput.parse(productBody(productFormValues(product), false));
    expect(parsed).toEqual({
      name: product.name,
      sku: product.sku,
      price: aedToFils(9450.5),
      discount: 12,
      weight_kg: 265.25,
      product_type: 'office',
      category_ids: [1, 12],
      brand_id: 3,
      description: product.description,
      specifications: product.specifications,
      video_link: product.video_link,
      color: product.color,
      meta_title: null,
      meta_description: 'A fire safe',
      meta_keywords: null,
      published: true,
    });
  });

  it('shows whole amounts without decimals and others with two', () => {
    expect(aedText(1299)).toBe('1299');
    expect(aedText(1299.5)).toBe('1299.50');
    expect(productFormValues({ ...product, price: 10 }).price).toBe('10');
  });

  it('sends no colour when its three parts are empty, and a half-filled colour to be refused', () => {
    const values = { ...productFormValues(product), color_group: '', color_name: '', color_hex: '' };
    expect(productBody(values, false).color).toBeNull();
    const half = productInput.safeParse(productBody({ ...values, color_hex: '#2a3b4c' }, false));
    expect(half.success).toBe(false);
    expect(half.error?.issues[0]?.path[0]).toBe('color');
  });

  it('sends the stock only for a new product, and no brand as null', () => {
    const values = { ...emptyProductForm(), name: 'Shelf', sku: 'SH-1', price: '100', weight_kg: '3', category_ids: [2], quantity: '6' };
    expect(productBody(values, false)).not.toHaveProperty('quantity');
    const parsed = newProductInput.parse(productBody(values, true));
    expect(parsed.quantity).toBe(6);
    expect(parsed.brand_id).toBeNull();
    expect(parsed.published).toBe(false);
  });

  it('lets the schema refuse an empty form field by field', () => {
    const refused = newProductInput.safeParse(productBody(emptyProductForm(), true));
    expect(refused.success).toBe(false);
    const fields = new Set(refused.error?.issues.map((issue) => issue.path[0]));
    expect(fields).toEqual(new Set(['name', 'sku', 'price', 'weight_kg', 'category_ids']));
  });
});
