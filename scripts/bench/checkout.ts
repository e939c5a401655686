// Benchmark part: checkout under load (issue 14, point 7; docs/decisions/0040-mail-outbox.md). On its
// own PostgreSQL database (created, migrated and seeded by the shop's start, dropped at the end),
// the built server runs with a real SMTP server in this process (mails go through the outbox, as
// in production). 50 shoppers are made beforehand, outside the measure: each signed in through
// the API (a cheap stored hash, so sign-in is not what is measured), with a default address and a
// cart of two products. Then, round after round, all 50 place their order at once (half cash on
// delivery, half card with the built-in test provider): p50, p95 and max of place-order, errors,
// and whether every confirmation mail reached the SMTP server.
//
//   npx tsx scripts/bench/checkout.ts [--quick]        (build first: npm run build)
//
// BENCH_POSTGRES_URL: an admin URL of the PostgreSQL server (default postgres://postgres@127.0.0.1:5432/postgres);
// BENCH_PORT (default BENCH_PORT_BASE + 6, scripts/bench/harness.ts); BENCH_DB_PREFIX for the throwaway database's name (default bench_checkout).
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import { and, eq, inArray, isNull, lt, sql } from 'drizzle-orm';
import { openDatabase, type DatabaseHandle } from '../../src/server/db/client';
import { users } from '../../src/server/db/schema/accounts';
import { products } from '../../src/server/db/schema/catalog';
import { cartItems } from '../../src/server/db/schema/shopping';
import { orders } from '../../src/server/db/schema/orders';
import { mailOutbox } from '../../src/server/db/schema/mail';
import { hashPassword } from '../../src/server/accounts/password';
import { addAddress } from '../../src/server/addresses/address.service';
import { addressSchema } from '../../src/domain/checkout';
import { startSmtpServer } from '../../tests/smtp';
import type { BenchContext, BenchSection } from './types';
import { benchPort, percentile } from './harness';
import { startShop, type RunningShop } from './shop';
import { adminQuery, databaseUrl } from '../../tests/db';

const SHOPPERS = Number(process.env.BENCH_SHOPPERS ?? 50);
const PASSWORD = 'Bench#Checkout1';
/** Fast scrypt parameters for the bench's shoppers only (sign-in honours the stored ones): sign-in is not measured here. */
const CHEAP_SCRYPT = { N: 2 ** 10, r: 8, p: 1 };

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

interface Shopper {
  id: number;
  email: string;
  token: string;
  addressId: number;
  payment: 'cash_on_delivery' | 'online';
}

