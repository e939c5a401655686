// The built shop as the benchmark parts run it: a database of their own (a `bench_` database on
// PostgreSQL, or a PGlite folder), migrated and seeded with the default catalog, signed-in shoppers
// with a default address, and the server started the way `npm start` starts it (scripts/start.ts)
// on a port of the part's, stopped by its process id.
import { spawn, type ChildProcess } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import type { AddressInfo } from 'node:net';
import { sql } from 'drizzle-orm';
import { SMTPServer } from 'smtp-server';
import { openDatabase, type Db } from '../../src/server/db/client';
import { seedIfEmpty } from '../../src/server/seed/seed.service';
import { users } from '../../src/server/db/schema/accounts';
import { createSession } from '../../src/server/accounts/session.service';
import { addAddress } from '../../src/server/addresses/address.service';
import { addressSchema } from '../../src/domain/checkout';
import { adminQuery } from '../../tests/db';
import { addressForm } from '../../tests/checkout';
import { SERVER_ENV } from '../server-env';

/** Where a part's shop keeps its data: a PostgreSQL database, or PGlite in `dataDir`. */
export interface ShopDatabase {
  engine: 'postgres' | 'pglite';
  /** DATABASE_URL for the server (PostgreSQL), or undefined (PGlite in DATA_DIR/pglite). */
  url: string | undefined;
  /** DATA_DIR: the PGlite database, uploads, the development outbox. */
  dataDir: string;
  /** Drops the database and deletes the folder. */
  remove(): Promise<void>;
}

/**
 * A fresh database for one part: `bench_<name>` on the PostgreSQL server of `adminUrl` (dropped
 * first if a previous run left it), or a PGlite folder when `adminUrl` is null.
 */
export async function freshShopDatabase(name: string, adminUrl: string | null): Promise<ShopDatabase> {
  if (!/^[a-z0-9_]+$/.test(name)) throw new Error(`database name "${name}": lower-case letters, digits and _ only`);
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), `bench-${name}-`));
  if (!adminUrl) {
    return { engine: 'pglite', url: undefined, dataDir, remove: async () => fs.rmSync(dataDir, { recursive: true, force: true }) };
  }
  const database = `bench_${name}`;
  await adminQuery(adminUrl, `drop database if exists ${database} with (force)`, `create database ${database}`);
  const url = new URL(adminUrl);
  url.pathname = `/${database}`;
  return {
    engine: 'postgres',
    url: url.toString(),
    dataDir,
    remove: async () => {
      await adminQuery(adminUrl, `drop database if exists ${database} with (force)`);
      fs.rmSync(dataDir, { recursive: true, force: true });
    },
  };
}

export interface Shopper {
  userId: number;
  /** A live session token: `authorization: Bearer <token>` or the `session` cookie. */
  token: string;
  addressId: number;
}

export interface PreparedShop {
  shoppers: Shopper[];
  /** Products a shopper can put in the cart (in stock), lowest ids first. */
  productIds: number[];
  /** Of those, the ones under 20 kg: a cart of one needs no delivery location form (over 100 kg). */
  lightProductIds: number[];
}

/**
 * Migrates and seeds the default catalog, adds `shoppers` customers with a session and a default
 * address each, and (with `plentifulStock`) gives every product enough stock that a long load never
 * runs out. Opens and closes the database itself: PGlite must be closed before the server opens it.
 */
export async function prepareShop(
  database: ShopDatabase,
  options: { shoppers: number; plentifulStock?: boolean; log?: (line: string) => void },
): Promise<PreparedShop> {
  const handle = await openDatabase({
    url: database.url,
    dataDir: path.join(database.dataDir, 'pglite'),
    timeouts: { statementMs: 10 * 60_000 },
  });
  try {
    await handle.migrate();
    await seedIfEmpty(handle.db, options.log);
    const { db } = handle;
    if (options.plentifulStock) await db.execute(sql`update products set quantity = 1000000 where quantity >= 0`);
    const shoppers = await addShoppers(db, options.shoppers);
    const rows = (await db.execute(
      sql`select id, weight_kg < 20 as light from products where quantity > 0 order by id limit 200`,
    )) as unknown as { rows: Array<{ id: number; light: boolean }> };
    return {
      shoppers,
      productIds: rows.rows.map((r) => Number(r.id)),
      lightProductIds: rows.rows.filter((r) => r.light).map((r) => Number(r.id)),
    };
  } finally {
    await handle.close();
  }
}

