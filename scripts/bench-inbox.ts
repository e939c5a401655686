// Back office inbox figures (not pass/fail; docs/decisions/0035-messages-reviews-audit.md#messages-subscribers-and-unsubscribe):
// the message list and the subscriber list at 100,000 rows each (p50/p95 of a page, with and
// without a search), and the subscriber CSV export streamed whole (time, rows, heap growth).
// Runs on a fresh in-memory PGlite, or on a new PostgreSQL database with TEST_DATABASE_URL.
//   npx tsx scripts/bench-inbox.ts [rows]
//   TEST_DATABASE_URL=postgres://postgres@127.0.0.1:5432/test npx tsx scripts/bench-inbox.ts
import { performance } from 'node:perf_hooks';
import { sql } from 'drizzle-orm';
import { listContactMessages } from '../src/server/contact/contact-inbox.service';
import { listSubscribers, subscribersForExport } from '../src/server/newsletter/newsletter.service';
import { subscriberCsvRow, SUBSCRIBER_CSV_COLUMNS } from '../src/server/newsletter/subscriber.wire';
import { csvResponse } from '../src/server/csv';
import { freshDatabase } from '../tests/db';

const rows = Number(process.argv[2] ?? 100_000);
const database = await freshDatabase();
const db = database.db;

async function timed(label: string, count: number, run: (i: number) => Promise<unknown>): Promise<void> {
  const times: number[] = [];
  for (let i = 0; i < count; i++) {
    const started = performance.now();
    await run(i);
    times.push(performance.now() - started);
  }
  times.sort((a, b) => a - b);
  const at = (q: number) => times[Math.min(times.length - 1, Math.floor(q * times.length))]!.toFixed(1);
  console.log(`${label}: p50 ${at(0.5)} ms, p95 ${at(0.95)} ms (${count} sequential)`);
}

try {
  console.log(`engine: ${database.kind}, ${rows} messages and ${rows} subscribers`);
  await db.execute(sql`
    insert into contact_messages (first_name, last_name, email, phone, message, read_at, created_at)
    select 'Name' || i, 'Family' || (i % 500), 'sender' || i || '@example.ae', '0501234567', 'Question number ' || i,
      case when i % 3 = 0 then null else now() end, now() - (i || ' minutes')::interval
    from generate_series(1, ${rows}) as i`);
  await db.execute(sql`
    insert into subscribers (email, unsubscribed_at, created_at)
    select 'reader' || i || '@example.ae', case when i % 20 = 0 then now() else null end, now() - (i || ' minutes')::interval
    from generate_series(1, ${rows}) as i`);
  await db.execute(sql`analyze`);

  await timed('messages, first page, all', 50, () => listContactMessages(db, { page: 1, read: 'all' }));
  await timed('messages, page 100, unread', 50, () => listContactMessages(db, { page: 100, read: 'unread' }));
  await timed('messages, search "sender4242"', 20, () => listContactMessages(db, { page: 1, q: 'sender4242', read: 'all' }));
  await timed('subscribers, first page, subscribed', 50, () => listSubscribers(db, { page: 1, status: 'subscribed' }));
  await timed('subscribers, search "reader777"', 20, () => listSubscribers(db, { page: 1, q: 'reader777', status: 'all' }));

  global.gc?.();
  const heapBefore = process.memoryUsage().heapUsed;
  let heapPeak = heapBefore;
  const started = performance.now();
  async function* csvRows() {
    for await (const s of subscribersForExport(db, { status: 'all' })) yield subscriberCsvRow(s);
  }
  const response = csvResponse('bench.csv', SUBSCRIBER_CSV_COLUMNS, csvRows());
  const reader = response.body!.getReader();
  let bytes = 0;
  let lines = 0;
  for (;;) {
    const { done, value } = await reader.read();
    if (done) break;
    bytes += value.byteLength;
    for (const byte of value) if (byte === 10) lines++;
    heapPeak = Math.max(heapPeak, process.memoryUsage().heapUsed);
  }
  console.log(
    `subscriber CSV export, all ${rows}: ${(performance.now() - started).toFixed(0)} ms, ${lines - 1} rows, ${(bytes / 1e6).toFixed(1)} MB, heap growth at most ${((heapPeak - heapBefore) / 1e6).toFixed(1)} MB`,
  );
} finally {
  await database.dispose();
}
