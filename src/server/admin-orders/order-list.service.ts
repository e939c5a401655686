// The back office's order list and its CSV export (docs/decisions/0036-admin-order-list.md):
// search by order number, customer name, e-mail or phone, filters, sort and paging that stay fast
// at 100,000 orders. Each kind of search has its own index (migration 0008): the order number the
// primary key, an e-mail its beginning (lower(email) text_pattern_ops), a name any part of it
// (trigrams), a phone number its stored national form (btree) or a part of it (trigrams). Counts
// stop at ADMIN_ORDER_COUNT_CAP, so a broad filter never counts the whole table.
import { and, asc, desc, eq, gte, inArray, lt, or, sql, type SQL } from 'drizzle-orm';
import type { Db } from '@/server/db/client';
import { cappedCount } from '@/server/db/capped-count';
import { orderLines, orders } from '@/server/db/schema/orders';
import { users } from '@/server/db/schema/accounts';
import { ADMIN_ORDER_COUNT_CAP, type AdminOrderFilters, type AdminOrderListQuery, type AdminOrderSort } from '@/domain/admin-orders';
import { paymentStatusLabels, paymentTypeLabels } from '@/domain/messages/admin-orders';
import { deliveryStatusLabels } from '@/domain/messages/orders';
import { checkUaePhone } from '@/domain/phone';
import { MAX_ID } from '@/domain/input';
import { nextDay, shopDayStart, SHOP_TIME_ZONE } from '@/domain/shop-days';
import type { Fils } from '@/domain/money';
import type { DeliveryStatus } from '@/domain/checkout';

/** An order as the list shows it. */
export interface AdminOrderRow {
  id: number;
  createdAt: Date;
  customerName: string;
  email: string;
  /** The delivery address's phone (stored 05XXXXXXXX) and emirate, as the order keeps them. */
  phone: string;
  emirate: string;
  recipientName: string;
  paymentType: 'online' | 'cash_on_delivery';
  paymentStatus: 'unpaid' | 'paid' | 'failed' | 'refunded';
  deliveryStatus: DeliveryStatus;
  /** A card order still waiting for its payment (its stock held). */
  awaitingPayment: boolean;
  /** Units ordered, all lines together. */
  units: number;
  subTotal: Fils;
  discountAmount: Fils;
  taxAmount: Fils;
  grandTotal: Fils;
  refundedAmount: Fils;
}

export interface AdminOrderPage {
  rows: AdminOrderRow[];
  page: number;
  perPage: number;
  /** Matching orders, counted up to ADMIN_ORDER_COUNT_CAP. */
  total: number;
  /** true: more than `total` orders match (the count stopped at the cap). */
  totalCapped: boolean;
  lastPage: number;
  /** There is a page after this one. */
  hasMore: boolean;
}

/** `%`, `_` and `\` typed into a search are searched for, not wildcards. */
const likeEscape = (text: string) => text.replace(/[\\%_]/g, (c) => `\\${c}`);

const phoneOf = sql<string>`(${orders.shippingAddress} ->> 'phone')`;
const recipientOf = sql<string>`(${orders.shippingAddress} ->> 'name')`;

/** Digits of a typed phone fragment in the stored national form: '+971 50 12' and '00971 5012' become '05012'. */
function nationalDigits(compact: string): string {
  const digits = compact.replace(/^\+/, '');
  const international = /^(?:00)?971(\d*)$/.exec(digits);
  return international ? `0${international[1]}` : digits;
}

/** The least digits of a phone fragment worth searching for (fewer match most orders). */
const PHONE_FRAGMENT_MIN_DIGITS = 5;

/** What a search looks for, before it is run. */
interface SearchPlan {
  /** Orders found directly: by number or phone. */
  orders?: SQL;
  /** Customers whose orders are found. */
  customers?: SQL;
  /** Orders whose delivery address is in this name: searched when no customer is found. */
  recipients?: SQL;
}

/**
 * What a search finds, by the form of what was typed:
 * - digits only (with #, spaces, dashes, brackets or a leading +): the order with that number; a
 *   whole UAE mobile number however it is written ('+971 50 123 4567', '050-123-4567') the orders
 *   delivered to it; five digits or more also orders whose phone contains them;
 * - with an @: customers whose e-mail starts with it;
 * - anything else: customers whose name contains it or whose e-mail starts with it; when there is
 *   none, orders whose delivery address is in a name that contains it.
 */
