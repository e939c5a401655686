// The categories the phone menu lists on every page (docs/product.md#header): the ones that hold
// products, in display order. Every page with the header asks for them, so the list is kept for a
// minute per process (docs/decisions/0022-one-instance-or-many.md: process memory holds caches only).
import type { Db } from '@/server/db/client';
import { createMemo } from '@/server/cache';
import { listCategories } from './catalog.service';

export interface MenuCategory {
  id: number;
  name: string;
}

const memo = createMemo<MenuCategory[]>({ ttlMs: 60_000, maxEntries: 1, keepIf: () => true });

export function listMenuCategories(db: Db): Promise<MenuCategory[]> {
  return memo(db, 'menu', async () => (await listCategories(db)).map(({ id, name }) => ({ id, name })));
}
