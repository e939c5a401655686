// Benchmark part: checkout under load (issue 14, point 7; docs/decisions/0040-mail-outbox.md). On its
// own PostgreSQL database (created, migrated and seeded by the shop's start, dropped at the end),
// the built server runs with a real SMTP server in this process (mails go through the outbox, as
// in production). 50 shoppers are made beforehand, outside the measure: each signed in through
// the API (a cheap stored hash, so sign-in is not what is measured), with a default address and a
// cart of two products. Then, round after round, all 50 place their order at once (half cash on
// delivery, half card with the built-in test provider): p50, p95 and max of place-order (and of
// the rounds after the first, which meets a cold server), errors, the server process's CPU time
// per placement (from /proc: the figure the machine's load moves least), and whether every
// confirmation mail reached the SMTP server.
//
//   npx tsx scripts/bench/checkout.ts [--quick] [--baseline DIR]   (build first: npm run build)
//
// --baseline DIR: another built copy of the shop (e.g. the commit before a change, built in a
// folder of its own) measured in the same run, its rounds alternating with this one's, so a
// before/after comparison meets the same machine load.
//
// BENCH_POSTGRES_URL: an admin URL of the PostgreSQL server (default postgres://postgres@127.0.0.1:5432/postgres);
// BENCH_PORT (default BENCH_PORT_BASE + 6, scripts/bench/harness.ts); BENCH_DB_PREFIX for the throwaway database's name (default bench_checkout).
// The shop connects through PostgreSQL's Unix socket when the server is local and its socket exists
// (BENCH_PG_SOCKET_DIR, default /var/run/postgresql; `none`: TCP), as docs/operations.md recommends; the output says which.
// BENCH_CPU_PROF=DIR: a CPU profile of the server (node --cpu-prof). BENCH_PG_SAMPLE=1: what the
// database's backends were doing during the rounds (pg_stat_activity every 10 ms: state, wait
// event and statement), printed as shares of the samples, to see where placements wait.
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
import { startSmtpServer, type TestSmtpServer } from '../../tests/smtp';
import type { BenchContext, BenchSection } from './types';
import { benchPort, percentile } from './harness';
import { startShop as startBuiltShop, type RunningShop } from './shop';
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

/** One built app under test: its server, its own database and SMTP server, its shoppers and its measures. */
interface Shop {
  label: string;
  name: string;
  base: string;
  server: RunningShop | undefined;
  handle: DatabaseHandle;
  smtp: TestSmtpServer;
  dataDir: string;
  shoppers: Shopper[];
  productIds: number[];
  latencies: number[];
  /** The latencies of the rounds after the first: the server's pool, plans and compiled code warm. */
  warmLatencies: number[];
  statuses: Map<string, number>;
  errors: number;
  /** CPU time (user + system) the server process spent during the rounds, in ms; null where /proc is absent. */
  cpuMs: number | null;
  /** CPU time of the database's PostgreSQL backends during the rounds, in ms; null where their /proc entries are not readable. */
  pgCpuMs: number | null;
}

