// The products' CSV import at 10,000 rows on PostgreSQL (docs/decisions/0048-product-csv.md): on a
// throwaway database (csvbench_…) seeded with 90,000 products (the seed's COPY; the shop's own
// catalog with --no-list), a generated file of 10,000 new products is read, dry-run and imported
// (creates), then a second file changing each one's price and stock is dry-run and imported
// (updates); each step's time and rows per second are printed. Then, unless --no-list, the staff
// product list's typical queries are timed at the 100,000 products: p50 and p95. It prints
// figures; it does not pass or fail.
//
//   npm run bench:csv-import [-- --admin-url postgres://postgres@127.0.0.1:5432/postgres] [--rows 10000] [--no-list]
import { count, eq, sql } from 'drizzle-orm';
import { openDatabase } from '@/server/db/client';
import { seedCatalog } from '@/server/seed/seed.service';
import { signedInStaff } from '../tests/staff';
import { adminQuery, databaseUrl, uniqueDatabaseName } from '../tests/db';
import { checkProductCsv, readProductCsv, runProductImport } from '@/server/admin-catalog/product-csv.service';
import { adminProductFiltersOf, listProductsForStaff } from '@/server/admin-catalog/product-admin.service';
import { productImports } from '@/server/db/schema/product-imports';
import { products } from '@/server/db/schema/catalog';
import { adminProductListQuery } from '@/domain/api/admin-catalog';

const arg = (name: string) => {
  const i = process.argv.indexOf(name);
  return i > 0 ? process.argv[i + 1] : undefined;
};
const adminUrl = arg('--admin-url') ?? process.env.BENCH_DATABASE_URL ?? 'postgres://postgres@127.0.0.1:5432/postgres';
const ROWS = Number(arg('--rows') ?? 10_000);
const LIST = !process.argv.includes('--no-list');
const LIST_PRODUCTS = 100_000;
const RUNS = 30;

const seconds = (ms: number) => (ms / 1000).toFixed(2);
function line(label: string, ms: number, rows: number) {
  console.log(
    `${label.padEnd(30)} ${seconds(ms).padStart(7)} s   ${Math.round(rows / (ms / 1000))
      .toLocaleString('en-US')
      .padStart(8)} rows/s`,
  );
}

function fileText(round: 'create' | 'update'): string {
  const header = 'sku,name,price,discount,stock,weight_kg,product_type,categories,brand,published,description';
  const rows = Array.from({ length: ROWS }, (_, index) => {
    const i = index + 1;
    const price = round === 'create' ? 100 + (i % 900) : 150 + (i % 900);
    const stock = round === 'create' ? i % 50 : (i % 50) + 3;
    return `CSVB-${String(i).padStart(6, '0')},Bench safe ${i},${price}.50,${i % 20},${stock},${(10 + (i % 90)).toFixed(2)},${i % 2 ? 'office' : 'home'},Safes|Fire Safes,,${i % 3 ? 'yes' : 'no'},"<p>Bench product ${i}: steel body, <strong>fire</strong> rated.</p>"`;
  });
  return `\uFEFF${header}\n${rows.join('\n')}\n`;
}

const name = uniqueDatabaseName('csvbench');
await adminQuery(adminUrl, `create database "${name}"`);
const handle = await openDatabase({ url: databaseUrl(adminUrl, name) });
try {
  await handle.migrate();
  const { db } = handle;
  const seedStarted = performance.now();
  await seedCatalog(db, LIST ? { products: LIST_PRODUCTS - ROWS } : {});
  if (LIST) await db.execute(sql`vacuum analyze products, product_categories`);
  console.log(`catalog seeded in ${seconds(performance.now() - seedStarted)} s`);
  const staff = (await signedInStaff(db, 'staff')).staff;
  console.log(`PostgreSQL, database ${name}: ${ROWS.toLocaleString('en-US')} rows per file`);

  for (const round of ['create', 'update'] as const) {
    const bytes = new TextEncoder().encode(fileText(round));
    let t0 = performance.now();
    const file = readProductCsv(bytes);
    line(`${round}s: read (${(bytes.byteLength / 2 ** 20).toFixed(1)} MB)`, performance.now() - t0, ROWS);
    t0 = performance.now();
    const check = await checkProductCsv(db, file);
    line(`${round}s: dry run`, performance.now() - t0, ROWS);
    if (check.problemCount > 0) throw new Error(`the generated file has problems: ${JSON.stringify(check.problems.slice(0, 3))}`);
    const [job] = await db
      .insert(productImports)
      .values({ staffId: staff.id, fileName: `${round}.csv`, total: ROWS })
      .returning();
    t0 = performance.now();
    await runProductImport(db, staff, job!.id, file);
    const importMs = performance.now() - t0;
    const [done] = await db.select().from(productImports).where(eq(productImports.id, job!.id));
    line(`${round}s: import`, importMs, ROWS);
    console.log(`${''.padEnd(30)} ${done?.status}: ${done?.created} created, ${done?.updated} updated`);
  }

  if (LIST) {
    await db.execute(sql`analyze products, product_categories`);
    const [{ n }] = (await db.select({ n: count() }).from(products)) as [{ n: number }];
    console.log(`\nstaff product list at ${n.toLocaleString('en-US')} products, ${RUNS} runs each`);
    const cases: [string, Record<string, unknown>][] = [
      ['first page (last changed)', {}],
      ['search by name part', { q: 'safe 12' }],
      ['search by SKU start', { q: 'CSVB-0042' }],
      ['category + stock low', { category_id: 12, stock: 'low' }],
      ['drafts by price', { status: 'draft', sort: 'price' }],
      ['page 200 by name', { sort: 'name', page: 200 }],
    ];
    for (const [label, query] of cases) {
      const filters = adminProductFiltersOf(adminProductListQuery.parse(query));
      const times: number[] = [];
      for (let i = 0; i < RUNS; i++) {
        const started = performance.now();
        await listProductsForStaff(db, filters);
        times.push(performance.now() - started);
      }
      times.sort((a, b) => a - b);
      const p = (q: number) => times[Math.min(times.length - 1, Math.floor(q * times.length))]!.toFixed(1);
      console.log(`${label.padEnd(30)} p50 ${p(0.5).padStart(7)} ms   p95 ${p(0.95).padStart(7)} ms`);
    }
  }
} finally {
  await handle.close();
  await adminQuery(adminUrl, `drop database if exists "${name}" with (force)`);
}
