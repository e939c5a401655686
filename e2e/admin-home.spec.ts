// The home page's blocks by staff at 1280 px (docs/decisions/0050-home-blocks.md); runs after the
// other specs (playwright.config.ts: it changes the home page they read). Alone, without the whole
// suite first: `npx playwright test e2e/admin-home --no-deps --workers=1`.
import { test } from './admin.fixtures';
import { homeEditingJourney } from './admin-home.shared';

test('staff change the first hero slide’s title and picture and reorder featured products; the shop’s home shows them at once', async ({
  staffPage,
}) => {
  await homeEditingJourney(staffPage, 'desktop');
});