/** Starts `appDir`'s built server on a fresh database (the shop's own start migrates and seeds it), then makes the shoppers. */
async function startShop(context: BenchContext, adminUrl: string, appDir: string, port: number, label: string): Promise<Shop> {
  if (!fs.existsSync(path.join(appDir, 'dist/server/entry.mjs'))) throw new Error(`build first: npm run build (in ${appDir})`);
  const name = `${process.env.BENCH_DB_PREFIX ?? 'bench_checkout'}_${label}_${Date.now().toString(36)}`;
  const shopUrl = overSocket(databaseUrl(adminUrl, name));
  const base = `http://127.0.0.1:${port}`;
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'bench-checkout-'));
  const smtp = await startSmtpServer();
  await adminQuery(adminUrl, `create database "${name}"`);
  context.log(
    `checkout: starting ${label} (${appDir}) on ${base} with database ${name}, connected ${shopUrl.includes('host=') ? 'through the Unix socket' : 'over TCP'}`,
  );
  const shop: Shop = {
    label,
    name,
    base,
    server: undefined,
    handle: undefined as unknown as DatabaseHandle,
    smtp,
    dataDir,
    shoppers: [],
    productIds: [],
    latencies: [],
    warmLatencies: [],
    statuses: new Map(),
    errors: 0,
    cpuMs: 0,
    pgCpuMs: 0,
  };
  try {
    // Started as every part's shop (./shop.ts), with this shop's own SMTP server; the database is dropped by stopShop.
    shop.server = await startBuiltShop(
      { engine: 'postgres', url: shopUrl, dataDir, remove: async () => {} },
      {
        port,
        smtpUrl: smtp.url,
        cwd: appDir,
        env: {
          NODE_ENV: 'development',
          // BENCH_CPU_PROF=DIR: a CPU profile of the server (node --cpu-prof), written when it stops.
          ...(process.env.BENCH_CPU_PROF
            ? { NODE_OPTIONS: `--cpu-prof --cpu-prof-dir=${path.resolve(process.env.BENCH_CPU_PROF, label)}` }
            : {}),
        },
      },
    );
    shop.handle = await openDatabase({ url: shopUrl });
    const { db } = shop.handle;

    // Products light enough for the ordinary checkout (no delivery form), with stock for every round.
    const picked = await db
      .select({ id: products.id })
      .from(products)
      .where(and(lt(products.weightKg, 50), eq(products.published, true)))
      .orderBy(products.id)
      .limit(10);
    if (picked.length < 2) throw new Error('the seeded catalog has too few light products');
    shop.productIds = picked.map((p) => p.id);
    await db.update(products).set({ quantity: 1_000_000 }).where(inArray(products.id, shop.productIds));

    context.log(`checkout: ${label}: making ${SHOPPERS} shoppers (signed in, an address, a cart)`);
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
      shop.shoppers.push({
        id: user.id,
        email: user.email,
        token: data.token,
        addressId: address.id,
        payment: i % 2 === 0 ? 'cash_on_delivery' : 'online',
      });
    }
    return shop;
  } catch (error) {
    await stopShop(shop, adminUrl);
    throw error;
  }
}

/** The socket folder of a local PostgreSQL server (BENCH_PG_SOCKET_DIR), or null: the shop then connects over TCP. */
function localSocketDir(adminUrl: string): string | null {
  const dir = process.env.BENCH_PG_SOCKET_DIR ?? '/var/run/postgresql';
  const url = new URL(adminUrl);
  if (dir === 'none' || !['127.0.0.1', 'localhost', '[::1]'].includes(url.hostname)) return null;
  return fs.existsSync(path.join(dir, `.s.PGSQL.${url.port || 5432}`)) ? dir : null;
}

/** `url` through the local server's Unix socket when there is one (pg reads the `host` parameter as the socket's folder). */
function overSocket(url: string): string {
  const dir = localSocketDir(url);
  if (!dir) return url;
  const socketUrl = new URL(url);
  socketUrl.searchParams.set('host', dir);
  return socketUrl.toString();
}

const cpuText = (value: number | null) => (value === null ? 'n/a' : `${Math.round(value)} ms`);

/** One round: its duration, and the CPU the server and the database's backends spent in it (ms; null without /proc). */
interface Round {
  took: number;
  serverMs: number | null;
  pgMs: number | null;
}

