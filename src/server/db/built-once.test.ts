// builtOnce (src/server/db/built-once.ts) reaches into drizzle's internals: these tests check, on
// both engines (TEST_DATABASE_URL for PostgreSQL), that a statement built once answers the rows the
// builder itself answers (a whole table's columns, a left join, SQL fields, placeholders
// in a subquery), that it is built once whatever the calls and sessions, and that inside a
// transaction it runs on the transaction's connection (it sees the uncommitted row).
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { and, asc, eq, sql, type Placeholder } from 'drizzle-orm';
import { alias } from 'drizzle-orm/pg-core';
import type { Db } from '@/server/db/client';
import { brands, products } from '@/server/db/schema/catalog';
import { builtOnce, warmBuiltStatements } from './built-once';
import { freshDatabase, type TestDatabase } from '../../../tests/db';
import { insertBrand, insertProduct } from '../../../tests/factories';

let handle: TestDatabase;
let db: Db;

beforeAll(async () => {
  handle = await freshDatabase();
  db = handle.db;
});
afterAll(async () => {
  await handle.dispose();
});

/** The statement under test: with placeholders for builtOnce, with values for the builder's own run. */
function productsByBrand(d: Db, brandId: number | Placeholder, kg: number | Placeholder) {
  const other = alias(products, 'other');
  const heavier = d
    .select({ id: other.id })
    .from(other)
    .where(and(eq(other.brandId, brandId), sql`${other.weightKg} > ${kg}`));
  return d
    .select({
      product: products,
      brandName: brands.name,
      anyHeavier: sql<boolean>`exists (${heavier})`,
      twice: sql<number>`${products.quantity} * 2`.mapWith(Number),
    })
    .from(products)
    .leftJoin(brands, eq(brands.id, products.brandId))
    .where(eq(products.brandId, brandId))
    .orderBy(asc(products.id));
}

let builds = 0;
const byBrand = builtOnce('test_products_by_brand', (d) => {
  builds += 1;
  return productsByBrand(d, sql.placeholder('brandId'), sql.placeholder('kg'));
});

describe('builtOnce', () => {
  it("answers the builder's own rows (a left join, SQL fields, a subquery) and builds the statement once", async () => {
    const brand = await insertBrand(db, { name: 'Built Once' });
    const heavy = await insertProduct(db, { brandId: brand.id, weightKg: 120, quantity: 3 });
    const light = await insertProduct(db, { brandId: brand.id, weightKg: 2, quantity: 5 });
    await insertProduct(db, { brandId: null, quantity: 1 });

    const first = await byBrand(db, { brandId: brand.id, kg: 100 });
    expect(first).toEqual(await productsByBrand(db, brand.id, 100));
    expect(first.map((r) => [r.product.id, r.brandName, r.twice])).toEqual([
      [heavy.id, 'Built Once', 6],
      [light.id, 'Built Once', 10],
    ]);
    expect(first[0]!.product.createdAt).toBeInstanceOf(Date);
    expect(typeof first[0]!.product.weightKg).toBe(typeof heavy.weightKg);
    expect(Boolean(first[0]!.anyHeavier)).toBe(true);
    expect(Boolean((await byBrand(db, { brandId: brand.id, kg: 500 }))[0]!.anyHeavier)).toBe(false);
    expect(await byBrand(db, { brandId: brand.id + 1000, kg: 0 })).toEqual([]);
    expect(builds).toBe(1);
  });

  it("runs inside a transaction on the transaction's connection", async () => {
    const brand = await insertBrand(db, { name: 'In Transaction' });
    const seen = await db.transaction(async (tx) => {
      await insertProduct(tx as unknown as Db, { brandId: brand.id });
      return byBrand(tx as unknown as Db, { brandId: brand.id, kg: 0 });
    });
    expect(seen).toHaveLength(1);
    expect(seen[0]!.brandName).toBe('In Transaction');
    expect(builds).toBe(1);
  });

  it('warms the statements given values to warm with: built and run once per connection, reading nothing', async () => {
    const backends: unknown[] = [];
    let warmBuilds = 0;
    const warmed = builtOnce(
      'test_warmed',
      (d) => {
        warmBuilds += 1;
        return productsByBrand(d, sql.placeholder('brandId'), sql.placeholder('kg'));
      },
      { brandId: 0, kg: 0 },
    );
    await warmBuiltStatements(db);
    expect(warmBuilds).toBe(1);
    // On PostgreSQL the handle runs them on each of its connections at once, each in a transaction.
    if (handle.kind === 'postgres') {
      await handle.warm!(async (tx) => {
        const result = (await tx.execute(sql`select pg_backend_pid() as pid`)) as unknown as { rows: { pid: number }[] };
        backends.push(result.rows[0]!.pid);
        await warmBuiltStatements(tx);
      });
      // Every connection of the pool, each once.
      expect(backends.length).toBeGreaterThan(1);
      expect(new Set(backends.map((b) => JSON.stringify(b))).size).toBe(backends.length);
    }
    expect(await warmed(db, { brandId: 0, kg: 0 })).toEqual([]);
    expect(warmBuilds).toBe(1);
  });
});
