// The search of docs/decisions/0038-search-at-scale.md: the word list kept by triggers, typed words
// corrected against it, words run together or apart, models without their dash, and the bounded
// candidate set (a capped count, facets inside it).
import { describe, expect, it, vi } from 'vitest';
import { eq, sql } from 'drizzle-orm';
import { useFreshDatabase } from '../../../tests/db';
import { insertBrand, insertProduct, type BrandRow, type ProductRow } from '../../../tests/factories';
import type { Db } from '@/server/db/client';
import { fils } from '@/domain/money';
import type { ProductFilter } from '@/domain/catalog-query';
import { products } from '@/server/db/schema/catalog';
import { listFacets, listProducts } from '@/server/catalog/catalog.service';
import { SEARCH_RESULTS_CAP, WordCache, editDistance, resolveSearch, wordCacheOf } from './product-search';

let db: Db;
let vaultDoor: ProductRow, depositSafe: ProductRow, shredder: ProductRow, secret: ProductRow;
let bulkBrand: BrandRow;

const filterOf = (search: string, more: Partial<ProductFilter> = {}): ProductFilter => ({
  search,
  brandIds: [],
  categoryIds: [],
  priceRanges: [],
  sort: 'relevance',
  page: 1,
  limit: 10,
  ...more,
});
const search = async (text: string) => (await listProducts(db, filterOf(text))).items.map((p) => p.id);
const words = async () =>
  ((await db.execute(sql`select word from search_words order by word`)) as unknown as { rows: { word: string }[] }).rows.map((r) => r.word);

useFreshDatabase(async (database) => {
  db = database.db;
  vaultDoor = await insertProduct(db, { name: 'Vaultline Vault Door VD-900', sku: 'VL-VD900', metaKeywords: 'strongroom door' });
  depositSafe = await insertProduct(db, { name: 'FalconLock Deposit Safe DS-45', sku: 'FL-DEP45' });
  await insertProduct(db, { name: 'Ironclad Door Guard Bar', sku: 'IC-DGB' });
  shredder = await insertProduct(db, { name: 'PaperTrail Cross-Cut Shredder X5', sku: 'PT-CC-X5' });
  secret = await insertProduct(db, { name: 'Zebrawood Prototype Cabinet', sku: 'ZB-1', published: false });
  // More matches than a search reads: "bulkhead" names SEARCH_RESULTS_CAP + 20 products of one brand.
  bulkBrand = await insertBrand(db, { name: 'Bulkline' });
  await db.execute(sql`
    insert into products (name, sku, product_type, unit_price, quantity, thumbnail_img_link, brand_id)
    select 'Bulkhead Locker ' || g, 'BH-' || g, 'office', 1000 + g, 5, '/t/bulk.webp', ${bulkBrand.id}
    from generate_series(1, ${SEARCH_RESULTS_CAP + 20}) as g
  `);
});

describe('the word list', () => {
  it('holds the words of names and keywords, not model codes or short words', async () => {
    const list = await words();
    for (const word of ['vaultline', 'vault', 'door', 'strongroom', 'falconlock', 'deposit', 'safe', 'shredder', 'bulkhead', 'locker']) {
      expect(list).toContain(word);
    }
    for (const code of ['vd', 'vd-900', '900', 'ds-45', 'x5', 'vl-vd900', 'fl-dep45']) expect(list).not.toContain(code);
  });

  it('gains the words of a renamed product, and of new keywords', async () => {
    const product = await insertProduct(db, { name: 'Plain Box', sku: 'PB-1' });
    await db.update(products).set({ name: 'Plain Humidor Box', metaKeywords: 'cigar keeper' }).where(eq(products.id, product.id));
    expect(await words()).toEqual(expect.arrayContaining(['humidor', 'cigar', 'keeper']));
    await db.delete(products).where(eq(products.id, product.id));
  });
});

