// The products' CSV import (docs/decisions/0048-product-csv.md), one journey for 1280 and 390 px:
// from the products list to the import page, a bad file's problems listed by row and column with
// nothing written, then 1,000 generated products checked and imported while the progress bar
// moves to the end, the result still there after a reload, the published one found in the shop,
// and a second file (an update by SKU) taking it out of the shop again so other specs' lists stay
// as seeded. The other 999 are drafts, never in the shop, out of stock or well stocked (the
// dashboard's low-stock count stays the seed's).
import type { Page } from '@playwright/test';
import { expect } from './admin.fixtures';
import { expectNoSeriousViolations } from './axe.helpers';
import { expectNoSidewaysScroll } from './helpers';

const HEADER = 'sku,name,price,discount,stock,weight_kg,product_type,categories,published,description';

const csvFile = (name: string, text: string) => ({ name, mimeType: 'text/csv', buffer: Buffer.from(text, 'utf8') });

export async function productImportJourney(page: Page, label: string): Promise<void> {
  const stamp = `${label.slice(0, 3).toUpperCase()}${Date.now().toString(36).toUpperCase()}`;
  const skuOf = (i: number) => `E2E-CSV-${stamp}-${String(i).padStart(4, '0')}`;
  const shown = { sku: skuOf(1), name: `Imported vault ${stamp}` };

  await page.goto('/admin/products');
  await page.getByTestId('import-products').click();
  await expect(page).toHaveURL(/\/admin\/products\/import$/);
  await expect(page.getByRole('heading', { name: 'Import products', level: 1 })).toBeVisible();
  await expectNoSidewaysScroll(page);
  await expectNoSeriousViolations(page, `${label}: import page`);

  // A bad file: each problem by row and column, nothing to import.
  const file = page.getByLabel('CSV file');
  await file.setInputFiles(
    csvFile(
      'bad.csv',
      `\uFEFF${HEADER}\n${skuOf(1)},No price,,0,1,5,office,Premium Safes,no,\n,No SKU,10,0,1,5,office,Premium Safes,no,\n${skuOf(3)},Nowhere,10,0,1,5,office,Moon Safes,no,\n`,
    ),
  );
  await page.getByRole('button', { name: 'Check file' }).click();
  const problems = page.getByTestId('import-problem');
  await expect(page.getByText('3 problems to correct')).toBeVisible();
  await expect(problems.nth(0)).toContainText('Enter the price in AED');
  await expect(problems.nth(1)).toContainText('Enter the SKU');
  await expect(problems.nth(2)).toContainText('No category “Moon Safes”');
  await expect(page.getByTestId('import-start')).toHaveCount(0);
  await expectNoSidewaysScroll(page);
  await expectNoSeriousViolations(page, `${label}: import problems`);

  // The corrected file: 1,000 products, one of them published.
  const rows = Array.from({ length: 1000 }, (_, index) => {
    const i = index + 1;
    const name = i === 1 ? shown.name : `Imported draft ${stamp} ${i}`;
    return `${skuOf(i)},${name},${(100 + i).toFixed(2)},0,${i % 7 === 0 ? 12 : 0},${(5 + i / 100).toFixed(2)},office,Premium Safes,${i === 1 ? 'yes' : 'no'},"<p>Row ${i}, steel</p>"`;
  });
  await file.setInputFiles(csvFile('products.csv', `${HEADER}\n${rows.join('\n')}\n`));
  await page.getByRole('button', { name: 'Check file' }).click();
  // 1,000 rows checked on the e2e server's PGlite, sharing the machine with the other specs.
  await expect(page.getByTestId('import-counts')).toContainText('1,000 to create', { timeout: 60_000 });
  await expect(page.getByText('Every row is right. Nothing has been written yet.')).toBeVisible();
  await page.getByRole('button', { name: 'Import 1,000 rows' }).click();
  const progress = page.getByTestId('import-progress');
  await expect(progress).toHaveAttribute('max', '1000', { timeout: 60_000 });
  await expect(page.getByTestId('import-count')).toHaveText('1,000 of 1,000 rows', { timeout: 60_000 });
  await expect(progress).toHaveAttribute('value', '1000');
  await expect(page.getByTestId('import-result')).toHaveText('1,000 created, 0 updated, 0 unchanged');
  await expect(page).toHaveURL(/\/admin\/products\/import\?import=\d+$/);
  await expectNoSidewaysScroll(page);
  await expectNoSeriousViolations(page, `${label}: import done`);
  await page.reload();
  await expect(page.getByTestId('import-result')).toHaveText('1,000 created, 0 updated, 0 unchanged');

  // In the shop at once: found from the list, its page shows it.
  await page.goto(`/admin/products?q=${shown.sku}`);
  const card = page.getByTestId('admin-products').locator('li');
  await expect(card).toHaveCount(1);
  await expect(card.getByTestId('product-status')).toHaveText('In the shop');
  await card.getByRole('link', { name: /^View in the shop/ }).click();
  await expect(page.getByRole('heading', { name: shown.name, level: 1 })).toBeVisible();
  const productUrl = page.url();

  // An update by SKU (only the columns given) takes it out of the shop again.
  await page.goto('/admin/products/import');
  await page.getByLabel('CSV file').setInputFiles(csvFile('unpublish.csv', `sku,published\n${shown.sku.toLowerCase()},no\n`));
  await page.getByRole('button', { name: 'Check file' }).click();
  await expect(page.getByTestId('import-counts')).toContainText('1 to update');
  await page.getByRole('button', { name: 'Import 1 row' }).click();
  await expect(page.getByTestId('import-result')).toHaveText('0 created, 1 updated, 0 unchanged');
  const gone = await page.request.get(productUrl);
  expect(gone.status()).toBe(404);
}
