// The home page's blocks by staff at 390 px: the same journey on a phone, nothing scrolls sideways.
import { expect, test } from './admin.fixtures';
import { homeEditingJourney } from './admin-home.shared';

test('on a phone, staff change the first hero slide’s title and picture and reorder featured products; the shop shows them at once', async ({
  staffPage,
}) => {
  await homeEditingJourney(staffPage, 'mobile');
});

test('on a phone, the links at the top of /admin/home take staff to each block', async ({ staffPage: page }) => {
  await page.goto('/admin/home');
  const jump = page.getByRole('navigation', { name: 'Blocks on this page' });
  await jump.getByRole('link', { name: 'Top brands' }).click();
  await expect(page).toHaveURL(/#home-section-brands$/);
  await expect(page.getByRole('heading', { name: 'Top brands', level: 2 })).toBeInViewport();
  await expect(page.getByRole('heading', { name: 'Banner', level: 2 })).not.toBeInViewport();
});
