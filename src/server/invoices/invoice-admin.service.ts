// The back office's tax invoices and credit notes (docs/product.md#back-office-tax-invoices): one
// list of both kinds, newest first, searched by number, order, buyer or TRN and filtered by Dubai
// days of issue; the accountant's CSV of a date range; each document's PDF, rendered from the
// `document` frozen at issue (never from the order as it is now); an order's documents for its page.
// Reading only: issuing is the invoice service's (docs/decisions/0051-tax-invoices.md), and an
// issued document is never changed, so nothing here writes or is audited.
import { and, asc, eq, gte, inArray, lt, sql, type SQL } from 'drizzle-orm';
import type { Db } from '@/server/db/client';
import { taxCreditNotes, taxInvoices } from '@/server/db/schema/invoices';
import type { Config } from '@/server/config';
import { NotFoundError } from '@/server/errors';
import type { AdminInvoiceFilters, AdminInvoiceListQuery } from '@/domain/admin-invoices';
import { adminInvoicesMessages as m, taxDocumentKindLabels } from '@/domain/messages/admin-invoices';
import { normaliseTrn, type TaxInvoiceForm } from '@/domain/tax-invoice';
import { nextDay, shopDayStart, SHOP_TIME_ZONE } from '@/domain/shop-days';
import { MAX_ID } from '@/domain/input';
import type { Fils } from '@/domain/money';
import { renderTaxDocumentPdf } from './tax-document-pdf';

/** Tax invoices are issued only once the shop's TRN is set (docs/decisions/0051-tax-invoices.md). */
export function taxInvoicesIssued(config: Pick<Config, 'SHOP_TRN'>): boolean {
  return config.SHOP_TRN !== undefined;
}

export type TaxDocumentType = 'invoice' | 'credit_note';

/** Another document a row links to: a credit note's invoice, an invoice's credit notes. */
export interface TaxDocumentRef {
  id: number;
  number: string;
}

/** A tax invoice or a credit note as the staff's list shows it. Amounts are positive fils, as issued. */
export interface TaxDocumentRow {
  type: TaxDocumentType;
  id: number;
  number: string;
  /** An invoice's form; null for a credit note. */
  form: TaxInvoiceForm | null;
  issuedAt: Date;
  orderId: number;
  buyerName: string;
  buyerTrn: string | null;
  netTotal: Fils;
  vatTotal: Fils;
  grandTotal: Fils;
  /** A credit note's reason; null for an invoice. */
  reason: string | null;
  /** The invoice a credit note corrects; null for an invoice. */
  corrects: TaxDocumentRef | null;
  /** An invoice's credit notes, oldest first; empty for a credit note. */
  creditNotes: TaxDocumentRef[];
}

export interface TaxDocumentPage {
  rows: TaxDocumentRow[];
  page: number;
  perPage: number;
  total: number;
  lastPage: number;
}

/** The words a row's type is printed with: the invoice's form, or credit note. */
export const kindLabel = (row: Pick<TaxDocumentRow, 'type' | 'form'>) =>
  taxDocumentKindLabels[row.type === 'credit_note' ? 'credit_note' : (row.form ?? 'full')];

/** `%`, `_` and `\` typed into a search are searched for, not wildcards. */
const likeEscape = (text: string) => text.replace(/[\\%_]/g, (c) => `\\${c}`);

/** What a search looks for, read from the form of what was typed. */
export type TaxDocumentSearch =
  | { by: 'number'; series: string; sequence: number }
  | { by: 'order'; orderId: number }
  | { by: 'trn'; trn: string }
  | { by: 'buyer'; contains: string }
  | { by: 'nothing' };

/**
 * - a printed number, whatever its case and leading zeros ('INV-000042', 'inv-42'): that document;
 * - '#' and digits, or up to 10 digits: the documents of that order;
 * - a TRN (15 digits, spaces and dashes allowed): the documents of that buyer's TRN;
 * - other digits: nothing; anything else: buyers whose name contains it.
 */
