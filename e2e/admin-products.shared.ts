// The staff's products list (docs/decisions/0045-catalog-editing.md), one journey for 1280 and 390 px:
// find a product by its SKU, read its status, price and stock, filter by stock level, page through.
import type { Page } from '@playwright/test';
import { expect } from './admin.fixtures';
import { expectNoSeriousViolations } from './axe.helpers';
import { expectNoSidewaysScroll } from './helpers';

/** A seeded product no spec sells: out of stock in the seed. */
const OUT_OF_STOCK = { sku: 'IC-FG-250E', name: 'Ironclad FireGuard 120 Fire Safe FG-250E' };

export async function productListJourney(page: Page, label: string): Promise<void> {
  await page.goto('/admin/products');
  await expect(page.getByRole('heading', { name: 'Products', level: 1 })).toBeVisible();
  await expect(page.getByRole('link', { name: 'Products', exact: true }).first()).toHaveAttribute('aria-current', 'page');
  await expect(page.getByTestId('products-total')).toHaveText(/^[\d,]+ products$/);
  await expect(page.getByTestId('admin-products').locator('li')).toHaveCount(25);
  await expectNoSidewaysScroll(page);
  await expectNoSeriousViolations(page, `${label}: products list`);

  await page.locator('#products-q').fill(OUT_OF_STOCK.sku.toLowerCase());
  await page.getByRole('button', { name: 'Filter' }).click();
  await expect(page).toHaveURL(/q=ic-fg-250e/);
  const cards = page.getByTestId('admin-products').locator('li');
  await expect(cards).toHaveCount(1);
  await expect(cards.getByRole('heading', { name: OUT_OF_STOCK.name })).toBeVisible();
  await expect(cards.getByTestId('product-status')).toHaveText('In the shop');
  await expect(cards.getByTestId('product-stock')).toHaveText('Out of stock');
  await expect(page.getByTestId('products-total')).toHaveText('1 product');

  // Out of stock, whatever the name: every card says so.
  await page.getByRole('link', { name: 'Clear' }).click();
  await page.getByLabel('Stock').selectOption('out');
  await page.getByRole('button', { name: 'Filter' }).click();
  await expect(page).toHaveURL(/stock=out/);
  const stock = page.getByTestId('admin-products').getByTestId('product-stock');
  await expect(stock.first()).toHaveText('Out of stock');
  expect(new Set(await stock.allTextContents())).toEqual(new Set(['Out of stock']));

  // Nothing archived in the seed.
  await page.getByLabel('Status').selectOption('archived');
  await page.getByRole('button', { name: 'Filter' }).click();
  await expect(page.getByText('No product matches these filters.')).toBeVisible();
  await expectNoSidewaysScroll(page);

  // Paging is plain links that keep the filters.
  await page.goto('/admin/products?sort=name');
  await page.getByTestId('pager').getByRole('link', { name: 'Page 2', exact: true }).click();
  await expect(page).toHaveURL(/sort=name/);
  await expect(page).toHaveURL(/page=2/);
  await expect(page.getByTestId('admin-products').locator('li')).toHaveCount(25);
}
