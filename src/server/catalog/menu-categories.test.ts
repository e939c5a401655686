import { describe, expect, it } from 'vitest';
import { useFreshDatabase } from '../../../tests/db';
import { insertCategory } from '../../../tests/factories';
import { listMenuCategories } from './menu-categories';

const database = useFreshDatabase();

describe('listMenuCategories (docs/product.md#header)', () => {
  it('lists the categories in display order, without the coming-soon ones, and keeps the list a while', async () => {
    const { db } = database;
    const second = await insertCategory(db, { name: 'Vault Doors', sortOrder: 2 });
    const first = await insertCategory(db, { name: 'Fire Safes', sortOrder: 1 });
    await insertCategory(db, { name: 'Furniture', sortOrder: 3, comingSoon: true });
    const menu = await listMenuCategories(db);
    expect(menu).toEqual([
      { id: first.id, name: 'Fire Safes' },
      { id: second.id, name: 'Vault Doors' },
    ]);
    // Every page's header asks: within the minute the same list comes back without a query.
    await insertCategory(db, { name: 'Storage', sortOrder: 4 });
    expect(await listMenuCategories(db)).toEqual(menu);
  });
});
