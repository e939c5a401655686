// The relevance set against the hand-written catalog (docs/decisions/0038-search-at-scale.md#relevance):
// behaviour, not time. A change that finds the meant product for fewer queries, or nothing for more,
// fails here; the misses are printed to say which.
import { describe, expect, it } from 'vitest';
import { useFreshDatabase } from '../../../tests/db';
import type { Db } from '@/server/db/client';
import { seedCatalog } from '@/server/seed/seed.service';
import { RELEVANCE_BASELINE, RELEVANCE_SET, scoreRelevance } from './relevance';

let db: Db;

useFreshDatabase(async (database) => {
  db = database.db;
  await seedCatalog(db);
}, 120_000);

describe('search relevance', () => {
  it('holds about 200 queries of every kind, each meaning products of the catalog', () => {
    expect(RELEVANCE_SET.length).toBeGreaterThanOrEqual(200);
    const kinds = new Set(RELEVANCE_SET.map((q) => q.kind));
    for (const kind of ['plain', 'typo', 'space', 'sku', 'model', 'model-partial']) expect(kinds).toContain(kind);
    for (const query of RELEVANCE_SET) expect(query.expect.length, query.q).toBeGreaterThan(0);
  });

  it('finds a meant product in the first five for as many queries as recorded, and nothing for no more', async () => {
    const score = await scoreRelevance(db);
    const report = score.misses.map((m) => `${m.kind} "${m.q}": ${m.found.join(' ') || 'nothing'}`).join('\n');
    expect(score.hits, report).toBeGreaterThanOrEqual(RELEVANCE_BASELINE.floor.hits);
    expect(score.zeroResults, report).toBeLessThanOrEqual(RELEVANCE_BASELINE.floor.zeroResults);
  }, 120_000);
});
