// The search's lexicon (docs/decisions/0038-search-at-scale.md#the-lexicon): the heads kept by the
// triggers, the version they raise, the answers in memory equal to the database's look-up, and
// searches that the lexicon shortens finding what the index finds.
import { describe, expect, it } from 'vitest';
import { eq, sql } from 'drizzle-orm';
import { useFreshDatabase } from '../../../tests/db';
import { insertProduct, type ProductRow } from '../../../tests/factories';
import type { Db } from '@/server/db/client';
import { products } from '@/server/db/schema/catalog';
import { fils } from '@/domain/money';
import { listProducts } from '@/server/catalog/catalog.service';
import { lexiconOf, trigramSimilarity } from './lexicon';
import { answerOf, askWordList, type WordAnswer } from './product-search';

let db: Db;
let depositSafe: ProductRow, modelSafe: ProductRow, codeOnly: ProductRow, shredder: ProductRow;

const search = async (text: string) =>
  (
    await listProducts(db, { search: text, brandIds: [], categoryIds: [], priceRanges: [], sort: 'relevance', page: 1, limit: 10 })
  ).items.map((p) => p.id);
const rows = async <T>(query: ReturnType<typeof sql>) => ((await db.execute(query)) as unknown as { rows: T[] }).rows;
const heads = async () => (await rows<{ head: string }>(sql`select head from search_heads order by head`)).map((r) => r.head);
const version = async () => Number((await rows<{ version: number }>(sql`select version from search_lexicon`))[0]?.version);

useFreshDatabase(async (database) => {
  db = database.db;
  depositSafe = await insertProduct(db, { name: 'FalconLock Deposit Safe DS-45', sku: 'FL-DEP45' });
  // "safe2000" is no listed word: its head "safe" keeps "saf" and "safe" prefixes that the index reads.
  modelSafe = await insertProduct(db, { name: 'Guardall Safe2000 Cabinet', sku: 'GA-1' });
  // "zorbex" is in the SKU only: a head, not a listed word.
  codeOnly = await insertProduct(db, { name: 'Plain Office Shelf', sku: 'QX-ZORBEX' });
  shredder = await insertProduct(db, { name: 'PaperTrail Cross-Cut Shredder X5', sku: 'PT-CC-X5', metaKeywords: 'paper shredder' });
});

describe('the heads', () => {
  it('hold the leading letters of the searched words the word list does not, and no hyphenated word', async () => {
    const list = await heads();
    for (const head of ['fl', 'dep', 'ds', 'safe', 'ga', 'qx', 'zorbex', 'pt', 'cc', 'x']) expect(list).toContain(head);
    for (const word of ['falconlock', 'deposit', 'guardall', 'cabinet', 'shredder', 'cross', 'fl-dep45', 'cross-cut']) {
      expect(list).not.toContain(word);
    }
  });

  it('raise the version when a word or head is added, not when stock or a price changes', async () => {
    const before = await version();
    await db
      .update(products)
      .set({ quantity: 3, unitPrice: fils(12_345) })
      .where(eq(products.id, depositSafe.id));
    expect(await version()).toBe(before);
    const product = await insertProduct(db, { name: 'Cedar Humidor HX700', sku: 'CH-HX700' });
    expect(await version()).toBeGreaterThan(before);
    expect(await heads()).toEqual(expect.arrayContaining(['hx', 'ch']));
    await db.delete(products).where(eq(products.id, product.id));
  });
});

describe('the answers in memory', () => {
  it("compute pg_trgm's similarity", async () => {
    const pairs = [
      ['shreder', 'shredder'],
      ['valut', 'vault'],
      ['banana', 'bar'],
      ['depositt', 'deposit'],
      ['saef', 'safe'],
      ['a', 'ab'],
      ['xyz', 'shredder'],
    ] as const;
    for (const [a, b] of pairs) {
      const [row] = await rows<{ s: number }>(sql`select similarity(${a}, ${b}) as s`);
      expect(trigramSimilarity(a, b)).toBe(Math.fround(Number(row!.s)));
    }
  });

  it("equal the database's look-up: known, run-together, closest words", async () => {
    const lexicon = await lexiconOf(db, await version());
    const words = ['shreder', 'depositsafe', 'papertrail', 'deposi', 'falconlok', 'banana', 'crosscut', 'guardal'];
    const { answers } = await askWordList(db, words);
    // The database writes a float4 in its shortest decimals ("0.7"), the lexicon keeps the float4 itself.
    const float4 = (answer: WordAnswer | undefined) =>
      answer && { ...answer, closest: answer.closest.map((c) => ({ ...c, similarity: Math.fround(c.similarity) })) };
    for (const word of words) expect(float4(answerOf(lexicon!, word)), word).toEqual(float4(answers.get(word)));
  });
});

describe('searches the lexicon shortens', () => {
  it('finds a prefix in a word with digits and in a SKU, not only in the listed words', async () => {
    expect(await search('safe')).toEqual(expect.arrayContaining([depositSafe.id, modelSafe.id]));
    expect(await search('guardall saf')).toEqual([modelSafe.id]);
    expect(await search('zorb')).toEqual([codeOnly.id]);
    expect(await search('paper shred')).toEqual([shredder.id]);
  });

  it('finds a short prefix checked on the rows, and a whole word no product has through its correction', async () => {
    expect(await search('PT-CC-X')).toEqual([shredder.id]);
    expect(await search('cross c')).toEqual([shredder.id]);
    expect(await search('deposit saf')).toEqual([depositSafe.id]);
  });

  it("finds a new product's words and codes right after it is added", async () => {
    expect(await search('humidor')).toEqual([]);
    const product = await insertProduct(db, { name: 'Cedar Humidor HX700', sku: 'CH-HX700' });
    try {
      expect(await search('humidor')).toEqual([product.id]);
      expect(await search('hx7')).toEqual([product.id]);
    } finally {
      await db.delete(products).where(eq(products.id, product.id));
    }
  });
});
