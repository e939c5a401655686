// Categories, brands and SEO texts by staff at 1280 px (docs/decisions/0049-categories-brands-seo.md).
import { test } from './admin.fixtures';
import { brandJourney, categoryJourney, seoJourney } from './admin-taxonomy.shared';

test('staff create a category with an uploaded icon, see it in the shop at once, move it and delete it', async ({ staffPage }) => {
  await categoryJourney(staffPage, 'desktop', '#1f6f8b');
});

test('staff rename a brand and its store page says the new name at once', async ({ staffPage }) => {
  await brandJourney(staffPage, 'desktop', 'Archiva');
});

test('staff edit the home range’s SEO title and seo/get and the page’s <title> follow', async ({ staffPage }) => {
  await seoJourney(staffPage, 'desktop', 'home_buddy', '/store?product-type=home');
});
