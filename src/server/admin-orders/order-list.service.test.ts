// The back office's order list (docs/decisions/0036-admin-order-list.md): each form of search, each
// filter (dates in the shop's time zone), each sort, paging, the capped count and the CSV export.
import { beforeAll, describe, expect, it } from 'vitest';
import { sql } from 'drizzle-orm';
import type { Db } from '@/server/db/client';
import { fils } from '@/domain/money';
import { ADMIN_ORDER_COUNT_CAP, adminOrderListQuerySchema, type AdminOrderListQuery } from '@/domain/admin-orders';
import { adminOrdersCsvHeader } from '@/domain/messages/admin-orders';
import { useFreshDatabase } from '../../../tests/db';
import { insertUser, type UserRow } from '../../../tests/accounts';
import { insertOrder, type OrderRow } from '../../../tests/admin-orders';
import { adminOrderCsvBatches, adminOrderCsvRecords, listAdminOrders, shopDateTime } from './order-list.service';
import { csvStream } from '@/server/csv';

let db: Db;
useFreshDatabase((database) => {
  db = database.db;
});

/** RFC 4180 records: quoted cells may hold commas, quotes ("") and line breaks. */
function parse(text: string): string[][] {
  const records: string[][] = [];
  let record: string[] = [];
  let cell = '';
  let quoted = false;
  for (let i = 0; i < text.length; i++) {
    const c = text[i]!;
    if (quoted) {
      if (c === '"' && text[i + 1] === '"') {
        cell += '"';
        i++;
      } else if (c === '"') quoted = false;
      else cell += c;
    } else if (c === '"') quoted = true;
    else if (c === ',') {
      record.push(cell);
      cell = '';
    } else if (c === '\n') {
      record.push(cell);
      records.push(record);
      record = [];
      cell = '';
    } else if (c !== '\r') cell += c;
  }
  if (cell !== '' || record.length > 0) {
    record.push(cell);
    records.push(record);
  }
  return records;
}

const query = (fields: Record<string, unknown> = {}): AdminOrderListQuery => adminOrderListQuerySchema.parse(fields);
const ids = async (fields: Record<string, unknown> = {}) => (await listAdminOrders(db, query(fields))).rows.map((r) => r.id);

let aisha: UserRow, omar: UserRow, fatima: UserRow;
let a1: OrderRow, a2: OrderRow, o1: OrderRow, o2: OrderRow, f1: OrderRow, late: OrderRow, early: OrderRow;

beforeAll(async () => {
  aisha = await insertUser(db, { name: 'Aisha Khan', email: 'Aisha.Khan@example.ae' });
  omar = await insertUser(db, { name: 'Omar Saeed', email: 'omar@shop.ae' });
  fatima = await insertUser(db, { name: 'Fatima Ali', email: 'fatima_100@example.ae' });
  a1 = await insertOrder(db, aisha, { createdAt: new Date('2026-11-20T08:00:00Z'), lines: [['Fire Safe 40L', 2, 2_100_00]] });
  a2 = await insertOrder(db, aisha, {
    createdAt: new Date('2026-11-21T08:00:00Z'),
    paymentType: 'online',
    paymentStatus: 'paid',
    deliveryStatus: 'shipped',
    address: { name: 'Reception Desk', phone: '0507654321', state: 'Sharjah' },
  });
  o1 = await insertOrder(db, omar, {
    createdAt: new Date('2026-11-22T08:00:00Z'),
    deliveryStatus: 'delivered',
    paymentStatus: 'paid',
    lines: [['Shredder S5', 1, 350_00]],
  });
  o2 = await insertOrder(db, omar, {
    createdAt: new Date('2026-11-23T08:00:00Z'),
    deliveryStatus: 'cancelled',
    lines: [['Vault Door', 1, 9_999_00]],
  });
  f1 = await insertOrder(db, fatima, { createdAt: new Date('2026-11-24T08:00:00Z'), address: { phone: '0551112233' } });
  // Either side of the Dubai midnight that starts 27 November (20:00 UTC on the 26th).
  early = await insertOrder(db, fatima, { createdAt: new Date('2026-11-26T19:59:00Z'), lines: [['Flip Chart', 1, 120_00]] });
  late = await insertOrder(db, fatima, { createdAt: new Date('2026-11-26T20:01:00Z'), lines: [['Whiteboard', 1, 220_00]] });
});

