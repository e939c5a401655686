import { describe, expect, it } from 'vitest';
import { sql } from 'drizzle-orm';
import { useFreshDatabase } from '../../../tests/db';
import { insertProduct } from '../../../tests/factories';
import type { Db } from '@/server/db/client';
import { listProducts } from '@/server/catalog/catalog.service';
import { suggestSearch } from './search-suggestion';

let db: Db;

useFreshDatabase(async (database) => {
  db = database.db;
  await insertProduct(db, { name: 'Steelmark Filing Cabinet 4-Drawer', sku: 'SM-FC4' });
  await insertProduct(db, { name: 'Ironclad Fireproof Document Safe', sku: 'IC-FDS' });
  await insertProduct(db, { name: 'PaperTrail Cross-Cut Shredder X5', sku: 'PT-CC-X5' });
  await insertProduct(db, { name: 'Secret Zebrawood Cabinet', sku: 'SZ-1', published: false });
});

const finds = async (text: string) =>
  (await listProducts(db, { search: text, brandIds: [], categoryIds: [], priceRanges: [], sort: 'relevance', page: 1, limit: 10 })).total;

describe('did you mean', () => {
  it('corrects a misspelt word to the closest word of a product name', async () => {
    expect(await suggestSearch(db, 'cabnet')).toBe('cabinet');
    expect(await finds('cabinet')).toBe(1);
    // The list itself searches the corrected word (docs/decisions/0038-search-at-scale.md#typos-through-the-word-list).
    expect(await finds('cabnet')).toBe(1);
  });

  it('keeps the words products know and corrects the others', async () => {
    expect(await suggestSearch(db, 'Filing Cabnet')).toBe('filing cabinet');
    expect(await suggestSearch(db, 'fireprof documnet')).toBe('fireproof document');
  });

  it('offers nothing when no word is close', async () => {
    expect(await suggestSearch(db, 'banana')).toBeNull();
    expect(await suggestSearch(db, 'zzzzqx')).toBeNull();
    expect(await suggestSearch(db, ':*&!')).toBeNull();
  });

  it('offers nothing when every word is known (the words only fail together)', async () => {
    expect(await finds('shredder cabinet')).toBe(0);
    expect(await suggestSearch(db, 'shredder cabinet')).toBeNull();
  });

  it('never suggests a word only an unpublished product has', async () => {
    expect(await suggestSearch(db, 'zebrawod')).toBeNull();
  });

  it('leaves the typo threshold of the session as it was', async () => {
    const read = async () =>
      ((await db.execute(sql`select current_setting('pg_trgm.word_similarity_threshold') as v`)) as unknown as { rows: { v: string }[] })
        .rows[0]!.v;
    const before = await read();
    await suggestSearch(db, 'cabnet');
    expect(await read()).toBe(before);
  });
});