/** Fills every cart, then all shoppers POST their order at once. */
async function placeRound(shop: Shop, round: number): Promise<Round> {
  const { db } = shop.handle;
  // A card order waits for its payment and keeps the cart: it is closed between rounds, so the
  // next round places a new one (not resumed).
  await db
    .update(orders)
    .set({ paymentStatus: 'failed', stockReleasedAt: new Date(), deliveryStatus: 'cancelled' })
    .where(and(eq(orders.paymentType, 'online'), eq(orders.paymentStatus, 'unpaid'), isNull(orders.stockReleasedAt)));
  for (const [i, s] of shop.shoppers.entries()) {
    const lines = [shop.productIds[i % shop.productIds.length]!, shop.productIds[(i + 3) % shop.productIds.length]!];
    for (const productId of new Set(lines))
      await db
        .insert(cartItems)
        .values({ userId: s.id, productId, quantity: 1 })
        .onConflictDoUpdate({ target: [cartItems.userId, cartItems.productId], set: { quantity: 1 } });
  }
  await sleep(200);
  const pgBefore = await backendsCpuMs(shop);
  const cpuBefore = cpuMsOf(shop.server?.pid);
  const started = performance.now();
  await Promise.all(
    shop.shoppers.map(async (s) => {
      const t0 = performance.now();
      let status = 'network error';
      try {
        const answer = await fetch(`${shop.base}/api/${s.payment === 'online' ? 'products/place-order' : 'products/cash-delivery'}`, {
          method: 'POST',
          headers: { 'content-type': 'application/json', authorization: `Bearer ${s.token}` },
          // A key per attempt, as the site's checkout sends (src/features/checkout/CheckoutDetails.tsx).
          body: JSON.stringify({ address_id: s.addressId, payment_type: s.payment, idempotency_key: `bench-${s.id}-${round}` }),
        });
        await answer.arrayBuffer();
        status = String(answer.status);
      } catch {
        // counted below
      }
      shop.latencies.push(performance.now() - t0);
      if (round > 1) shop.warmLatencies.push(performance.now() - t0);
      shop.statuses.set(status, (shop.statuses.get(status) ?? 0) + 1);
      if (status !== '201') shop.errors++;
    }),
  );
  const took = performance.now() - started;
  const cpuAfter = cpuMsOf(shop.server?.pid);
  const serverMs = cpuBefore === null || cpuAfter === null ? null : cpuAfter - cpuBefore;
  shop.cpuMs = shop.cpuMs === null || serverMs === null ? null : shop.cpuMs + serverMs;
  const pgAfter = await backendsCpuMs(shop);
  let pgMs: number | null = null;
  if (pgBefore !== null && pgAfter !== null) {
    // Backends that were there at both ends (one opened during the round counts from zero).
    pgMs = 0;
    for (const [pid, ms] of pgAfter) pgMs += ms - (pgBefore.get(pid) ?? 0);
  }
  shop.pgCpuMs = shop.pgCpuMs === null || pgMs === null ? null : shop.pgCpuMs + pgMs;
  return { took, serverMs, pgMs };
}

/** The CPU time of each PostgreSQL backend of the shop's database, by process id (a local server only: /proc). */
async function backendsCpuMs(shop: Shop): Promise<Map<number, number> | null> {
  const result = (await shop.handle.db.execute(
    sql`select pid from pg_stat_activity where datname = current_database() and backend_type = 'client backend'`,
  )) as unknown as { rows: { pid: number }[] };
  const cpu = new Map<number, number>();
  for (const { pid } of result.rows) {
    const ms = cpuMsOf(Number(pid));
    if (ms === null) return null;
    cpu.set(Number(pid), ms);
  }
  return cpu;
}

/**
 * The CPU time (user + system, all threads) a process has used, in ms, from /proc (Linux); null
 * elsewhere. Unlike latencies, it hardly moves with the machine's load: what one placement costs
 * the server's process, whoever else runs.
 */
function cpuMsOf(pid: number | undefined): number | null {
  if (pid === undefined) return null;
  try {
    // Fields after the command's closing parenthesis: utime and stime are the 12th and 13th.
    const fields = fs.readFileSync(`/proc/${pid}/stat`, 'utf8').split(') ')[1]!.split(' ');
    return ((Number(fields[11]) + Number(fields[12])) * 1000) / CLOCK_TICKS_PER_SECOND;
  } catch {
    return null;
  }
}
/** USER_HZ: Linux reports /proc CPU times in these ticks (100 on every common platform). */
const CLOCK_TICKS_PER_SECOND = 100;