describe('the list', () => {
  it('shows the newest orders first, with the customer, the contact and the totals', async () => {
    const page = await listAdminOrders(db, query());
    expect(page.rows.map((r) => r.id)).toEqual([late.id, early.id, f1.id, o2.id, o1.id, a2.id, a1.id]);
    expect(page).toMatchObject({ page: 1, perPage: 25, total: 7, totalCapped: false, lastPage: 1, hasMore: false });
    const row = page.rows.find((r) => r.id === a2.id)!;
    expect(row).toMatchObject({
      customerName: 'Aisha Khan',
      email: 'Aisha.Khan@example.ae',
      phone: '0507654321',
      emirate: 'Sharjah',
      recipientName: 'Reception Desk',
      paymentType: 'online',
      paymentStatus: 'paid',
      deliveryStatus: 'shipped',
      awaitingPayment: false,
      units: 1,
      grandTotal: 1_050_00,
    });
    expect(page.rows.find((r) => r.id === a1.id)!.units).toBe(2);
  });

  it('finds an order by its number, with or without #', async () => {
    expect(await ids({ q: String(o2.id) })).toEqual([o2.id]);
    expect(await ids({ q: `#${o2.id}` })).toEqual([o2.id]);
    expect(await ids({ q: '#2147483648' })).toEqual([]);
  });

  it('finds a customer by the beginning of the e-mail, in any case', async () => {
    expect(await ids({ q: 'AISHA.K' })).toEqual([a2.id, a1.id]);
    expect(await ids({ q: 'omar@shop' })).toEqual([o2.id, o1.id]);
    expect(await ids({ q: 'shop.ae' })).toEqual([]);
  });

  it('finds a customer by any part of the name, and the delivery address by its name', async () => {
    expect(await ids({ q: 'khan' })).toEqual([a2.id, a1.id]);
    expect(await ids({ q: 'saee' })).toEqual([o2.id, o1.id]);
    expect(await ids({ q: 'reception' })).toEqual([a2.id]);
  });

  it('finds a phone number however it is typed, and a part of it', async () => {
    for (const typed of [
      '0507654321',
      '050 765 4321',
      '050-765-4321',
      '+971 50 765 4321',
      '00971507654321',
      '971507654321',
      '(050) 7654321',
    ]) {
      expect(await ids({ q: typed }), typed).toEqual([a2.id]);
    }
    expect(await ids({ q: '7654321' })).toEqual([a2.id]);
    expect(await ids({ q: '+971 55 111' })).toEqual([f1.id]);
  });

  it('searches for % and _ as they are, not as wildcards', async () => {
    expect(await ids({ q: '%' })).toEqual([]);
    expect(await ids({ q: 'fatima_' })).toEqual([late.id, early.id, f1.id]);
    expect(await ids({ q: 'fatima%' })).toEqual([]);
  });

  it('filters by delivery status, payment status and payment type', async () => {
    expect(await ids({ delivery_status: 'cancelled' })).toEqual([o2.id]);
    expect(await ids({ payment_status: 'paid' })).toEqual([o1.id, a2.id]);
    expect(await ids({ payment_type: 'online' })).toEqual([a2.id]);
    expect(await ids({ payment_status: 'paid', delivery_status: 'delivered', q: 'omar' })).toEqual([o1.id]);
  });

  it("filters by days of the shop's time zone (Asia/Dubai), both ends included", async () => {
    expect(await ids({ from: '2026-11-27', to: '2026-11-27' })).toEqual([late.id]);
    expect(await ids({ from: '2026-11-26', to: '2026-11-26' })).toEqual([early.id]);
    expect(await ids({ from: '2026-11-22', to: '2026-11-23' })).toEqual([o2.id, o1.id]);
    expect(await ids({ to: '2026-11-20' })).toEqual([a1.id]);
  });

  it('refuses a range that ends before it starts, and dates that are not days', () => {
    expect(adminOrderListQuerySchema.safeParse({ from: '2026-11-27', to: '2026-11-26' }).success).toBe(false);
    expect(adminOrderListQuerySchema.safeParse({ from: '2026-02-30' }).success).toBe(false);
    expect(adminOrderListQuerySchema.safeParse({ from: '27/11/2026' }).success).toBe(false);
    expect(adminOrderListQuerySchema.safeParse({ per_page: '1000' }).success).toBe(false);
    // A GET form's empty fields are no filter.
    expect(adminOrderListQuerySchema.parse({ q: '', delivery_status: '', from: '', sort: '', page: '' })).toMatchObject({
      q: undefined,
      delivery_status: undefined,
      from: undefined,
      sort: 'date_desc',
      page: 1,
    });
  });

  it('sorts by date, total or number, both ways', async () => {
    expect(await ids({ sort: 'date_asc' })).toEqual([a1.id, a2.id, o1.id, o2.id, f1.id, early.id, late.id]);
    expect((await ids({ sort: 'total_desc' }))[0]).toBe(o2.id);
    expect((await ids({ sort: 'total_asc' })).slice(0, 3)).toEqual([early.id, late.id, o1.id]);
    // Equal totals (a1 2100, the 1050 ones) keep the order number's order.
    const totalAsc = await ids({ sort: 'total_asc' });
    expect(totalAsc.slice(3, 5)).toEqual([a2.id, f1.id]);
    expect(await ids({ sort: 'id_asc' })).toEqual([a1.id, a2.id, o1.id, o2.id, f1.id, early.id, late.id]);
    expect(await ids({ sort: 'id_desc' })).toEqual([late.id, early.id, f1.id, o2.id, o1.id, a2.id, a1.id]);
  });
});

