// A product's photos by staff at 390 px: the same journey, nothing scrolls sideways.
import { test } from './admin.fixtures';
import { photosJourney } from './admin-photos.shared';

test('on a phone, staff upload, reorder, choose the thumbnail and delete photos; the shop shows it', async ({ staffPage }) => {
  await photosJourney(staffPage, 'mobile', 31, '#b91c1c');
});
