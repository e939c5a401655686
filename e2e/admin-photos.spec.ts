// A product's photos by staff at 1280 px (docs/decisions/0046-product-photos.md).
import { test } from './admin.fixtures';
import { photosJourney } from './admin-photos.shared';

test('staff upload photos by drag and drop and the file picker, reorder, choose the thumbnail, delete; the shop shows it', async ({
  staffPage,
}) => {
  await photosJourney(staffPage, 'desktop', 30, '#1d4ed8');
});