describe('paging', () => {
  let many: UserRow;
  beforeAll(async () => {
    many = await insertUser(db, { name: 'Paging Customer', email: 'paging@example.ae' });
    for (let i = 0; i < 30; i++) await insertOrder(db, many, { createdAt: new Date(Date.UTC(2026, 9, 1, 8, i)) });
  });

  it('pages through, knowing the total without a count past the end of a short list', async () => {
    const first = await listAdminOrders(db, query({ q: 'paging@', page: 1 }));
    expect(first).toMatchObject({ total: 30, lastPage: 2, hasMore: true });
    expect(first.rows).toHaveLength(25);
    const second = await listAdminOrders(db, query({ q: 'paging@', page: 2 }));
    expect(second).toMatchObject({ total: 30, lastPage: 2, hasMore: false });
    expect(second.rows).toHaveLength(5);
    expect(new Set([...first.rows, ...second.rows].map((r) => r.id)).size).toBe(30);
    const past = await listAdminOrders(db, query({ q: 'paging@', page: 5 }));
    expect(past).toMatchObject({ rows: [], total: 30, lastPage: 5 });
  });

  it('stops counting at the cap and still pages on', async () => {
    await db.execute(sql`
      insert into orders (user_id, shipping_address, sub_total, tax_amount, grand_total, payment_type, created_at)
      select ${many.id}, '{"name":"Bulk","phone":"0500000000","state":"Dubai"}'::jsonb, 100, 5, 105, 'cash_on_delivery',
             timestamptz '2020-01-01 12:00:00+04' + (n || ' seconds')::interval
      from generate_series(1, ${ADMIN_ORDER_COUNT_CAP + 5}) as n`);
    const bulk = { from: '2020-01-01', to: '2020-01-01', per_page: '100' };
    const first = await listAdminOrders(db, query(bulk));
    expect(first).toMatchObject({ total: ADMIN_ORDER_COUNT_CAP, totalCapped: true, lastPage: 100, hasMore: true });
    const atCap = await listAdminOrders(db, query({ ...bulk, page: '100' }));
    expect(atCap).toMatchObject({ totalCapped: true, hasMore: true, lastPage: 101 });
    const beyond = await listAdminOrders(db, query({ ...bulk, page: '101' }));
    expect(beyond.rows).toHaveLength(5);
    expect(beyond.hasMore).toBe(false);
    const csvRows = [];
    for await (const batch of adminOrderCsvBatches(db, { ...query(bulk) })) csvRows.push(...batch);
    expect(csvRows).toHaveLength(ADMIN_ORDER_COUNT_CAP + 5);
  }, 180_000);
});

