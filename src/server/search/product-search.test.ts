import { describe, expect, it } from 'vitest';
import { useFreshDatabase } from '../../../tests/db';
import { insertProduct, type ProductRow } from '../../../tests/factories';
import type { Db } from '@/server/db/client';
import type { ProductFilter } from '@/domain/catalog-query';
import { listProducts } from '@/server/catalog/catalog.service';
import { productSearch, searchTerms } from './product-search';

let db: Db;
let shredder: ProductRow,
  fireSafe: ProductRow,
  vaultDoor: ProductRow,
  vaultCabinet: ProductRow,
  doorGuard: ProductRow,
  filing: ProductRow,
  hidden: ProductRow,
  stopper: ProductRow,
  shelf: ProductRow;

const search = async (text: string) => {
  const filter: ProductFilter = { search: text, brandIds: [], categoryIds: [], priceRanges: [], sort: 'relevance', page: 1, limit: 50 };
  return (await listProducts(db, filter)).items.map((p) => p.id);
};

useFreshDatabase(async (database) => {
  db = database.db;
  shredder = await insertProduct(db, { name: 'PaperTrail Cross-Cut Shredder X5', sku: 'PT-CC-X5' });
  fireSafe = await insertProduct(db, { name: 'Ironclad Fire Safe FG-60', sku: 'IC-FG60', metaKeywords: 'fireproof, document safe' });
  vaultDoor = await insertProduct(db, { name: 'Vaultline Vault Door VD-900', sku: 'VL-VD900' });
  vaultCabinet = await insertProduct(db, { name: 'Vaultline Vault Cabinet VC-2', sku: 'VL-VC2' });
  doorGuard = await insertProduct(db, { name: 'Ironclad Door Guard Bar', sku: 'IC-DGB' });
  filing = await insertProduct(db, { name: 'Steelmark Filing Cabinet 4-Drawer', sku: 'SM-FC4', metaKeywords: 'archive, office storage' });
  // Also match "vault door", less closely: the words apart, or "door" only in the keywords.
  stopper = await insertProduct(db, { name: 'Door Stopper for Vault Rooms', sku: 'DS-VR' });
  shelf = await insertProduct(db, { name: 'Vaultline Vault Shelf VS-3', sku: 'VL-VS3', metaKeywords: 'door mounted' });
  hidden = await insertProduct(db, { name: 'Ironclad Fire Safe Prototype', sku: 'IC-PROTO', published: false });
});

describe('searchTerms', () => {
  it('keeps letters and digits only, lower-cased', () => {
    expect(searchTerms("  Fire-Safe FG60's!  ")).toEqual(['fire', 'safe', 'fg60', 's']);
    expect(searchTerms(`'&|!:*()`)).toEqual([]);
    expect(searchTerms('ＦＩＲＥ')).toEqual(['fire']);
    expect(searchTerms('خزنة fire')).toEqual(['خزنة', 'fire']);
  });

  it('uses at most eight terms', () => {
    expect(searchTerms('a b c d e f g h i j')).toHaveLength(8);
  });

  it('productSearch gives nothing to search for without terms', () => {
    expect(productSearch(' :* & ')).toBeNull();
    expect(productSearch('safe')).not.toBeNull();
  });
});

describe('product search', () => {
  it('finds a word by its prefix, case-insensitively', async () => {
    expect(await search('shred')).toEqual([shredder.id]);
    expect(await search('SHREDDER')).toEqual([shredder.id]);
  });

  it('tolerates a typo: "shreder" finds the shredder', async () => {
    expect(await search('shreder')).toEqual([shredder.id]);
  });

  it('"fire saf" finds the fire safe', async () => {
    expect(await search('fire saf')).toEqual([fireSafe.id]);
  });

  it('finds a product by its SKU', async () => {
    expect(await search('PT-CC-X5')).toEqual([shredder.id]);
    expect(await search('ic-fg60')).toEqual([fireSafe.id]);
    expect(await search('VL-VD900')).toEqual([vaultDoor.id]);
  });

  it('finds a product by its keywords', async () => {
    expect(await search('archive')).toEqual([filing.id]);
  });

  it('"vault door" ranks the vault door first', async () => {
    const found = await search('vault door');
    expect(found[0]).toBe(vaultDoor.id);
    expect(found.slice(1).sort()).toEqual([stopper.id, shelf.id].sort());
    expect(found).not.toContain(filing.id);
    expect(found).not.toContain(vaultCabinet.id);
  });

  it('"door" finds the products with a door in the name or keywords, and nothing else', async () => {
    expect((await search('door')).sort()).toEqual([vaultDoor.id, doorGuard.id, stopper.id, shelf.id].sort());
  });

  it('all words matching ranks first', async () => {
    expect((await search('ironclad fire'))[0]).toBe(fireSafe.id);
    expect(await search('steelmark drawer')).toEqual([filing.id]);
    expect((await search('ironclad')).sort()).toEqual([fireSafe.id, doorGuard.id].sort());
  });

  it('punctuation only neither throws nor returns everything', async () => {
    for (const text of [`'&|!:*()`, '&&', '!', ':*', '()', "'", '\\', '<->', '%_']) {
      expect(await search(text), text).toEqual([]);
    }
  });

  it('tsquery syntax mixed into words is treated as plain text', async () => {
    expect(await search('fire:* | !vault')).toEqual([]);
    expect(await search("shredder' & !")).toEqual([shredder.id]);
    expect(await search('safe)(')).toEqual([fireSafe.id]);
  });

  it('unrelated words find nothing', async () => {
    expect(await search('banana smoothie')).toEqual([]);
    expect(await search('zzzzqx')).toEqual([]);
  });

  it('never finds unpublished products', async () => {
    expect(await search('prototype')).toEqual([]);
    expect(await search('fire safe')).not.toContain(hidden.id);
  });
});