export function taxDocumentSearch(typed: string | undefined): TaxDocumentSearch | undefined {
  const text = typed?.trim() ?? '';
  if (text === '') return undefined;
  const printed = /^([A-Za-z0-9]{1,12})-(\d{1,10})$/.exec(text);
  if (printed && /[A-Za-z]/.test(printed[1]!)) {
    const sequence = Number(printed[2]);
    return sequence <= MAX_ID ? { by: 'number', series: printed[1]!.toUpperCase(), sequence } : { by: 'nothing' };
  }
  const hashed = /^#\s*(\d{1,10})$/.exec(text);
  if (hashed) return Number(hashed[1]) <= MAX_ID ? { by: 'order', orderId: Number(hashed[1]) } : { by: 'nothing' };
  const trn = normaliseTrn(text);
  if (trn) return { by: 'trn', trn };
  const compact = text.replace(/[\s-]/g, '');
  if (/^\d+$/.test(compact)) {
    return compact.length <= 10 && Number(compact) >= 1 && Number(compact) <= MAX_ID
      ? { by: 'order', orderId: Number(compact) }
      : { by: 'nothing' };
  }
  return { by: 'buyer', contains: text };
}

type DocumentTable = typeof taxInvoices | typeof taxCreditNotes;

/** The search and the date range as one condition on either table (both have the same columns for them). */
function conditionOn(table: DocumentTable, filters: Partial<AdminInvoiceFilters>): SQL | undefined {
  const search = taxDocumentSearch(filters.q);
  const searched: SQL | undefined = !search
    ? undefined
    : search.by === 'number'
      ? and(eq(table.series, search.series), eq(table.sequence, search.sequence))
      : search.by === 'order'
        ? table === taxInvoices
          ? eq(taxInvoices.orderId, search.orderId)
          : // A credit note's order is its invoice's: found through the invoice's order index and the
            // credit notes' invoice index (the credit notes' order column has none).
            sql`${taxCreditNotes.invoiceId} in (select ${taxInvoices.id} from ${taxInvoices} where ${taxInvoices.orderId} = ${search.orderId})`
        : search.by === 'trn'
          ? eq(table.buyerTrn, search.trn)
          : search.by === 'buyer'
            ? sql`${table.buyerName} ilike ${`%${likeEscape(search.contains)}%`}`
            : sql`false`;
  return and(
    searched,
    filters.from ? gte(table.issuedAt, shopDayStart(filters.from)) : undefined,
    filters.to ? lt(table.issuedAt, shopDayStart(nextDay(filters.to))) : undefined,
  );
}

/** The columns both kinds are listed with, in one shape (a UNION ALL needs the same in each branch). */
function listColumns(table: DocumentTable, type: TaxDocumentType) {
  const invoice = table === taxInvoices;
  return {
    type: sql<TaxDocumentType>`${type}::text`.as('type'),
    id: table.id,
    number: table.number,
    form: (invoice ? sql<TaxInvoiceForm | null>`${taxInvoices.form}` : sql<TaxInvoiceForm | null>`null::varchar`).as('form'),
    issuedAt: table.issuedAt,
    orderId: table.orderId,
    buyerName: table.buyerName,
    buyerTrn: table.buyerTrn,
    netTotal: table.netTotal,
    vatTotal: table.vatTotal,
    grandTotal: table.grandTotal,
    reason: (invoice ? sql<string | null>`null::text` : sql<string | null>`${taxCreditNotes.reason}`).as('reason'),
    invoiceId: (invoice ? sql<number | null>`null::int` : sql<number | null>`${taxCreditNotes.invoiceId}`).as('invoice_id'),
    /** The issue time as the database writes it (microseconds kept), for the export's keyset. */
    issuedText: sql<string>`${table.issuedAt}::text`.as('issued_text'),
  };
}

/** A row as the list's query reads it: the row's own fields, with the corrected invoice's id and the exact issue time as text. */
type ListedRow = Omit<TaxDocumentRow, 'corrects' | 'creditNotes'> & { invoiceId: number | null; issuedText: string };

const TABLES: Record<TaxDocumentType, DocumentTable> = { invoice: taxInvoices, credit_note: taxCreditNotes };