export function searchPlan(typed: string | undefined): SearchPlan | undefined {
  const text = typed?.trim() ?? '';
  if (text === '') return undefined;
  const orderNo = /^#\s*(\d{1,10})$/.exec(text);
  if (orderNo) return { orders: eq(orders.id, Math.min(Number(orderNo[1]), MAX_ID)) };
  const compact = text.replace(/[\s().-]/g, '');
  if (/^\+?\d+$/.test(compact)) {
    const found: SQL[] = [];
    if (!compact.startsWith('+') && compact.length <= 10 && Number(compact) >= 1 && Number(compact) <= MAX_ID) {
      found.push(eq(orders.id, Number(compact)));
    }
    const phone = checkUaePhone(text);
    if (phone.ok) found.push(sql`${phoneOf} = ${phone.phone}`);
    else {
      const digits = nationalDigits(compact);
      if (digits.length >= PHONE_FRAGMENT_MIN_DIGITS) found.push(sql`${phoneOf} like ${`%${likeEscape(digits)}%`}`);
    }
    return { orders: found.length === 0 ? sql`false` : or(...found)! };
  }
  const emailPrefix = sql`lower(${users.email}) like ${`${likeEscape(text.toLowerCase())}%`}`;
  if (text.includes('@')) return { customers: emailPrefix };
  const contains = `%${likeEscape(text)}%`;
  return { customers: sql`${users.name} ilike ${contains} or ${emailPrefix}`, recipients: sql`${recipientOf} ilike ${contains}` };
}

/** Orders among these numbers (a search's matches, found beforehand). */
const amongIds = (column: typeof orders.id | typeof orders.userId, ids: readonly number[]): SQL =>
  ids.length === 0 ? sql`false` : sql`${column} = any(${`{${ids.join(',')}}`}::int[])`;

/** The most customers a search passes on by number; more (a very common name) stay a subquery. */
const CUSTOMERS_MAX = 5_000;

/**
 * Runs a search's first step and returns the condition for the orders it found. The matches are
 * found first, through the search's own indexes, and passed on as numbers: the planner then knows
 * how many there are. Left to itself with a subquery, it walks the date index hoping to meet them
 * early, which reads every order when they are few (docs/decisions/0036-admin-order-list.md).
 */
export async function searchCondition(db: Db, typed: string | undefined): Promise<SQL | undefined> {
  const plan = searchPlan(typed);
  if (!plan) return undefined;
  const ordersWhere = async (condition: SQL) => {
    const found = await db
      .select({ id: orders.id })
      .from(orders)
      .where(condition)
      .limit(ADMIN_ORDER_COUNT_CAP + 1);
    return found.length > ADMIN_ORDER_COUNT_CAP
      ? sql`${orders.id} = any(array(select ${orders.id} from ${orders} where ${condition}))`
      : amongIds(
          orders.id,
          found.map((r) => r.id),
        );
  };
  if (plan.orders) return ordersWhere(plan.orders);
  const customers = await db
    .select({ id: users.id })
    .from(users)
    .where(plan.customers)
    .limit(CUSTOMERS_MAX + 1);
  if (customers.length > CUSTOMERS_MAX) {
    return sql`${orders.userId} = any(array(select ${users.id} from ${users} where ${plan.customers}))`;
  }
  if (customers.length > 0 || !plan.recipients) {
    return amongIds(
      orders.userId,
      customers.map((c) => c.id),
    );
  }
  return ordersWhere(plan.recipients);
}

/** The filters other than the search. */
function plainFilters(filters: Partial<AdminOrderFilters>): SQL[] {
  const conditions: (SQL | undefined)[] = [
    filters.delivery_status ? eq(orders.deliveryStatus, filters.delivery_status) : undefined,
    filters.payment_status ? eq(orders.paymentStatus, filters.payment_status) : undefined,
    filters.payment_type ? eq(orders.paymentType, filters.payment_type) : undefined,
    filters.from ? gte(orders.createdAt, shopDayStart(filters.from)) : undefined,
    filters.to ? lt(orders.createdAt, shopDayStart(nextDay(filters.to))) : undefined,
  ];
  return conditions.filter((c): c is SQL => c !== undefined);
}

/** The search (run first) and the filters as one condition. */
export async function filterCondition(db: Db, filters: Partial<AdminOrderFilters>): Promise<SQL | undefined> {
  const conditions = plainFilters(filters);
  const search = await searchCondition(db, filters.q);
  if (search) conditions.unshift(search);
  return conditions.length === 0 ? undefined : and(...conditions);
}