describe('the CSV export', () => {
  const readCsv = async (stream: ReadableStream<Uint8Array>) => {
    const text = new TextDecoder('utf-8', { ignoreBOM: true }).decode(await new Response(stream).arrayBuffer());
    expect(text.startsWith('\uFEFF')).toBe(true);
    return parse(text.slice(1)) as string[][];
  };

  it('writes every matching order (not just a page), with the columns in the header', async () => {
    const [header, ...records] = await readCsv(
      csvStream(adminOrdersCsvHeader, adminOrderCsvRecords(db, query({ q: 'fatima', sort: 'date_asc' }))),
    );
    expect(header).toEqual([...adminOrdersCsvHeader]);
    expect(records.map((r) => Number(r[0]))).toEqual([f1.id, early.id, late.id]);
    const record = Object.fromEntries(header!.map((name, i) => [name, records[2]![i]]));
    expect(record).toEqual({
      Order: String(late.id),
      Date: '2026-11-27 00:01',
      Customer: 'Fatima Ali',
      'E-mail': 'fatima_100@example.ae',
      Phone: '0501234567',
      Emirate: 'Dubai',
      'Payment type': 'Cash on delivery',
      'Payment status': 'Unpaid',
      'Delivery status': 'Delivery Pending',
      Items: '1 x Whiteboard',
      'Sub total (AED)': '209.52',
      'Discount (AED)': '0.00',
      'VAT (AED)': '10.48',
      'Total (AED)': '220.00',
      'Refunded (AED)': '0.00',
    });
  });

  it('reads in batches without losing or repeating an order of equal date or total', async () => {
    const same = new Date('2026-08-01T10:00:00.123456Z');
    const twin = await insertUser(db, { name: 'Twin Buyer', email: 'twin@example.ae' });
    for (let i = 0; i < 5; i++) await insertOrder(db, twin, { createdAt: same });
    await db.execute(
      sql`update orders set created_at = created_at + interval '0.000001 seconds' * id where user_id = ${twin.id} and id % 2 = 0`,
    );
    for (const sort of ['date_desc', 'date_asc', 'total_desc', 'total_asc', 'id_asc'] as const) {
      const seen: string[] = [];
      for await (const batch of adminOrderCsvBatches(db, { ...query({ q: 'twin@', sort }) }, 2)) seen.push(...batch.map((r) => r[0]!));
      expect(seen, sort).toHaveLength(5);
      expect(new Set(seen).size, sort).toBe(5);
    }
  });

  it('neutralises cells a spreadsheet would run as a formula', async () => {
    const [, sample] = await readCsv(
      csvStream(
        ['a', 'b', 'c', 'd', 'e', 'f', 'g'],
        (async function* () {
          yield ['=1+2', '+1', '-1', '@SUM(A1)', '\tx', '\rx', 'Aisha'];
        })(),
      ),
    );
    expect(sample).toEqual(["'=1+2", "'+1", "'-1", "'@SUM(A1)", "'\tx", "'\rx", 'Aisha']);
    const hostile = await insertUser(db, { name: '=HYPERLINK("http://evil.example","x")', email: 'hostile@example.ae' });
    await insertOrder(db, hostile, { address: { state: '+Dubai' }, lines: [['@SUM(1)', 1, 100_00]] });
    const [, record] = await readCsv(csvStream(adminOrdersCsvHeader, adminOrderCsvRecords(db, query({ q: 'hostile@' }))));
    expect(record![2]).toBe('\'=HYPERLINK("http://evil.example","x")');
    expect(record![5]).toBe("'+Dubai");
    expect(record![9]).toBe('1 x @SUM(1)');
  });

  it("writes times in the shop's time zone", () => {
    expect(shopDateTime(new Date('2026-11-26T20:01:00Z'))).toBe('2026-11-27 00:01');
    expect(shopDateTime(new Date('2026-11-26T19:59:00Z'))).toBe('2026-11-26 23:59');
  });
});

describe('amounts', () => {
  it('keeps refunds on the row', async () => {
    const refunded = await insertOrder(db, omar, { paymentStatus: 'refunded', deliveryStatus: 'refund', refundedAmount: fils(100_00) });
    const [row] = (await listAdminOrders(db, query({ q: `#${refunded.id}` }))).rows;
    expect(row).toMatchObject({ refundedAmount: 100_00, paymentStatus: 'refunded', deliveryStatus: 'refund' });
  });
});