/** Waits (at most a minute) until every cash order's confirmation reached the shop's SMTP server; answers delivered and unsent. */
async function mailsOf(shop: Shop, cashOrders: number): Promise<{ delivered: number; unsent: number }> {
  const waitStarted = performance.now();
  let delivered = 0;
  while (performance.now() - waitStarted < 60_000) {
    delivered = shop.smtp.messages.filter((m) => /order #\d+ confirmed/.test(m.parsed.subject ?? '')).length;
    if (delivered >= cashOrders) break;
    await sleep(200);
  }
  const [unsent] = await shop.handle.db
    .select({ n: sql<number>`count(*)`.mapWith(Number) })
    .from(mailOutbox)
    .where(isNull(mailOutbox.sentAt));
  return { delivered, unsent: unsent?.n ?? 0 };
}

async function stopShop(shop: Shop, adminUrl: string): Promise<void> {
  await shop.server?.stop();
  await shop.handle?.close();
  await shop.smtp.close();
  await adminQuery(adminUrl, `drop database if exists "${shop.name}" with (force)`).catch(() => undefined);
  fs.rmSync(shop.dataDir, { recursive: true, force: true });
}

const loadAverage = () =>
  os
    .loadavg()
    .map((l) => l.toFixed(2))
    .join(' ');

/**
 * The part. `baselineDir` (standalone: `--baseline DIR`, another built copy of the shop) runs that
 * copy too, on its own port (BENCH_PORT + 1) and database, its rounds alternating with this one's,
 * so both are measured under the same machine load; its figures are printed beside these.
 */
export async function run(context: BenchContext, options: { baselineDir?: string } = {}): Promise<BenchSection> {
  const title = 'Checkout under load (PostgreSQL)';
  if (!context.postgresUrl) return { title, figures: [], notes: ['Skipped: needs PostgreSQL (postgresUrl).'] };
  const adminUrl = context.postgresUrl;
  const rounds = context.quick ? 2 : 6;
  const port = Number(process.env.BENCH_PORT ?? benchPort('checkout'));
  const shops: Shop[] = [];
  try {
    if (options.baselineDir) shops.push(await startShop(context, adminUrl, path.resolve(options.baselineDir), port + 1, 'baseline'));
    shops.push(await startShop(context, adminUrl, process.cwd(), port, 'current'));
    const sampler = process.env.BENCH_PG_SAMPLE
      ? await startActivitySampler(
          adminUrl,
          shops.map((s) => s.name),
        )
      : null;
    const loadBefore = loadAverage();
    for (let round = 1; round <= rounds; round++) {
      // The baseline goes first in odd rounds and second in even ones: neither always meets the warmer machine.
      const order = round % 2 === 1 ? shops : [...shops].reverse();
      for (const shop of order) {
        const { took, serverMs, pgMs } = await placeRound(shop, round);
        context.log(
          `checkout: ${shop.label}: round ${round}/${rounds}: ${SHOPPERS} orders in ${Math.round(took)} ms, CPU server ${cpuText(serverMs)} and PostgreSQL ${cpuText(pgMs)} (load ${loadAverage()})`,
        );
      }
    }
    const loadAfter = loadAverage();
    if (sampler) for (const line of await sampler.stop()) context.log(line);

    const socketDir = localSocketDir(adminUrl);
    const connection = socketDir ? `through the Unix socket in ${socketDir}` : 'over TCP';
    const cashOrders = rounds * shops[0]!.shoppers.filter((s) => s.payment === 'cash_on_delivery').length;
    const ms = (v: number) => `${Math.round(v)} ms`;
    const figures: BenchSection['figures'] = [];
    const notes: string[] = [];
    for (const shop of [...shops].reverse()) {
      shop.latencies.sort((a, b) => a - b);
      shop.warmLatencies.sort((a, b) => a - b);
      // Every cash order's confirmation reaches the SMTP server, after the answers (the outbox).
      const { delivered, unsent } = await mailsOf(shop, cashOrders);
      const of = shop.label === 'current' ? '' : ` [${shop.label}]`;
      figures.push(
        { figure: `place-order p50 (${SHOPPERS} at once, ${rounds} rounds)${of}`, value: ms(percentile(shop.latencies, 50)) },
        {
          figure: `place-order p95 (${SHOPPERS} at once, ${rounds} rounds)${of}`,
          value: ms(percentile(shop.latencies, 95)),
          goal: '<= 300 ms',
        },
        { figure: `place-order max${of}`, value: ms(shop.latencies[shop.latencies.length - 1] ?? NaN) },
        // The first round meets a cold server (new pool connections, plans, code not yet
        // compiled) and makes most of the p95 above: the rounds after it, apart.
        ...(shop.warmLatencies.length > 0
          ? [
              { figure: `place-order p50 after the first round${of}`, value: ms(percentile(shop.warmLatencies, 50)) },
              { figure: `place-order p95 after the first round${of}`, value: ms(percentile(shop.warmLatencies, 95)) },
            ]
          : []),
        { figure: `errors${of}`, value: `${shop.errors} of ${shop.latencies.length}`, goal: '0' },
        {
          figure: `server CPU per placement (user + system, during the rounds)${of}`,
          value: shop.cpuMs === null ? 'n/a' : `${(shop.cpuMs / shop.latencies.length).toFixed(2)} ms`,
        },
        {
          figure: `PostgreSQL backends' CPU per placement (user + system, during the rounds)${of}`,
          value: shop.pgCpuMs === null ? 'n/a' : `${(shop.pgCpuMs / shop.latencies.length).toFixed(2)} ms`,
        },
        {
          figure: `confirmation mails delivered over SMTP after the rounds${of}`,
          value: `${delivered} of ${cashOrders} (${unsent} unsent rows)`,
        },
      );
      notes.push(`Answers${of}: ${[...shop.statuses.entries()].map(([s, n]) => `${s}: ${n}`).join(', ')}.`);
      // What the server logged about its failed answers (LOG_LEVEL error: the errors only).
      if (shop.errors > 0) context.log(`checkout: ${shop.label}: the server's last errors: ${shop.server?.stderr().slice(-1500) ?? ''}`);
    }
    return {
      title,
      figures,
      notes: [
        `\`npx tsx scripts/bench/checkout.ts\` (build first): the built server on a fresh PostgreSQL database seeded by \`npm start\`, connected ${connection}, SMTP_URL to an SMTP server in the bench process; ${SHOPPERS} shoppers signed in beforehand, each with a default address and a cart of two products (10 products shared by all), half paying cash on delivery and half by card (test provider); all ${SHOPPERS} POST their order at once, with an idempotency key as the site sends, ${rounds} rounds. Load average (1, 5, 15 min) before the rounds ${loadBefore}, after ${loadAfter}.`,
        ...notes,
      ],
    };
  } finally {
    for (const shop of shops) await stopShop(shop, adminUrl);
  }
}

/**
 * Samples pg_stat_activity of the databases `names` every 10 ms until stopped (BENCH_PG_SAMPLE): answers
 * lines of the most frequent (state, wait event, statement) with their share of backend samples.
 */
async function startActivitySampler(adminUrl: string, names: string[]): Promise<{ stop(): Promise<string[]> }> {
  const { default: pg } = await import('pg');
  const client = new pg.Client({ connectionString: adminUrl });
  await client.connect();
  const counts = new Map<string, number>();
  let samples = 0;
  let backends = 0;
  let stopped = false;
  const loop = (async () => {
    while (!stopped) {
      const { rows } = await client.query<{ state: string; wait: string | null; query: string }>(
        `select state, wait_event_type || ':' || wait_event as wait, left(regexp_replace(query, '\\s+', ' ', 'g'), 70) as query
           from pg_stat_activity where datname = any($1) and backend_type = 'client backend' and pid <> pg_backend_pid()`,
        [names],
      );
      samples++;
      for (const r of rows) {
        if (r.state === 'idle') continue;
        backends++;
        const key = `${r.state} | ${r.wait ?? '-'} | ${r.query}`;
        counts.set(key, (counts.get(key) ?? 0) + 1);
      }
      await sleep(10);
    }
  })();
  return {
    async stop() {
      stopped = true;
      await loop;
      await client.end();
      const lines = [`pg_stat_activity: ${samples} samples, ${(backends / Math.max(1, samples)).toFixed(1)} busy backends on average`];
      for (const [key, n] of [...counts].sort((a, b) => b[1] - a[1]).slice(0, 25))
        lines.push(`${((100 * n) / Math.max(1, backends)).toFixed(1).padStart(5)}%  ${key}`);
      return lines;
    },
  };
}

// Alone: prints the section.
if (import.meta.url === pathToFileURL(process.argv[1] ?? '').href) {
  const context: BenchContext = {
    postgresUrl: process.env.BENCH_POSTGRES_URL ?? 'postgres://postgres@127.0.0.1:5432/postgres',
    log: (line) => console.error(line),
    quick: process.argv.includes('--quick'),
  };
  const at = process.argv.indexOf('--baseline');
  const section = await run(context, at > 0 ? { baselineDir: process.argv[at + 1] } : {});
  console.log(`\n${section.title}`);
  for (const f of section.figures) console.log(`  ${f.figure}: ${f.value}${f.goal ? ` (goal ${f.goal})` : ''}`);
  for (const n of section.notes ?? []) console.log(`  ${n}`);
}