/** Each sort's key; the order number breaks ties, so paging never repeats or skips an order. */
const SORT_KEYS: Record<AdminOrderSort, { key: SQL | typeof orders.id; dir: 'asc' | 'desc' }> = {
  date_desc: { key: sql`${orders.createdAt}`, dir: 'desc' },
  date_asc: { key: sql`${orders.createdAt}`, dir: 'asc' },
  total_desc: { key: sql`${orders.grandTotal}`, dir: 'desc' },
  total_asc: { key: sql`${orders.grandTotal}`, dir: 'asc' },
  id_desc: { key: orders.id, dir: 'desc' },
  id_asc: { key: orders.id, dir: 'asc' },
};

/**
 * ORDER BY clauses that match the indexes exactly: orders_created_idx is (created_at desc nulls
 * last, id desc nulls last), and PostgreSQL's plain `desc` means nulls first, which that index
 * cannot give (the columns are never null, but the planner does not know that helps).
 */
function orderByOf(sort: AdminOrderSort): SQL[] {
  const { key, dir } = SORT_KEYS[sort];
  if (sort.startsWith('date')) {
    const nulls = sql.raw(dir === 'desc' ? 'desc nulls last' : 'asc nulls first');
    return [sql`${orders.createdAt} ${nulls}`, sql`${orders.id} ${nulls}`];
  }
  const by = dir === 'asc' ? asc : desc;
  return key === orders.id ? [by(orders.id)] : [by(key as SQL), by(orders.id)];
}

const rowColumns = {
  id: orders.id,
  createdAt: orders.createdAt,
  customerName: users.name,
  email: users.email,
  phone: sql<string>`coalesce(${phoneOf}, '')`,
  emirate: sql<string>`coalesce(${orders.shippingAddress} ->> 'state', '')`,
  recipientName: sql<string>`coalesce(${recipientOf}, '')`,
  paymentType: orders.paymentType,
  paymentStatus: orders.paymentStatus,
  deliveryStatus: orders.deliveryStatus,
  stockReleasedAt: orders.stockReleasedAt,
  units:
    sql<number>`(select coalesce(sum(${orderLines.quantity}), 0) from ${orderLines} where ${orderLines.orderId} = ${orders.id})`.mapWith(
      Number,
    ),
  subTotal: orders.subTotal,
  discountAmount: orders.discountAmount,
  taxAmount: orders.taxAmount,
  grandTotal: orders.grandTotal,
  refundedAmount: orders.refundedAmount,
};

type SelectedRow = { [K in keyof typeof rowColumns]: unknown } & Omit<AdminOrderRow, 'awaitingPayment'> & {
    stockReleasedAt: Date | null;
  };

function toRow({ stockReleasedAt, ...row }: SelectedRow): AdminOrderRow {
  return {
    ...row,
    awaitingPayment: row.paymentType === 'online' && row.paymentStatus === 'unpaid' && stockReleasedAt === null,
  };
}

/**
 * One page of the staff's order list. The page's orders are picked by number first (an
 * index-only walk, however deep the page), then read with their customer and lines: an offset
 * on the full query would join and count lines for every order it skips.
 */
export async function listAdminOrders(db: Db, query: AdminOrderListQuery): Promise<AdminOrderPage> {
  const { page, per_page: perPage } = query;
  const offset = (page - 1) * perPage;
  const where = await filterCondition(db, query);
  const picked = await db
    .select({ id: orders.id })
    .from(orders)
    .where(where)
    .orderBy(...orderByOf(query.sort))
    .limit(perPage + 1)
    .offset(offset);
  const hasMore = picked.length > perPage;
  const ids = picked.slice(0, perPage).map((r) => r.id);
  const found =
    ids.length === 0
      ? []
      : ((await db
          .select(rowColumns)
          .from(orders)
          .innerJoin(users, eq(users.id, orders.userId))
          .where(amongIds(orders.id, ids))
          .orderBy(...orderByOf(query.sort))) as SelectedRow[]);
  const rows = found.map(toRow);
  // A page that is not full ends the list: the count is known without counting (unless the page
  // is past the end, which says nothing about how many there are).
  const counted =
    !hasMore && (rows.length > 0 || page === 1) ? offset + rows.length : await cappedCount(db, orders, where, ADMIN_ORDER_COUNT_CAP);
  const totalCapped = counted > ADMIN_ORDER_COUNT_CAP;
  const total = Math.min(counted, ADMIN_ORDER_COUNT_CAP);
  const lastPage = Math.max(1, Math.ceil(total / perPage), hasMore ? page + 1 : page);
  return { rows, page, perPage, total, totalCapped, lastPage, hasMore };
}

// ---- CSV export ----

/** Orders read per query while exporting: the export streams, never holding more than a batch. */
export const CSV_BATCH = 500;

const dateTime = new Intl.DateTimeFormat('en-CA', {
  timeZone: SHOP_TIME_ZONE,
  year: 'numeric',
  month: '2-digit',
  day: '2-digit',
  hour: '2-digit',
  minute: '2-digit',
  hourCycle: 'h23',
});

