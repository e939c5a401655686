// The categories the phone menu lists on every page (docs/product.md#header): the ones that hold
// products, in display order. Every page with the header asks for them, so the list is kept for a
// minute per process (docs/decisions/0022-one-instance-or-many.md: process memory holds caches only),
// and dropped by every invalidation that may change it, this instance's or another's
// (docs/decisions/0049-categories-brands-seo.md).
import type { Db } from '@/server/db/client';
import { createMemo } from '@/server/cache';
import { onLocalInvalidation } from '@/server/cache/registry';
import { tagsChangeTaxonomy } from '@/server/cache/tags';
import { listCategories } from './catalog.service';

export interface MenuCategory {
  id: number;
  name: string;
}

const memo = createMemo<MenuCategory[]>({ ttlMs: 60_000, maxEntries: 1, keepIf: () => true });

onLocalInvalidation((tags) => {
  if (tagsChangeTaxonomy(tags)) memo.forget();
});

export function listMenuCategories(db: Db): Promise<MenuCategory[]> {
  return memo(db, 'menu', async () => (await listCategories(db)).map(({ id, name }) => ({ id, name })));
}
