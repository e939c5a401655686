// Phone numbers as people type them (docs/product.md#phone-numbers): the steps the 1280 px and the 390 px specs share.
import type { Page } from '@playwright/test';
import { toasts, waitForIslands } from './helpers';
import { expect } from './auth.helpers';
import { DUBAI_ADDRESS } from './cart.helpers';

/** Stored addresses of the signed-in customer, as the API answers them. */
export async function storedPhones(page: Page): Promise<string[]> {
  const r = await page.request.get('/api/products/address-list');
  expect(r.status(), await r.text()).toBe(200);
  return ((await r.json()) as { data: { phone: string }[] }).data.map((a) => a.phone);
}

/**
 * Adds an address through the form, typing the phone key by key as a shopper would: a foreign number
 * is refused with its message first; the saved card shows '050 123 4567' and the API answers '0501234567'.
 */
export async function addAddressTypingPhone(page: Page, name: string): Promise<void> {
  await page.goto('/cart/save-address');
  await waitForIslands(page);
  const form = page.getByTestId('address-form');
  const phone = form.getByLabel('Phone number');
  await expect(phone).toHaveAttribute('inputmode', 'tel');
  await expect(phone).toHaveAttribute('autocomplete', 'tel');
  await form.getByLabel('Full name').fill(name);
  await phone.pressSequentially('+44 20 7946 0958');
  await form.getByLabel('Flat / Building').fill(DUBAI_ADDRESS.flat_building);
  await form.getByLabel('Address', { exact: true }).fill(DUBAI_ADDRESS.address);
  await form.getByLabel('Locality').fill(DUBAI_ADDRESS.locality);
  await form.getByLabel('Landmark').fill(DUBAI_ADDRESS.land_mark);
  await form.getByLabel('City').fill(DUBAI_ADDRESS.city);
  await form.getByLabel('Emirate').selectOption(DUBAI_ADDRESS.state);
  await form.getByLabel('PO Box').fill(DUBAI_ADDRESS.pincode);
  await form.getByText('Home', { exact: true }).click();
  await form.getByRole('button', { name: 'Add Address' }).click();
  await expect(form.getByText('Please enter a UAE number, starting with 05 or +971')).toBeVisible();
  await expect(phone).toBeFocused();

  await phone.fill('');
  await phone.pressSequentially('+971 50 123 4567');
  await expect(phone).toHaveValue('+971 50 123 4567');
  await form.getByRole('button', { name: 'Add Address' }).click();
  await expect(page).toHaveURL(/\/cart\/checkout-details$/);
  await expect(toasts(page)).toContainText('Address saved successfully');
  await waitForIslands(page);
  const card = page.getByTestId('address-card').filter({ hasText: name });
  await expect(card.getByTestId('address-phone')).toHaveText('050 123 4567');
  expect(await storedPhones(page)).toEqual(['0501234567']);

  // Editing shows the saved number as people read it, and saving it again keeps the one form.
  await card.getByRole('link', { name: /Edit/ }).click();
  await waitForIslands(page);
  await expect(page.getByTestId('address-form').getByLabel('Phone number')).toHaveValue('050 123 4567');
  await page.getByTestId('address-form').getByRole('button', { name: 'Save' }).click();
  await expect(page).toHaveURL(/\/cart\/checkout-details$/);
  expect(await storedPhones(page)).toEqual(['0501234567']);
}
