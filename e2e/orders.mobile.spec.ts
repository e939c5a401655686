// Your Orders on a 390 px phone (docs/product.md#orders): the search field's hint shows whole, the
// button keeps its name for screen readers, and the page does not scroll sideways.
import { expect, test } from './fixtures';
import { expectNoSeriousViolations } from './axe.helpers';

test('the order search shows its whole hint beside an icon button named Search', async ({ signedInPage: page }) => {
  await page.goto('/orders');
  const form = page.getByTestId('order-search');
  const field = form.getByRole('searchbox', { name: 'Search orders' });
  await expect(field).toHaveAttribute('placeholder', 'Order number or product name');
  await expect(form.getByRole('button', { name: 'Search', exact: true })).toBeVisible();
  // The hint's width in the field's font against the room inside the field.
  const room = await field.evaluate((el: HTMLInputElement) => {
    const style = getComputedStyle(el);
    const context = document.createElement('canvas').getContext('2d')!;
    context.font = `${style.fontWeight} ${style.fontSize} ${style.fontFamily}`;
    const inner = el.clientWidth - parseFloat(style.paddingLeft) - parseFloat(style.paddingRight);
    return { hint: context.measureText(el.placeholder).width, inner };
  });
  expect(room.hint, 'the hint fits the field').toBeLessThanOrEqual(room.inner);
  expect(await page.evaluate(() => document.documentElement.scrollWidth - document.documentElement.clientWidth)).toBe(0);
  await expectNoSeriousViolations(page, 'orders at 390 px');
});