describe('search at scale', () => {
  it('corrects a word with two letters swapped, against the word list', async () => {
    expect(await search('valut door')).toEqual([vaultDoor.id]);
    const resolved = await resolveSearch(db, 'valut door');
    expect(resolved).toMatchObject({ kind: 'corrected', words: 'vault door' });
  });

  it('finds words run together, and a name typed apart', async () => {
    expect(await search('vaultdoor')).toEqual([vaultDoor.id]);
    expect(await search('depositsafe')).toEqual([depositSafe.id]);
    expect(await search('paper trail')).toEqual([shredder.id]);
  });

  it('finds a model typed without its dash, and a SKU as printed', async () => {
    expect(await search('ds45')).toEqual([depositSafe.id]);
    expect(await search('VD900')).toEqual([vaultDoor.id]);
    expect(await search('FL-DEP45')).toEqual([depositSafe.id]);
  });

  it('finds nothing for words far from every listed word, and never an unpublished product', async () => {
    expect(await search('banana smoothie')).toEqual([]);
    expect(await search('zebrawod')).not.toContain(secret.id);
    expect(await search('zebrawood')).toEqual([]);
  });

  it('stops counting at the cap and says so, with pages up to it', async () => {
    const page = await listProducts(db, filterOf('bulkhead', { limit: 24 }));
    expect(page).toMatchObject({ total: SEARCH_RESULTS_CAP, capped: true, lastPage: Math.ceil(SEARCH_RESULTS_CAP / 24) });
    expect(page.items).toHaveLength(24);
    const last = await listProducts(db, filterOf('bulkhead', { limit: 24, page: page.lastPage }));
    expect(last.items).toHaveLength(SEARCH_RESULTS_CAP - 24 * (page.lastPage - 1));
    expect(last.capped).toBe(true);
    const beyond = await listProducts(db, filterOf('bulkhead', { limit: 24, page: page.lastPage + 1 }));
    expect(beyond.items).toEqual([]);
    expect(beyond.total).toBe(SEARCH_RESULTS_CAP);
  });

  it('counts exactly below the cap, and sorts the matches by price', async () => {
    const page = await listProducts(db, filterOf('door'));
    expect(page.total).toBe(2);
    expect(page.capped).toBeUndefined();
    const cheapest = await listProducts(db, filterOf('bulkhead', { sort: 'price_asc', limit: 3 }));
    const prices = cheapest.items.map((p) => p.shelfPrice);
    expect(prices).toEqual([...prices].sort((a, b) => a - b));
  });

  it('ranks a list without filters, whose candidates come ranked, as a list with a filter that keeps them all', async () => {
    // "locker 1": Bulkhead Lockers 1, 10 to 19 and 100 to 199, below the cap, ranked apart by their names.
    const everyPrice = { priceRanges: [{ min: fils(0), max: null }] };
    for (const more of [{ limit: 200 }, { limit: 10, page: 2 }, { limit: 10, page: 12 }]) {
      const ranked = await listProducts(db, filterOf('locker 1', more));
      const filtered = await listProducts(db, filterOf('locker 1', { ...more, ...everyPrice }));
      expect(ranked.items.map((p) => p.id)).toEqual(filtered.items.map((p) => p.id));
      expect(ranked.total).toBe(111);
      expect(filtered.total).toBe(111);
    }
    // Ranked, not in the candidates' order: the closest name first, before newer products.
    expect((await listProducts(db, filterOf('locker 1', { limit: 3 }))).items[0]?.name).toBe('Bulkhead Locker 1');
  });

  it("starts every scan at a table's first page: synchronized scans are off on both engines", async () => {
    const rows = (await db.execute(sql`select current_setting('synchronize_seqscans') as value`)) as unknown as {
      rows: { value: string }[];
    };
    expect(rows.rows[0]?.value).toBe('off');
  });

  it('counts facets inside the bounded candidates', async () => {
    const facets = await listFacets(db, filterOf('bulkhead'));
    expect(facets.brands).toEqual([{ id: bulkBrand.id, name: 'Bulkline', productCount: SEARCH_RESULTS_CAP + 1 }]);
    const doors = await listFacets(db, filterOf('door'));
    expect(doors.productTypes).toEqual([{ id: 'office', productCount: 2 }]);
  });
});

describe('one statement per search', () => {
  /** Statements sent outside transactions (the searches' own), and transactions begun (the word list's look-ups). */
  const counting = () => {
    const client = (db as unknown as { $client: { query: (...args: unknown[]) => unknown } }).$client;
    return { statements: vi.spyOn(client, 'query'), lookUps: vi.spyOn(db, 'transaction') };
  };

  it('runs one statement for words a product knows, and for a typo looked up before', async () => {
    expect(await search('strongroom')).toEqual([vaultDoor.id]);
    expect(await search('strongrom dor')).toEqual([vaultDoor.id]);
    const spies = counting();
    try {
      expect(await search('vault door')).toEqual([vaultDoor.id]);
      expect(await search('strongrom dor')).toEqual([vaultDoor.id]);
      expect(spies.statements).toHaveBeenCalledTimes(2);
      expect(spies.lookUps).not.toHaveBeenCalled();
    } finally {
      vi.restoreAllMocks();
    }
  });

  it('runs one statement for a new typo too: its corrections come from the lexicon in memory', async () => {
    expect(await search('vault door')).toEqual([vaultDoor.id]);
    const spies = counting();
    try {
      expect(await search('depositt saef')).toEqual([depositSafe.id]);
      expect(await search('vaultlnie')).toEqual([vaultDoor.id]);
      expect(spies.statements).toHaveBeenCalledTimes(2);
      expect(spies.lookUps).not.toHaveBeenCalled();
    } finally {
      vi.restoreAllMocks();
    }
  });

  it('forgets its answers when the word list gains a word', async () => {
    expect(await search('humidr')).toEqual([]);
    const product = await insertProduct(db, { name: 'Cedar Humidor Chest', sku: 'HC-1' });
    try {
      expect(await search('humidr')).toEqual([product.id]);
    } finally {
      await db.delete(products).where(eq(products.id, product.id));
    }
  });

  it('keeps its answers per database, at most its capacity, the least recently used dropped first', () => {
    expect(wordCacheOf(db)).toBe(wordCacheOf(db));
    const cache = new WordCache(2);
    const answer = { known: true, split: null, closest: [] };
    cache.sync(7);
    cache.set('vault', answer);
    cache.set('door', answer);
    cache.get('vault');
    cache.set('safe', answer);
    expect(cache.size).toBe(2);
    expect(cache.get('door')).toBeUndefined();
    expect(cache.get('vault')).toBe(answer);
    expect(cache.sync(7)).toBe(true);
    expect(cache.sync(8)).toBe(false);
    expect(cache.size).toBe(0);
  });
});

describe('editDistance', () => {
  it('counts a swap of neighbours as one edit', () => {
    expect(editDistance('valut', 'vault')).toBe(1);
    expect(editDistance('lokcer', 'locker')).toBe(1);
    expect(editDistance('jewelry', 'jewellery')).toBe(2);
    expect(editDistance('banana', 'bar')).toBe(4);
    expect(editDistance('', 'abc')).toBe(3);
  });
});
