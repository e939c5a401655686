// Sliding-window limits in the database (docs/decisions/0014-client-address-and-sliding-limits.md):
// no burst across a window edge, a Retry-After that is true, IPv6 counted per /64, and exactly the
// limit let through when two app instances race on one PostgreSQL.
import { afterAll, describe, expect, it } from 'vitest';
import { config } from '@/server/config';
import type { DatabaseHandle } from '@/server/db/client';
import { TooManyRequestsError } from '@/server/errors';
import { consumeRateLimit, type RateLimitRule } from './rate-limit.service';
import { useFreshDatabase } from '../../../tests/db';
import { secondInstance } from '../../../tests/second-instance';

let other: DatabaseHandle;
const database = useFreshDatabase(async (fresh) => {
  other = await secondInstance(fresh);
});
afterAll(async () => {
  await other.close();
});

let ruleCounter = 0;
/** A rule of its own per test, so counters never mix. */
const rule = (limit: number, windowSeconds: number): RateLimitRule => ({ name: `test-${++ruleCounter}`, limit, windowSeconds });
const allowed = (r: RateLimitRule) => r.limit * config().RATE_LIMIT_SCALE;
// A minute boundary: the old fixed windows of 60 s reset exactly here.
const edge = Date.UTC(2026, 0, 5, 10, 0, 0);
const at = (seconds: number) => new Date(edge + seconds * 1000);

/** Whether one attempt passes, and the Retry-After of a refusal. */
async function attempt(
  r: RateLimitRule,
  subject: string,
  when: Date,
  db = database.db,
): Promise<{ ok: true } | { ok: false; retryAfter: number }> {
  try {
    await consumeRateLimit(db, r, subject, 'Too many', when);
    return { ok: true };
  } catch (error) {
    if (error instanceof TooManyRequestsError) return { ok: false, retryAfter: error.retryAfterSeconds };
    throw error;
  }
}

async function passes(r: RateLimitRule, subject: string, when: Date, times: number): Promise<number> {
  let passed = 0;
  for (let i = 0; i < times; i++) if ((await attempt(r, subject, when)).ok) passed++;
  return passed;
}

describe('consumeRateLimit: sliding window', () => {
  it('lets the limit through just before a window edge and nothing more just after it (no 2x burst)', async () => {
    const r = rule(5, 60);
    const limit = allowed(r);
    expect(await passes(r, '203.0.113.10', at(-1), limit)).toBe(limit);
    expect(await passes(r, '203.0.113.10', at(1), limit)).toBe(0);
  });

  it('frees a place when the oldest attempt leaves the window, and Retry-After names that moment', async () => {
    const r = rule(3, 60);
    const limit = allowed(r);
    // The attempts start mid-window: a clock-aligned window would reset at the edge (second 0).
    for (let i = 0; i < limit; i++) expect((await attempt(r, 'subject-a', at(-30 + i))).ok).toBe(true);
    const refused = await attempt(r, 'subject-a', at(-5));
    // The oldest attempt (at -30 s) leaves the window at +30 s: 35 s after -5 s.
    expect(refused).toEqual({ ok: false, retryAfter: 35 });
    // Past the clock's edge, still refused: the window slides, it does not reset.
    expect((await attempt(r, 'subject-a', at(5))).ok).toBe(false);
    // Refused attempts do not count, so the place frees when Retry-After said it would.
    expect((await attempt(r, 'subject-a', at(29))).ok).toBe(false);
    expect((await attempt(r, 'subject-a', at(30))).ok).toBe(true);
    expect(await attempt(r, 'subject-a', at(30))).toMatchObject({ ok: false });
  });

  it('keeps subjects apart', async () => {
    const r = rule(2, 600);
    const limit = allowed(r);
    expect(await passes(r, 'someone@example.com', at(0), limit + 1)).toBe(limit);
    expect(await passes(r, 'someone-else@example.com', at(0), 1)).toBe(1);
  });

  it('counts IPv6 clients per /64 and an IPv4-mapped IPv6 address as its IPv4 address', async () => {
    const r = rule(2, 600);
    const limit = allowed(r);
    for (let i = 0; i < limit; i++) expect((await attempt(r, `2001:db8:1:2::${i + 1}`, at(0))).ok).toBe(true);
    // Another host in the same /64 (the same customer line), written differently: refused.
    expect((await attempt(r, '2001:0db8:0001:0002:ffff:0:0:99', at(0))).ok).toBe(false);
    // The next /64 is someone else.
    expect((await attempt(r, '2001:db8:1:3::1', at(0))).ok).toBe(true);
    expect(await passes(r, '192.0.2.44', at(0), limit)).toBe(limit);
    expect((await attempt(r, '::ffff:192.0.2.44', at(0))).ok).toBe(false);
  });

  it('lets exactly the limit through when two app instances send attempts at once', async () => {
    const r = rule(7, 600);
    const limit = allowed(r);
    const attempts = limit * 6;
    const results = await Promise.all(
      Array.from({ length: attempts }, (_, i) => attempt(r, '198.51.100.200', at(0), i % 2 === 0 ? database.db : other.db)),
    );
    expect(results.filter((x) => x.ok)).toHaveLength(limit);
    expect(results.filter((x) => !x.ok)).toHaveLength(attempts - limit);
  });
});
