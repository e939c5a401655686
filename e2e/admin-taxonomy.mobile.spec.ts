// Categories, brands and SEO texts by staff at 390 px: the same journeys on a phone, nothing scrolls sideways.
import { test } from './admin.fixtures';
import { brandJourney, categoryJourney, seoJourney } from './admin-taxonomy.shared';

test('on a phone, staff create a category with an uploaded icon, see it in the shop at once, move it and delete it', async ({
  staffPage,
}) => {
  await categoryJourney(staffPage, 'mobile', '#8b1f4f');
});

test('on a phone, staff rename a brand and its store page says the new name at once', async ({ staffPage }) => {
  await brandJourney(staffPage, 'mobile', 'FalconLock');
});

test('on a phone, staff edit the office range’s SEO title and seo/get and the page’s <title> follow', async ({ staffPage }) => {
  await seoJourney(staffPage, 'mobile', 'office_buddy', '/store?product-type=office');
});
