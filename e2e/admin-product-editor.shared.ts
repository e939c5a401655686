// The product editor (docs/decisions/0045-catalog-editing.md), one journey for 1280 and 390 px:
// the form refuses what is missing with the server's messages, creates a product with rich text
// and a colour, the shop shows it at once, a save against an old version is refused with a
// reload, stock is adjusted with a reason, a copy is made, archived and restored, and the product is
// archived at the end (it leaves the shop).
import type { Page } from '@playwright/test';
import { expect } from './admin.fixtures';
import { expectNoSeriousViolations } from './axe.helpers';
import { expectNoSidewaysScroll } from './helpers';

export async function productEditorJourney(page: Page, label: string): Promise<void> {
  const sku = `E2E-${label.toUpperCase()}-${Date.now().toString(36).toUpperCase()}`;
  const name = `Editor test safe ${label} ${sku.slice(-5)}`;

  await page.goto('/admin/products');
  await page.getByTestId('new-product').click();
  await expect(page).toHaveURL(/\/admin\/products\/new$/);
  await expect(page.getByRole('heading', { name: 'New product', level: 1 })).toBeVisible();
  const editor = page.getByTestId('product-editor');
  const description = editor.locator('[data-field="description"] [contenteditable="true"]');
  await expect(description).toBeVisible();
  await expectNoSidewaysScroll(page);
  await expectNoSeriousViolations(page, `${label}: new product`);

  // Nothing filled in: each field says what it needs, and nothing is created.
  await page.getByTestId('product-save').click();
  await expect(editor.getByText('Enter the product name')).toBeVisible();
  await expect(editor.getByText('Enter the SKU')).toBeVisible();
  await expect(editor.getByText('Enter the price in AED')).toBeVisible();
  await expect(editor.getByText('Choose at least one category')).toBeVisible();
  await expect(page).toHaveURL(/\/admin\/products\/new$/);

  await editor.getByLabel('Name', { exact: true }).fill(name);
  await editor.getByLabel('SKU').fill(sku);
  await editor.getByLabel('Weight (kg)').fill('18.5');
  await editor.getByLabel('Price (AED, VAT included)').fill('1299.50');
  await editor.getByLabel('Discount (%)').fill('10');
  await expect(editor.getByTestId('shelf-preview')).toHaveText('Shoppers pay AED 1,169.55');
  await editor.getByLabel('Units in stock').fill('3');
  await editor.getByLabel('Range').selectOption('home');
  // A category no other spec lists, so the new product moves no other spec's cards.
  await editor.getByRole('checkbox', { name: 'Premium Safes' }).check();
  await editor.getByLabel('Brand').selectOption({ index: 1 });

  // Rich text through the editor's toolbar.
  await description.click();
  await page.keyboard.type('Keeps papers safe for ');
  await editor.getByRole('button', { name: 'Bold' }).first().click();
  await page.keyboard.type('two hours');
  await editor.getByRole('button', { name: 'Bold' }).first().click();
  await page.keyboard.type(' in a fire.');
  await expect(description.locator('strong')).toHaveText('two hours');

  await editor.getByLabel('Colour code').fill('#2A3B4C');
  await editor.getByRole('button', { name: 'Create product' }).click();
  await expect(editor.getByText('A colour needs its model group, its name and its hex code')).toBeVisible();
  await editor.getByLabel('Model group').fill(`editor-${sku}`);
  await editor.getByLabel('Colour name').fill('Slate');
  await editor.getByLabel('In the shop').check();
  await editor.getByRole('button', { name: 'Create product' }).click();

  await expect(page).toHaveURL(/\/admin\/products\/\d+\?done=created$/);
  await expect(page.getByTestId('product-done')).toHaveText('Product created');
  await expect(page.getByTestId('product-status')).toHaveText('In the shop');
  const id = Number(/\/admin\/products\/(\d+)/.exec(page.url())![1]);
  await expectNoSidewaysScroll(page);
  await expectNoSeriousViolations(page, `${label}: product page`);

  // The shop shows it at once, with the text as written.
  const shop = await page.context().newPage();
  await shop.goto(`/product/${id}`);
  await expect(shop.getByRole('heading', { name, level: 1 })).toBeVisible();
  await expect(shop.locator('strong', { hasText: 'two hours' }).first()).toBeVisible();

  // A second tab saves first: this one's save is refused and offers a reload.
  const other = await page.context().newPage();
  await other.goto(`/admin/products/${id}`);
  await other.getByTestId('product-editor').getByLabel('Price (AED, VAT included)').fill('1399');
  await other.getByTestId('product-save').click();
  await expect(other.getByTestId('product-done')).toHaveText('Product saved');
  await other.close();

  await editor.getByLabel('Name', { exact: true }).fill(`${name} (old tab)`);
  await page.getByTestId('product-save').click();
  await expect(editor.getByRole('alert').first()).toContainText('Someone else changed this product');
  await editor.getByRole('button', { name: 'Reload' }).click();
  await expect(editor.getByLabel('Price (AED, VAT included)')).toHaveValue('1399');
  await expect(editor.getByLabel('Name', { exact: true })).toHaveValue(name);

  // The new price is in the shop at once (its cached page was invalidated).
  await shop.reload();
  await expect(shop.getByText('AED 1,259.10').first()).toBeVisible();
  await shop.close();

  // Stock: a change with its reason, then the history.
  const stock = page.getByTestId('stock-form');
  await stock.getByRole('button', { name: 'Apply' }).click();
  await expect(stock.getByText('Choose the reason for the change')).toBeVisible();
  await stock.getByLabel('Change').fill('5');
  await stock.getByLabel('Reason').selectOption('received');
  await stock.getByRole('button', { name: 'Apply' }).click();
  await expect(page.getByTestId('product-done')).toHaveText('Stock adjusted');
  await expect(page.getByTestId('stock-now')).toHaveText('8 in stock');
  await expect(page.getByTestId('stock-history').locator('li').first()).toContainText('+5 → 8 · Delivery received');

  // A copy, archived and restored.
  await page.getByRole('button', { name: 'Duplicate' }).click();
  await expect(page.getByTestId('product-done')).toHaveText('This is the copy: a draft, out of the shop until you publish it');
  await expect(page.getByTestId('product-status')).toHaveText('Draft');
  await expect(editor.getByLabel('SKU')).toHaveValue(`${sku}-COPY`);
  page.once('dialog', (dialog) => void dialog.accept());
  await page.getByRole('button', { name: 'Archive' }).click();
  await expect(page.getByTestId('product-done')).toHaveText('Product archived');
  await expect(page.getByTestId('product-status')).toHaveText('Archived');
  await expect(page.getByTestId('product-editor')).toHaveCount(0);
  await page.getByRole('button', { name: 'Restore' }).click();
  await expect(page.getByTestId('product-done')).toHaveText('Product restored as a draft');
  await expect(page.getByTestId('product-status')).toHaveText('Draft');
  await expectNoSidewaysScroll(page);

  // The product itself leaves the shop again, so the specs that list products find the seed's.
  await page.goto(`/admin/products/${id}`);
  page.once('dialog', (dialog) => void dialog.accept());
  await page.getByRole('button', { name: 'Archive' }).click();
  await expect(page.getByTestId('product-done')).toHaveText('Product archived');
  const gone = await page.request.get(`/product/${id}`);
  expect(gone.status()).toBe(404);
}