const typesOf = (filter: AdminInvoiceFilters['type'] | undefined): TaxDocumentType[] =>
  filter === 'invoice' ? ['invoice'] : filter === 'credit_note' ? ['credit_note'] : ['invoice', 'credit_note'];

/**
 * The documents matching the filters, in one statement: each kind's matches (each through its
 * own indexes), a UNION ALL when both are asked for, sorted by the time of issue (newest first
 * for the list, oldest first for the export), then the type and id so paging never repeats one.
 */
async function listed(
  db: Db,
  filters: Partial<AdminInvoiceFilters>,
  options: { dir: 'asc' | 'desc'; limit: number; offset?: number; after?: SQL[] },
): Promise<ListedRow[]> {
  const branches = typesOf(filters.type).map((type) => {
    const table = TABLES[type];
    return db
      .select(listColumns(table, type))
      .from(table)
      .where(and(conditionOn(table, filters), options.after?.[type === 'invoice' ? 0 : 1]));
  });
  const dir = sql.raw(options.dir);
  const order = [sql`"issued_at" ${dir}`, sql`"type" ${dir}`, sql`"id" ${dir}`];
  const query = branches.length === 1 ? branches[0]! : branches[0]!.unionAll(branches[1]!);
  return (await query
    .orderBy(...order)
    .limit(options.limit)
    .offset(options.offset ?? 0)) as ListedRow[];
}

/** The credit notes of these invoices and the invoices of these credit notes, for the rows' links. */
async function withLinks(db: Db, found: ListedRow[]): Promise<TaxDocumentRow[]> {
  const invoiceIds = found.filter((r) => r.type === 'invoice').map((r) => r.id);
  const correctedIds = [...new Set(found.flatMap((r) => (r.invoiceId !== null ? [r.invoiceId] : [])))];
  const notes =
    invoiceIds.length === 0
      ? []
      : await db
          .select({ id: taxCreditNotes.id, number: taxCreditNotes.number, invoiceId: taxCreditNotes.invoiceId })
          .from(taxCreditNotes)
          .where(inArray(taxCreditNotes.invoiceId, invoiceIds))
          .orderBy(asc(taxCreditNotes.issuedAt), asc(taxCreditNotes.id));
  const invoices =
    correctedIds.length === 0
      ? []
      : await db.select({ id: taxInvoices.id, number: taxInvoices.number }).from(taxInvoices).where(inArray(taxInvoices.id, correctedIds));
  const invoiceById = new Map(invoices.map((i) => [i.id, i]));
  return found.map(({ invoiceId, issuedText: _issued, ...row }) => ({
    ...row,
    corrects: invoiceId !== null ? (invoiceById.get(invoiceId) ?? null) : null,
    creditNotes: row.type === 'invoice' ? notes.filter((n) => n.invoiceId === row.id).map(({ id, number }) => ({ id, number })) : [],
  }));
}

/** One page of the staff's list of tax invoices and credit notes, newest first. */
export async function listTaxDocuments(db: Db, query: AdminInvoiceListQuery): Promise<TaxDocumentPage> {
  const { page, per_page: perPage } = query;
  const found = await listed(db, query, { dir: 'desc', limit: perPage, offset: (page - 1) * perPage });
  const counts = await Promise.all(
    typesOf(query.type).map(async (type) => {
      const table = TABLES[type];
      const [row] = await db
        .select({ n: sql<number>`count(*)`.mapWith(Number) })
        .from(table)
        .where(conditionOn(table, query));
      return row?.n ?? 0;
    }),
  );
  const total = counts.reduce((sum, n) => sum + n, 0);
  return { rows: await withLinks(db, found), page, perPage, total, lastPage: Math.max(1, Math.ceil(total / perPage)) };
}

// ---- the accountant's CSV ----

/** Documents read per query while exporting: the export streams, never holding more than a batch. */
export const INVOICE_CSV_BATCH = 500;

const dayFormat = new Intl.DateTimeFormat('en-CA', { timeZone: SHOP_TIME_ZONE, year: 'numeric', month: '2-digit', day: '2-digit' });