/** An instant as the shop's local 'yyyy-mm-dd hh:mm' (Asia/Dubai). */
export function shopDateTime(date: Date): string {
  const parts = Object.fromEntries(dateTime.formatToParts(date).map((p) => [p.type, p.value]));
  return `${parts.year}-${parts.month}-${parts.day} ${parts.hour}:${parts.minute}`;
}

/** Fils as AED with two decimals, as a spreadsheet reads a number: '1234.50'. */
export const aedText = (amount: number) => (amount / 100).toFixed(2);

/** The keyset of the export: the sort's key of the last order written, and its number. */
interface Cursor {
  key: string;
  id: number;
}

function afterCursor(sort: AdminOrderSort, cursor: Cursor | null): SQL | undefined {
  if (!cursor) return undefined;
  const { dir } = SORT_KEYS[sort];
  const op = sql.raw(dir === 'asc' ? '>' : '<');
  if (sort.startsWith('id')) return sql`${orders.id} ${op} ${cursor.id}`;
  // Compared as the database wrote it (text), so microseconds of a timestamp are not lost.
  const key = sort.startsWith('date') ? sql`${cursor.key}::timestamptz` : sql`${Number(cursor.key)}`;
  const column = sort.startsWith('date') ? orders.createdAt : orders.grandTotal;
  return sql`(${column}, ${orders.id}) ${op} (${key}, ${cursor.id})`;
}

async function linesText(db: Db, ids: number[]): Promise<Map<number, string>> {
  const texts = new Map<number, string[]>();
  if (ids.length === 0) return new Map();
  const lines = await db
    .select({ orderId: orderLines.orderId, name: orderLines.name, quantity: orderLines.quantity })
    .from(orderLines)
    .where(inArray(orderLines.orderId, ids))
    .orderBy(orderLines.orderId, orderLines.id);
  for (const line of lines) {
    const list = texts.get(line.orderId) ?? [];
    list.push(`${line.quantity} x ${line.name}`);
    texts.set(line.orderId, list);
  }
  return new Map([...texts].map(([id, list]) => [id, list.join('; ')]));
}

/** One order as a CSV record, in the header's column order. */
export function csvRecord(row: AdminOrderRow, items: string): string[] {
  return [
    String(row.id),
    shopDateTime(row.createdAt),
    row.customerName,
    row.email,
    row.phone,
    row.emirate,
    paymentTypeLabels[row.paymentType],
    paymentStatusLabels[row.paymentStatus],
    row.awaitingPayment ? 'Awaiting payment' : deliveryStatusLabels[row.deliveryStatus],
    items,
    aedText(row.subTotal),
    aedText(row.discountAmount),
    aedText(row.taxAmount),
    aedText(row.grandTotal),
    aedText(row.refundedAmount),
  ];
}

/** Batches of CSV records of every order matching the filters, in the list's order. */
export async function* adminOrderCsvBatches(db: Db, filters: AdminOrderFilters, batch = CSV_BATCH): AsyncGenerator<string[][]> {
  const where = await filterCondition(db, filters);
  const keyText = filters.sort.startsWith('date') ? sql<string>`${orders.createdAt}::text` : sql<string>`${orders.grandTotal}::text`;
  let cursor: Cursor | null = null;
  for (;;) {
    const found = (await db
      .select({ ...rowColumns, cursorKey: keyText })
      .from(orders)
      .innerJoin(users, eq(users.id, orders.userId))
      .where(and(where, afterCursor(filters.sort, cursor)))
      .orderBy(...orderByOf(filters.sort))
      .limit(batch)) as (SelectedRow & { cursorKey: string })[];
    if (found.length === 0) return;
    const items = await linesText(
      db,
      found.map((r) => r.id),
    );
    yield found.map(({ cursorKey: _key, ...r }) => csvRecord(toRow(r), items.get(r.id) ?? ''));
    const last = found[found.length - 1]!;
    cursor = { key: last.cursorKey, id: last.id };
    if (found.length < batch) return;
  }
}

/** The export's file name: orders-2026-11-27.csv (the shop's day). */
export function adminOrderCsvFilename(now: Date): string {
  return `orders-${shopDateTime(now).slice(0, 10)}.csv`;
}

/** Every order matching the filters, one CSV record each, batch by batch as the file is read. */
export async function* adminOrderCsvRecords(db: Db, filters: AdminOrderFilters, batch = CSV_BATCH): AsyncGenerator<string[]> {
  for await (const records of adminOrderCsvBatches(db, filters, batch)) yield* records;
}