export async function run(context: BenchContext): Promise<BenchSection> {
  const title = 'Checkout under load (PostgreSQL)';
  if (!context.postgresUrl) return { title, figures: [], notes: ['Skipped: needs PostgreSQL (postgresUrl).'] };
  const rounds = context.quick ? 2 : 6;
  const appDir = process.cwd();
  if (!fs.existsSync(path.join(appDir, 'dist/server/entry.mjs'))) throw new Error('build first: npm run build');
  const name = `${process.env.BENCH_DB_PREFIX ?? 'bench_checkout'}_${Date.now().toString(36)}`;
  const shopUrl = databaseUrl(context.postgresUrl, name);
  const port = Number(process.env.BENCH_PORT ?? benchPort('checkout'));
  const base = `http://127.0.0.1:${port}`;
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'bench-checkout-'));
  const smtp = await startSmtpServer();
  await adminQuery(context.postgresUrl, `create database "${name}"`);
  let server: RunningShop | undefined;
  let handle: DatabaseHandle | undefined;
  try {
    context.log(`checkout: starting the built server on ${base} with database ${name}`);
    // Started as every part's shop (./shop.ts), with this part's SMTP server; it drops its database itself.
    server = await startShop(
      { engine: 'postgres', url: shopUrl, dataDir, remove: async () => {} },
      {
        port,
        smtpUrl: smtp.url,
        cwd: appDir,
        env: {
          NODE_ENV: 'development',
          // BENCH_CPU_PROF=DIR: a CPU profile of the server (node --cpu-prof), written when it stops.
          ...(process.env.BENCH_CPU_PROF ? { NODE_OPTIONS: `--cpu-prof --cpu-prof-dir=${path.resolve(process.env.BENCH_CPU_PROF)}` } : {}),
        },
      },
    );
    handle = await openDatabase({ url: shopUrl });
    const { db } = handle;

    // Products light enough for the ordinary checkout (no delivery form), with stock for every round.
    const picked = await db
      .select({ id: products.id })
      .from(products)
      .where(and(lt(products.weightKg, 50), eq(products.published, true)))
      .orderBy(products.id)
      .limit(10);
    if (picked.length < 2) throw new Error('the seeded catalog has too few light products');
    const productIds = picked.map((p) => p.id);
    await db.update(products).set({ quantity: 1_000_000 }).where(inArray(products.id, productIds));

    context.log(`checkout: making ${SHOPPERS} shoppers (signed in, an address, a cart)`);
    const passwordHash = await hashPassword(PASSWORD, CHEAP_SCRYPT);
    const stamp = Date.now().toString(36);
    const made = await db
      .insert(users)
      .values(
        Array.from({ length: SHOPPERS }, (_, i) => ({
          name: `Bench Shopper ${i + 1}`,
          email: `bench.checkout.${i + 1}.${stamp}@example.ae`,
          passwordHash,
          emailVerifiedAt: new Date(),
        })),
      )
      .returning({ id: users.id, email: users.email });
    const shoppers: Shopper[] = [];
    for (const [i, user] of made.entries()) {
      const address = await addAddress(
        db,
        user.id,
        addressSchema.parse({
          name: `Bench Shopper ${i + 1}`,
          phone: '0501234567',
          pincode: '12345',
          address: `Street ${i + 1}, Al Barsha`,
          city: 'Dubai',
          state: 'Dubai',
          flat_building: `Flat ${i + 1}`,
          locality: 'Al Barsha 1',
          land_mark: 'Near the mall',
          address_type: 'Home',
          is_default_address: '1',
        }),
      );
      const login = await fetch(`${base}/api/login`, {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify({ email: user.email, password: PASSWORD }),
      });
      if (!login.ok) throw new Error(`login: ${login.status} ${await login.text()}`);
      const { data } = (await login.json()) as { data: { token: string } };
      shoppers.push({
        id: user.id,
        email: user.email,
        token: data.token,
        addressId: address.id,
        payment: i % 2 === 0 ? 'cash_on_delivery' : 'online',
      });
    }

    const fillCarts = async () => {
      for (const [i, s] of shoppers.entries()) {
        const lines = [productIds[i % productIds.length]!, productIds[(i + 3) % productIds.length]!];
        for (const productId of new Set(lines))
          await db
            .insert(cartItems)
            .values({ userId: s.id, productId, quantity: 1 })
            .onConflictDoUpdate({ target: [cartItems.userId, cartItems.productId], set: { quantity: 1 } });
      }
    };
    // A card order waits for its payment and keeps the cart: it is closed between rounds, so the
    // next round places a new one (not resumed).
    const closeCardOrders = async () => {
      await db
        .update(orders)
        .set({ paymentStatus: 'failed', stockReleasedAt: new Date(), deliveryStatus: 'cancelled' })
        .where(and(eq(orders.paymentType, 'online'), eq(orders.paymentStatus, 'unpaid'), isNull(orders.stockReleasedAt)));
    };

    const latencies: number[] = [];
    const statuses = new Map<string, number>();
    let errors = 0;
    for (let round = 1; round <= rounds; round++) {
      await closeCardOrders();
      await fillCarts();
      await sleep(200);
      const started = performance.now();
      await Promise.all(
        shoppers.map(async (s) => {
          const t0 = performance.now();
          let status = 'network error';
          try {
            const answer = await fetch(`${base}/api/${s.payment === 'online' ? 'products/place-order' : 'products/cash-delivery'}`, {
              method: 'POST',
              headers: { 'content-type': 'application/json', authorization: `Bearer ${s.token}` },
              body: JSON.stringify({ address_id: s.addressId, payment_type: s.payment }),
            });
            await answer.arrayBuffer();
            status = String(answer.status);
          } catch {
            // counted below
          }
          latencies.push(performance.now() - t0);
          statuses.set(status, (statuses.get(status) ?? 0) + 1);
          if (status !== '201') errors++;
        }),
      );
      context.log(`checkout: round ${round}/${rounds}: ${SHOPPERS} orders in ${Math.round(performance.now() - started)} ms`);
    }
    latencies.sort((a, b) => a - b);

    // Every cash order's confirmation reaches the SMTP server, after the answers (the outbox).
    const cashOrders = rounds * shoppers.filter((s) => s.payment === 'cash_on_delivery').length;
    const waitStarted = performance.now();
    let delivered = 0;
    while (performance.now() - waitStarted < 60_000) {
      delivered = smtp.messages.filter((m) => /order #\d+ confirmed/.test(m.parsed.subject ?? '')).length;
      if (delivered >= cashOrders) break;
      await sleep(200);
    }
    const [unsent] = await db
      .select({ n: sql<number>`count(*)`.mapWith(Number) })
      .from(mailOutbox)
      .where(isNull(mailOutbox.sentAt));

    const ms = (v: number) => `${Math.round(v)} ms`;
    const statusLine = [...statuses.entries()].map(([s, n]) => `${s}: ${n}`).join(', ');
    return {
      title,
      figures: [
        { figure: `place-order p50 (${SHOPPERS} at once, ${rounds} rounds)`, value: ms(percentile(latencies, 50)) },
        { figure: `place-order p95 (${SHOPPERS} at once, ${rounds} rounds)`, value: ms(percentile(latencies, 95)), goal: '<= 300 ms' },
        { figure: 'place-order max', value: ms(latencies[latencies.length - 1] ?? NaN) },
        { figure: 'errors', value: `${errors} of ${latencies.length}`, goal: '0' },
        {
          figure: 'confirmation mails delivered over SMTP after the rounds',
          value: `${delivered} of ${cashOrders} (${unsent?.n ?? 0} unsent rows)`,
        },
      ],
      notes: [
        `\`npx tsx scripts/bench/checkout.ts\` (build first): the built server on a fresh PostgreSQL database seeded by \`npm start\`, SMTP_URL to an SMTP server in the bench process; ${SHOPPERS} shoppers signed in beforehand, each with a default address and a cart of two products (10 products shared by all), half paying cash on delivery and half by card (test provider); all ${SHOPPERS} POST their order at once, ${rounds} rounds. Answers: ${statusLine}.`,
      ],
    };
  } finally {
    await server?.stop();
    await handle?.close();
    await smtp.close();
    await adminQuery(context.postgresUrl, `drop database if exists "${name}" with (force)`).catch(() => undefined);
    fs.rmSync(dataDir, { recursive: true, force: true });
  }
}

// Alone: prints the section.
if (import.meta.url === pathToFileURL(process.argv[1] ?? '').href) {
  const section = await run({
    postgresUrl: process.env.BENCH_POSTGRES_URL ?? 'postgres://postgres@127.0.0.1:5432/postgres',
    log: (line) => console.error(line),
    quick: process.argv.includes('--quick'),
  });
  console.log(`\n${section.title}`);
  for (const f of section.figures) console.log(`  ${f.figure}: ${f.value}${f.goal ? ` (goal ${f.goal})` : ''}`);
  for (const n of section.notes ?? []) console.log(`  ${n}`);
}