/** An instant's Dubai calendar day, yyyy-mm-dd. */
export const shopDay = (date: Date) => dayFormat.format(date);

/** The CSV's amounts: AED with two decimals (numbers, written with INVOICE_CSV_OPTIONS). */
export const INVOICE_CSV_OPTIONS = { decimals: 2 } as const;

/**
 * Fils as AED, a number; a credit note's amounts are negative, so each column's sum over a period
 * is what the period's documents add up to. A number, not text: the CSV writer would mark text
 * starting with '-' as a possible formula, and a spreadsheet would not add it up.
 */
export function signedAed(amount: number, type: TaxDocumentType): number {
  return (type === 'credit_note' ? -amount : amount) / 100;
}

/** One document as a CSV record, in adminInvoicesCsvHeader's column order. */
export function invoiceCsvRecord(row: TaxDocumentRow): (string | number)[] {
  return [
    row.number,
    shopDay(row.issuedAt),
    kindLabel(row),
    row.corrects?.number ?? '',
    String(row.orderId),
    row.buyerName,
    row.buyerTrn ?? '',
    signedAed(row.netTotal, row.type),
    signedAed(row.vatTotal, row.type),
    signedAed(row.grandTotal, row.type),
  ];
}

/** The keyset after a written row, in each branch's terms (its type is a constant there). */
function afterRow(last: ListedRow): SQL[] {
  const key = (table: DocumentTable, type: TaxDocumentType) =>
    sql`(${table.issuedAt}, ${type}::text, ${table.id}) > (${last.issuedText}::timestamptz, ${last.type}::text, ${last.id})`;
  return [key(taxInvoices, 'invoice'), key(taxCreditNotes, 'credit_note')];
}

/** Every document matching the filters as CSV records, oldest first, batch by batch as the file is read. */
export async function* invoiceCsvRecords(
  db: Db,
  filters: AdminInvoiceFilters,
  batch = INVOICE_CSV_BATCH,
): AsyncGenerator<(string | number)[]> {
  let after: SQL[] | undefined;
  for (;;) {
    const found = await listed(db, filters, { dir: 'asc', limit: batch, after });
    if (found.length === 0) return;
    for (const row of await withLinks(db, found)) yield invoiceCsvRecord(row);
    if (found.length < batch) return;
    after = afterRow(found[found.length - 1]!);
  }
}

/** The export's file name: tax-documents-2026-11-01-to-2026-11-30.csv, or the day it was made without a range. */
export function invoiceCsvFilename(filters: Pick<AdminInvoiceFilters, 'from' | 'to'>, now: Date): string {
  const range = filters.from || filters.to ? `${filters.from ?? 'start'}-to-${filters.to ?? shopDay(now)}` : shopDay(now);
  return `tax-documents-${range}.csv`;
}

// ---- one document's PDF, and an order's documents ----

export interface TaxDocumentFile {
  filename: string;
  pdf: Buffer;
}

/** A tax invoice's or credit note's PDF, from the document frozen at issue. */
export async function taxDocumentPdf(db: Db, type: TaxDocumentType, id: number): Promise<TaxDocumentFile> {
  const table = TABLES[type];
  const [row] = await db.select({ number: table.number, document: table.document }).from(table).where(eq(table.id, id));
  if (!row) throw new NotFoundError(type === 'invoice' ? m.invoiceMissing : m.creditNoteMissing);
  return { filename: `${row.number}.pdf`, pdf: await renderTaxDocumentPdf(row.document) };
}

export interface OrderTaxDocuments {
  invoice: TaxDocumentRow | null;
  /** Its credit notes, oldest first. */
  creditNotes: TaxDocumentRow[];
}

/** An order's tax invoice and the credit notes that correct it, for the staff's order page. */
export async function orderTaxDocuments(db: Db, orderId: number): Promise<OrderTaxDocuments> {
  const found = await listed(db, { q: `#${orderId}`, type: 'all' }, { dir: 'asc', limit: 1_000 });
  const rows = await withLinks(db, found);
  return { invoice: rows.find((r) => r.type === 'invoice') ?? null, creditNotes: rows.filter((r) => r.type === 'credit_note') };
}
