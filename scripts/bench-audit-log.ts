// The audit log page's read at a large log (docs/decisions/0035-messages-reviews-audit.md#audit-log): fills a fresh
// PostgreSQL database with ENTRIES entries (default 200,000) over a year, then times listAuditLog's
// first page, a page deep in the log through the keyset cursor, and the filtered reads the page
// offers, printing p50 and p95 of each. It prints figures; it does not pass or fail.
//
//   npx tsx scripts/bench-audit-log.ts postgres://postgres@127.0.0.1:5432/postgres [--entries 200000]
import { sql } from 'drizzle-orm';
import { openDatabase } from '@/server/db/client';
import { listAuditLog, type AuditFilters } from '@/server/audit/audit-log.service';
import { adminQuery, databaseUrl, uniqueDatabaseName } from '../tests/db';

const adminUrl = process.argv[2] ?? process.env.DATABASE_URL;
if (!adminUrl) throw new Error('Give a PostgreSQL URL (the database to create the bench database from)');
const entriesArg = process.argv.indexOf('--entries');
const ENTRIES = entriesArg > 0 ? Number(process.argv[entriesArg + 1]) : 200_000;
const RUNS = 40;

const name = uniqueDatabaseName('bench_audit');
await adminQuery(adminUrl, `create database "${name}"`);
const handle = await openDatabase({ url: databaseUrl(adminUrl, name) });
try {
  await handle.migrate();
  const { db } = handle;
  await db.execute(sql`insert into staff_users (email, name, role, password_hash, totp_secret)
    select 'bench' || i || '@shop.test', 'Bench ' || i, case when i = 1 then 'admin' else 'staff' end, 'x', 'x' from generate_series(1, 8) i`);
  const started = performance.now();
  // In chunks of 50,000: one statement stays well inside the connection's statement timeout.
  for (let from = 1; from <= ENTRIES; from += 50_000) {
    const to = Math.min(ENTRIES, from + 49_999);
    await db.execute(sql`insert into audit_log (staff_id, staff_email, action, entity_type, entity_id, before, after, created_at)
    select (i % 8) + 1, 'bench' || ((i % 8) + 1) || '@shop.test',
      (array['order.ship','order.deliver','order.cancel','review.hide','review.unhide','message.reply'])[(i % 6) + 1],
      (array['order','order','order','review','review','contact_message'])[(i % 6) + 1],
      (i % 5000)::text,
      jsonb_build_object('delivery_status', 'pending', 'n', i), jsonb_build_object('delivery_status', 'shipped', 'n', i + 1),
      now() - (i * interval '1 second' * (365 * 86400 / ${ENTRIES}))
    from generate_series(${from}::int, ${to}::int) i`);
  }
  await db.execute(sql`analyze audit_log`);
  console.log(`${ENTRIES} entries written in ${Math.round(performance.now() - started)} ms`);

  // The cursor after 20 pages: the 'Older' link followed twenty times.
  let deep: string | undefined;
  {
    let after: string | undefined;
    for (let i = 0; i < 20; i++) after = (await listAuditLog(db, { limit: 50, after })).nextCursor ?? undefined;
    deep = after;
  }
  const today = new Date().toISOString().slice(0, 10);
  const monthAgo = new Date(Date.now() - 30 * 86400_000).toISOString().slice(0, 10);
  const cases: [string, AuditFilters][] = [
    ['first page', { limit: 50 }],
    ['21st page (cursor)', { limit: 50, after: deep }],
    ['one staff member', { limit: 50, staffId: 3 }],
    ['one record (review #42)', { limit: 50, entityType: 'review', entityId: '42' }],
    ['one action', { limit: 50, action: 'review.hide' }],
    ['last 30 days', { limit: 50, from: monthAgo, to: today }],
  ];
  for (const [label, filters] of cases) {
    const times: number[] = [];
    for (let i = 0; i < RUNS; i++) {
      const t0 = performance.now();
      await listAuditLog(db, filters);
      times.push(performance.now() - t0);
    }
    times.sort((a, b) => a - b);
    const p = (q: number) => times[Math.min(times.length - 1, Math.floor(q * times.length))]!.toFixed(1);
    console.log(`${label.padEnd(26)} p50 ${p(0.5).padStart(6)} ms   p95 ${p(0.95).padStart(6)} ms`);
  }
} finally {
  await handle.close();
  await adminQuery(adminUrl, `drop database if exists "${name}" with (force)`);
}
