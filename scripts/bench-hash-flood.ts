// Bench for issue 10, point 6 (docs/decisions/0012-account-hardening.md): a flood of bad
// registration and reset requests (no validated code, strong passwords that would be hashed)
// while a real customer signs in again and again. Prints sign-in latency p50/p95 and the
// server's memory. Starts the built app of --dir (default: this folder) on --port with a fresh
// DATA_DIR; build it first (npm run build).
//
//   npm run bench:hash-flood -- [--dir /path/to/app] [--port 4411] [--seconds 20] [--rate 50]
// The port defaults to BENCH_PORT_BASE + 1 (scripts/bench/harness.ts benchPort); the server starts as
// every benchmark's does (startShop), here in development mode.
//
// RATE_LIMIT_SCALE=100 keeps the per-address limits (every request comes from 127.0.0.1) out
// of the way, so the figure shows the checks-before-hashing and the bounded pool; with the
// default scale the flood would also be cut off after 10 requests an hour per address.
import fs from 'node:fs';
import path from 'node:path';
import { parseArgs } from 'node:util';
import { benchPort, percentile } from './bench/harness';
import { freshShopDatabase, processMemory, startShop } from './bench/shop';

const { values } = parseArgs({
  options: {
    dir: { type: 'string', default: process.cwd() },
    port: { type: 'string' },
    seconds: { type: 'string', default: '20' },
    rate: { type: 'string', default: '50' },
  },
});
const appDir = path.resolve(values.dir);
const port = values.port ? Number(values.port) : benchPort('hash-flood');
const seconds = Number(values.seconds);
const rate = Number(values.rate);
const PASSWORD = 'Bench#Login1';

const database = await freshShopDatabase('hash_flood', null);
const dataDir = database.dataDir;
// Development mode: the codes go to the outbox folder (DATA_DIR/outbox), where codeFor reads them.
const shop = await startShop(database, {
  port,
  smtpUrl: undefined,
  cwd: appDir,
  env: { NODE_ENV: 'development', RATE_LIMIT_SCALE: '100' },
}).catch(async (error: unknown) => {
  await database.remove();
  throw error;
});
const base = shop.base;

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

function rssMiB(): number {
  return processMemory(shop.pid).rss / 2 ** 20;
}

function form(fields: Record<string, string>): RequestInit {
  return { method: 'POST', body: new URLSearchParams(fields), headers: { 'content-type': 'application/x-www-form-urlencoded' } };
}

/** The newest code mailed to `email` in the development outbox. */
async function codeFor(email: string): Promise<string> {
  const outbox = path.join(dataDir, 'outbox');
  for (let i = 0; i < 100; i++) {
    const files = fs.existsSync(outbox) ? fs.readdirSync(outbox).sort().reverse() : [];
    for (const file of files) {
      const text = fs.readFileSync(path.join(outbox, file), 'utf8');
      if (text.includes(email)) {
        const code = /Your code is (\d{4})\./.exec(text.replace(/=\r?\n/g, ''))?.[1];
        if (code) return code;
      }
    }
    await sleep(100);
  }
  throw new Error('no code in the outbox');
}

async function registerCustomer(email: string): Promise<void> {
  // GET send-otp without browser headers: works on the code before and after the change.
  const sent = await fetch(`${base}/api/send-otp?email=${encodeURIComponent(email)}&purpose=register`);
  if (!sent.ok) throw new Error(`send-otp: ${sent.status}`);
  const verified = await fetch(`${base}/api/verify-otp`, form({ email, otp: await codeFor(email) }));
  if (!verified.ok) throw new Error(`verify-otp: ${verified.status}`);
  const registered = await fetch(
    `${base}/api/user_register`,
    form({ name: 'Bench Customer', email, password: PASSWORD, c_password: PASSWORD }),
  );
  if (registered.status !== 201) throw new Error(`user_register: ${registered.status} ${await registered.text()}`);
}

async function main(): Promise<void> {
  const email = `bench.${Date.now()}@example.ae`;
  await registerCustomer(email);
  const idleRss = rssMiB();
  // Sign-in latency without the flood, for comparison.
  const quiet: number[] = [];
  for (let i = 0; i < 5; i++) {
    const started = performance.now();
    await (await fetch(`${base}/api/login`, form({ email, password: PASSWORD }))).arrayBuffer();
    quiet.push(performance.now() - started);
  }
  quiet.sort((a, b) => a - b);

  // The flood: `rate` bad requests a second, half registrations, half resets, never awaited in turn.
  const statuses = new Map<number, number>();
  const pending = new Set<Promise<void>>();
  let sent = 0;
  const flood = setInterval(() => {
    for (let i = 0; i < rate / 10; i++) {
      const n = sent++;
      const victim = `flood.${n}.${Date.now()}@example.ae`;
      const request =
        n % 2 === 0
          ? fetch(`${base}/api/user_register`, form({ name: 'Flood', email: victim, password: 'Flood#Pass1', c_password: 'Flood#Pass1' }))
          : fetch(`${base}/api/user/reset_password`, form({ email: email, new_password: 'Flood#Pass1' }));
      const done = request
        .then(async (r) => {
          await r.arrayBuffer();
          statuses.set(r.status, (statuses.get(r.status) ?? 0) + 1);
        })
        .catch(() => {
          statuses.set(0, (statuses.get(0) ?? 0) + 1);
        })
        .finally(() => pending.delete(done));
      pending.add(done);
    }
  }, 100);

  let peakRss = idleRss;
  const sampler = setInterval(() => (peakRss = Math.max(peakRss, rssMiB())), 200);

  // The real customer signs in one after another for the whole flood.
  const latencies: number[] = [];
  const loginStatuses = new Map<number, number>();
  const end = Date.now() + seconds * 1000;
  setTimeout(() => clearInterval(flood), seconds * 1000);
  while (Date.now() < end) {
    const started = performance.now();
    // A sign-in with no answer within undici's 300 s counts as status 0 with the time it waited.
    const status = await fetch(`${base}/api/login`, form({ email, password: PASSWORD })).then(
      async (r) => (await r.arrayBuffer(), r.status),
      () => 0,
    );
    latencies.push(performance.now() - started);
    loginStatuses.set(status, (loginStatuses.get(status) ?? 0) + 1);
  }
  clearInterval(flood);
  await Promise.all(pending);
  clearInterval(sampler);

  const sorted = [...latencies].sort((a, b) => a - b);
  const fmt = (m: Map<number, number>) =>
    [...m.entries()]
      .sort()
      .map(([s, c]) => `${s}: ${c}`)
      .join(', ');
  console.log(`app: ${appDir}`);
  console.log(`flood: ${sent} bad register/reset requests in ${seconds} s (${rate}/s); answers ${fmt(statuses)} (0: no answer)`);
  console.log(`sign-ins: ${latencies.length}; answers ${fmt(loginStatuses)}`);
  console.log(`sign-in latency without the flood: p50 ${percentile(quiet, 50).toFixed(0)} ms`);
  console.log(
    `sign-in latency: p50 ${percentile(sorted, 50).toFixed(0)} ms, p95 ${percentile(sorted, 95).toFixed(0)} ms, max ${sorted[sorted.length - 1]?.toFixed(0)} ms`,
  );
  console.log(`server memory (RSS): idle ${idleRss.toFixed(0)} MiB, peak ${peakRss.toFixed(0)} MiB`);
}

try {
  await main();
} finally {
  await shop.stop();
  await database.remove();
}
