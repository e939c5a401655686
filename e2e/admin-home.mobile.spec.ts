// The home page's blocks by staff at 390 px: the same journey on a phone, nothing scrolls sideways.
import { test } from './admin.fixtures';
import { homeEditingJourney } from './admin-home.shared';

test('on a phone, staff change the first hero slide’s title and picture and reorder featured products; the shop shows them at once', async ({
  staffPage,
}) => {
  await homeEditingJourney(staffPage, 'mobile');
});
