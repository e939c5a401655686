// Rate-limit figures (not pass/fail; docs/decisions/0014-client-address-and-sliding-limits.md):
// what passes across a window edge, what passes when two app instances race, and the cost of one
// attempt. Runs on a fresh in-memory PGlite, or on a new PostgreSQL database with TEST_DATABASE_URL.
//   npx tsx scripts/bench-rate-limit.ts
//   TEST_DATABASE_URL=postgres://postgres@127.0.0.1:5432/test npx tsx scripts/bench-rate-limit.ts
import { performance } from 'node:perf_hooks';
import { consumeRateLimit, type RateLimitRule } from '../src/server/rate-limit/rate-limit.service';
import { config } from '../src/server/config';
import type { Db } from '../src/server/db/client';
import { freshDatabase } from '../tests/db';
import { secondInstance } from '../tests/second-instance';

const database = await freshDatabase();
const other = await secondInstance(database);
const scale = config().RATE_LIMIT_SCALE;

async function passes(db: Db, rule: RateLimitRule, subject: string, at: Date): Promise<boolean> {
  try {
    await consumeRateLimit(db, rule, subject, 'Too many', at);
    return true;
  } catch {
    return false;
  }
}

try {
  console.log(`engine: ${database.kind}, RATE_LIMIT_SCALE ${scale}`);
  const loginRule: RateLimitRule = { name: 'bench-edge', limit: 30, windowSeconds: 900 };
  const edge = Date.UTC(2026, 0, 5, 10, 0, 0);
  let edgePassed = 0;
  for (const offset of [-1000, 1000]) {
    for (let i = 0; i < loginRule.limit * scale; i++)
      if (await passes(database.db, loginRule, '203.0.113.1', new Date(edge + offset))) edgePassed++;
  }
  console.log(
    `across a window edge: ${edgePassed} of ${2 * loginRule.limit * scale} attempts passed (limit ${loginRule.limit * scale} per ${loginRule.windowSeconds} s)`,
  );

  const raceRule: RateLimitRule = { name: 'bench-race', limit: 10, windowSeconds: 600 };
  const attempts = 200;
  const now = new Date();
  const results = await Promise.all(
    Array.from({ length: attempts }, (_, i) => passes(i % 2 ? other.db : database.db, raceRule, '203.0.113.2', now)),
  );
  console.log(`two instances, ${attempts} attempts at once: ${results.filter(Boolean).length} passed (limit ${raceRule.limit * scale})`);

  for (const [label, subject, count] of [
    ['allowed', 'fresh', 2000],
    ['refused', 'full', 2000],
  ] as const) {
    const rule: RateLimitRule = { name: `bench-cost-${label}`, limit: label === 'allowed' ? 1_000_000 : 30, windowSeconds: 900 };
    if (label === 'refused') for (let i = 0; i < rule.limit * scale; i++) await passes(database.db, rule, subject, new Date());
    const times: number[] = [];
    for (let i = 0; i < count; i++) {
      const started = performance.now();
      // Allowed attempts on distinct subjects (rows of one attempt); refused ones on a full row of 30.
      await passes(database.db, rule, label === 'allowed' ? `${subject}-${i}` : subject, new Date());
      times.push(performance.now() - started);
    }
    times.sort((a, b) => a - b);
    const at = (q: number) => times[Math.min(times.length - 1, Math.floor(q * times.length))]!.toFixed(2);
    console.log(`one ${label} attempt: p50 ${at(0.5)} ms, p95 ${at(0.95)} ms (${count} sequential)`);
  }
} finally {
  await other.close();
  await database.dispose();
}
