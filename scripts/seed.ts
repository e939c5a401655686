// npm run seed [-- --force | --products N]
//   no flag        seed the default catalog only if there are no products yet
//   --force        empty the catalog tables and seed the default catalog again
//   --products N   empty the catalog tables and seed N products (hand-written + generated)
// Opens the same database as the app (DATABASE_URL, else PGlite in DATA_DIR/pglite) and runs
// the migrations first. Users, addresses and orders are never deleted; because emptying the
// products also empties order lines, it refuses when orders exist unless --allow-order-loss.
import { count, sql } from 'drizzle-orm';
import { app } from '../src/server/app';
import { orders } from '../src/server/db/schema/orders';
import { isCatalogEmpty, seedCatalog, wipeCatalog, type SeedSummary } from '../src/server/seed/seed.service';

interface Args {
  force: boolean;
  products: number | undefined;
  allowOrderLoss: boolean;
}

function usage(message: string): never {
  console.error(`${message}\nUsage: npm run seed [-- --force | --products N] [--allow-order-loss]`);
  process.exit(2);
}

function parseArgs(argv: string[]): Args {
  const args: Args = { force: false, products: undefined, allowOrderLoss: false };
  for (let i = 0; i < argv.length; i++) {
    const arg = argv[i] as string;
    if (arg === '--force') args.force = true;
    else if (arg === '--allow-order-loss') args.allowOrderLoss = true;
    else if (arg === '--products' || arg.startsWith('--products=')) {
      const raw = arg.includes('=') ? arg.slice(arg.indexOf('=') + 1) : argv[++i];
      const n = Number(raw);
      if (!raw || !Number.isInteger(n) || n < 1 || n > 5_000_000)
        usage(`--products needs a whole number from 1 to 5,000,000 (got ${raw ?? 'nothing'})`);
      args.products = n;
    } else usage(`Unknown argument: ${arg}`);
  }
  return args;
}

function printSummary(s: SeedSummary): void {
  const rows: Array<[string, number]> = [
    ['categories', s.categories],
    ['brands', s.brands],
    ['products', s.products],
    ['  of which generated', s.generatedProducts],
    ['category links', s.productCategories],
    ['images', s.images],
    ['reviews', s.reviews],
    ['colour groups', s.colourGroups],
    ['featured', s.featured],
    ['latest', s.latest],
    ['coupons', s.coupons],
    ['top offers', s.topOffers],
    ['SEO rows', s.seoRows],
  ];
  for (const [label, n] of rows) console.log(`  ${label.padEnd(22)} ${n.toLocaleString('en-US')}`);
}

async function main(): Promise<void> {
  const args = parseArgs(process.argv.slice(2));
  const started = performance.now();
  // A large catalog's index builds take longer than a request may (a seed is no request).
  process.env['DB_STATEMENT_TIMEOUT_MS'] ??= String(3_600_000);
  const handle = await app().database();
  console.log(`Database: ${handle.kind === 'postgres' ? 'PostgreSQL (DATABASE_URL)' : 'PGlite (DATA_DIR/pglite)'}`);
  await handle.migrate();
  const { db } = handle;

  const reseed = args.force || args.products !== undefined;
  if (!reseed) {
    if (!(await isCatalogEmpty(db))) {
      console.log('The catalog already has products: nothing seeded (use --force or --products N to reseed).');
      return;
    }
  } else {
    const [row] = await db.select({ n: count() }).from(orders);
    const orderCount = row?.n ?? 0;
    if (orderCount > 0 && !args.allowOrderLoss) {
      console.error(
        `The database holds ${orderCount} order${orderCount === 1 ? '' : 's'}. Reseeding empties the products and with them the order lines.\n` +
          'Re-run with --allow-order-loss to go ahead anyway.',
      );
      process.exitCode = 1;
      return;
    }
    await wipeCatalog(db);
    console.log('Emptied the catalog tables.');
  }

  const summary = await seedCatalog(db, {
    ...(args.products !== undefined ? { products: args.products } : {}),
    log: (line) => console.log(`  ${line}`),
  });
  if (summary.products >= 20_000) {
    // Marks the new rows visible to every transaction, so list pages read their ids from the
    // indexes alone (docs/decisions/0039-filters-at-scale.md#indexes); VACUUM runs outside a transaction.
    const vacuumStarted = performance.now();
    await db.execute(sql`vacuum analyze products, product_categories`);
    console.log(`  seed: vacuum analyze (${Math.round(performance.now() - vacuumStarted)} ms)`);
  }
  console.log(reseed ? 'Reseeded the catalog:' : 'Seeded the empty catalog:');
  printSummary(summary);
  console.log(`Seeding took ${(summary.elapsedMs / 1000).toFixed(1)} s; ${((performance.now() - started) / 1000).toFixed(1)} s in all.`);
}

main()
  .catch((error: unknown) => {
    console.error(error);
    process.exitCode = 1;
  })
  .finally(() => app().close());