async function addShoppers(db: Db, count: number): Promise<Shopper[]> {
  const stamp = Date.now().toString(36);
  const shoppers: Shopper[] = [];
  for (let n = 1; n <= count; n++) {
    const [user] = await db
      .insert(users)
      .values({
        name: `Bench Shopper ${n}`,
        email: `bench.${stamp}.${n}@example.ae`,
        passwordHash: 'not-a-hash',
        emailVerifiedAt: new Date(),
      })
      .returning({ id: users.id });
    const { token } = await createSession(db, user!.id, 'bench');
    const address = await addAddress(
      db,
      user!.id,
      addressSchema.parse(addressForm({ name: `Bench Shopper ${n}`, is_default_address: '1' })),
    );
    shoppers.push({ userId: user!.id, token, addressId: address.id });
  }
  return shoppers;
}

/** An SMTP server that accepts and drops every mail: production needs SMTP_URL, the figures need no mail. */
export async function startMailSink(): Promise<{ url: string; received: () => number; close(): Promise<void> }> {
  let received = 0;
  const server = new SMTPServer({
    authOptional: true,
    disabledCommands: ['STARTTLS'],
    logger: false,
    onData(stream, _session, callback) {
      stream.on('data', () => {});
      stream.on('end', () => {
        received++;
        callback();
      });
    },
  });
  // A shop stopped in the middle of a mail resets its connection: nothing to do about it here.
  server.on('error', () => {});
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', () => resolve()));
  const { port } = server.server.address() as AddressInfo;
  return {
    url: `smtp://127.0.0.1:${port}`,
    received: () => received,
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}

export interface RunningShop {
  base: string;
  pid: number;
  process: ChildProcess;
  /** The inspector's WebSocket URL when started with `inspect: true`. */
  inspector: string | null;
  /** The last 4,000 characters the server wrote to stderr (its errors: LOG_LEVEL is `error` unless `env` says otherwise). */
  stderr(): string;
  /** SIGTERM, then SIGKILL after 20 s; resolves once the process has exited. */
  stop(): Promise<void>;
}

export interface StartShopOptions {
  port: number;
  /** SMTP_URL (production needs one: startMailSink); undefined leaves it unset, for `NODE_ENV: 'development'` in `env` (mails as files in DATA_DIR/outbox). */
  smtpUrl: string | undefined;
  /** Added last, over the defaults below (NODE_ENV, LOG_LEVEL, RATE_LIMIT_SCALE, NODE_OPTIONS...). */
  env?: Record<string, string>;
  /** `--inspect` on a random local port (RunningShop.inspector). */
  inspect?: boolean;
  /** Node or V8 flags before the script (those NODE_OPTIONS refuses, such as V8's WebAssembly flags). */
  nodeArgs?: string[];
  /** `npm start`'s scripts/start.ts (the default), or the Node adapter's standalone server, dist/server/entry.mjs, on the same build (no migration: the database must be ready). */
  entry?: 'start' | 'adapter';
  /** The app's folder (default: this one). */
  cwd?: string;
  /** How long to wait for /api/health (default 600 s: a start on a loaded machine took over 300 s, and a build when sources changed). */
  timeoutMs?: number;
}

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

/**
 * Starts the built shop as `npm start` does (scripts/start.ts: build when stale, migrate, seed an
 * empty database, serve) in its own Node process, production mode, and waits until /api/health
 * answers. Every benchmark starts its servers here. The caller stops it.
 */
export async function startShop(database: ShopDatabase, options: StartShopOptions): Promise<RunningShop> {
  const base = `http://127.0.0.1:${options.port}`;
  const env: NodeJS.ProcessEnv = { ...process.env };
  // The parent's DATABASE_URL must not turn a PGlite shop into a PostgreSQL one, nor its SMTP_URL
  // send the figures' mails; a third-party script would measure someone else's server.
  delete env.DATABASE_URL;
  delete env.SMTP_URL;
  delete env.LIVE_CHAT_SCRIPT_URL;
  const cwd = options.cwd ?? process.cwd();
  const script = options.entry === 'adapter' ? [path.join(cwd, 'dist/server/entry.mjs')] : ['--import', 'tsx', 'scripts/start.ts'];
  const child = spawn(process.execPath, [...(options.inspect ? ['--inspect=127.0.0.1:0'] : []), ...(options.nodeArgs ?? []), ...script], {
    cwd,
    env: {
      ...env,
      NODE_ENV: 'production',
      PORT: String(options.port),
      HOST: '127.0.0.1',
      SITE_URL: base,
      DATA_DIR: database.dataDir,
      ...(database.url ? { DATABASE_URL: database.url } : {}),
      ...(options.smtpUrl ? { SMTP_URL: options.smtpUrl } : {}),
      // Every request of a load comes from 127.0.0.1: the per-address limits would cut it off.
      RATE_LIMIT_SCALE: '1000',
      LOG_LEVEL: 'error',
      // What package.json's start script sets before the process starts (glibc's malloc arenas).
      ...SERVER_ENV,
      ...options.env,
    },
    stdio: ['ignore', 'ignore', 'pipe'],
  });
  let stderr = '';
  child.stderr!.on('data', (chunk: Buffer) => (stderr = (stderr + chunk.toString()).slice(-4000)));
  const exited = new Promise<void>((resolve) => child.once('exit', () => resolve()));
  const stop = async () => {
    if (child.exitCode !== null || child.signalCode !== null) return;
    child.kill('SIGTERM');
    const killed = await Promise.race([exited.then(() => true), sleep(20_000).then(() => false)]);
    if (!killed) {
      child.kill('SIGKILL');
      await exited;
    }
  };
  const timeoutMs = options.timeoutMs ?? 600_000;
  const deadline = Date.now() + timeoutMs;
  while (Date.now() < deadline) {
    if (child.exitCode !== null) throw new Error(`the shop exited with ${child.exitCode} before answering: ${stderr.trim().slice(-600)}`);
    const ok = await fetch(`${base}/api/health`).then(
      async (r) => (await r.arrayBuffer(), r.ok),
      () => false,
    );
    if (ok) {
      const inspector = /Debugger listening on (ws:\/\/\S+)/.exec(stderr)?.[1] ?? null;
      if (options.inspect && !inspector) {
        await stop();
        throw new Error('the shop started without its inspector');
      }
      return { base, pid: child.pid!, process: child, inspector, stderr: () => stderr, stop };
    }
    await sleep(250);
  }
  await stop();
  throw new Error(`the shop did not answer on ${base} within ${Math.round(timeoutMs / 1000)} s: ${stderr.trim().slice(-600)}`);
}

/** VmRSS (now) and VmHWM (peak) of a process, in bytes, from /proc. */
export function processMemory(pid: number): { rss: number; peak: number } {
  const status = fs.readFileSync(`/proc/${pid}/status`, 'utf8');
  const kb = (field: string) => Number(new RegExp(`${field}:\\s+(\\d+)\\s+kB`).exec(status)?.[1] ?? NaN) * 1024;
  return { rss: kb('VmRSS'), peak: kb('VmHWM') };
}

/**
 * Through the server's inspector: a full garbage collection, then `process.memoryUsage()`. What
 * stays after a collection is what the process holds on to, so growth here from round to round is
 * a leak, where RSS alone also grows while V8 sizes its heap.
 */
export async function memoryAfterGc(inspector: string): Promise<NodeJS.MemoryUsage> {
  return inspectorMemory(inspector, { collectGarbage: true });
}

/** `process.memoryUsage()` of the server now, through its inspector (after a full collection with `collectGarbage`). */
export async function inspectorMemory(inspector: string, options: { collectGarbage: boolean }): Promise<NodeJS.MemoryUsage> {
  const socket = new WebSocket(inspector);
  await new Promise<void>((resolve, reject) => {
    socket.addEventListener('open', () => resolve(), { once: true });
    socket.addEventListener('error', () => reject(new Error(`no inspector at ${inspector}`)), { once: true });
  });
  let id = 0;
  const call = (method: string, params: object = {}) =>
    new Promise<unknown>((resolve, reject) => {
      const mine = ++id;
      const onMessage = (event: MessageEvent) => {
        const message = JSON.parse(String(event.data)) as { id?: number; result?: unknown; error?: { message: string } };
        if (message.id !== mine) return;
        socket.removeEventListener('message', onMessage);
        if (message.error) reject(new Error(`${method}: ${message.error.message}`));
        else resolve(message.result);
      };
      socket.addEventListener('message', onMessage);
      socket.send(JSON.stringify({ id: mine, method, params }));
    });
  try {
    if (options.collectGarbage) await call('HeapProfiler.collectGarbage');
    const result = (await call('Runtime.evaluate', { expression: 'JSON.stringify(process.memoryUsage())', returnByValue: true })) as {
      result: { value: string };
    };
    return JSON.parse(result.result.value) as NodeJS.MemoryUsage;
  } finally {
    socket.close();
  }
}
