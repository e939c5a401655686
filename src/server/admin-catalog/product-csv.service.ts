// The products' CSV import and export (docs/decisions/0048-product-csv.md). A file is read with
// csv-parse and checked whole first (the dry run: every row through the editor's own schema, the
// SKUs, categories and brands looked up, nothing written); an import checks it again and, only when
// every row is right, writes it in batches of PRODUCT_CSV_BATCH rows, each batch one
// `catalogTransaction` with its audit entry, its stock adjustments and its route cache tags
// (docs/decisions/0037-route-cache.md#invalidation), the import's progress written in the same
// transaction. The export streams the list's filtered products in the import's columns.
import { and, asc, eq, gt, inArray, sql } from 'drizzle-orm';
import { parse } from 'csv-parse/sync';
import type { Db } from '@/server/db/client';
import { brands, categories, productCategories, products, stockAdjustments } from '@/server/db/schema/catalog';
import { productImports } from '@/server/db/schema/product-imports';
import { NotFoundError, ValidationError } from '@/server/errors';
import { recordAudit } from '@/server/audit/audit.service';
import type { StaffMember } from '@/server/staff/staff.service';
import { catalogTransaction, touch } from '@/server/cache/invalidate';
import { log } from '@/server/log';
import {
  PLACEHOLDER_THUMBNAIL,
  columnsOf,
  filterConditions,
  setCategories,
  tagsOf,
  type AdminProductFilters,
  type ProductRecord,
} from './product-admin.service';
import {
  PRODUCT_CSV_BATCH,
  PRODUCT_CSV_COLUMNS,
  PRODUCT_CSV_MAX_BYTES,
  PRODUCT_CSV_MAX_PROBLEMS,
  PRODUCT_CSV_MAX_ROWS,
  CATEGORY_SEPARATOR,
  columnName,
  rowInput,
  type ProductCsvCells,
  type ProductCsvColumn,
  type ProductCsvLookups,
  type ProductCsvProblem,
  type ProductFormRaw,
} from '@/domain/product-csv';
import type { NewProductInput } from '@/domain/catalog-admin';
import { productCsvMessages as m } from '@/domain/messages/admin-product-csv';

// ---- reading the file ----

export interface ProductCsvRow {
  /** The row as a spreadsheet numbers it: the header is row 1. */
  row: number;
  cells: ProductCsvCells;
}

export interface ProductCsvFile {
  columns: ProductCsvColumn[];
  rows: ProductCsvRow[];
  /** Header cells that name no column. */
  unknownColumns: string[];
}

const fileError = (message: string): never => {
  throw new ValidationError(message, { file: [message] });
};

/**
 * The file's rows by column: UTF-8 with or without a byte-order mark, comma separated, the first
 * row naming the columns in any order. A file too large, not UTF-8, not CSV, without rows or
 * without a sku column is refused whole with its message.
 */
export function readProductCsv(bytes: Uint8Array): ProductCsvFile {
  if (bytes.byteLength > PRODUCT_CSV_MAX_BYTES) fileError(m.fileTooLarge(PRODUCT_CSV_MAX_BYTES / 2 ** 20));
  let text = '';
  try {
    text = new TextDecoder('utf-8', { fatal: true }).decode(bytes);
  } catch {
    fileError(m.notUtf8);
  }
  let records: string[][] = [];
  try {
    records = parse(text, { bom: true, skip_empty_lines: true, relax_column_count: false }) as string[][];
  } catch (error) {
    const line = typeof (error as { lines?: unknown }).lines === 'number' ? (error as { lines: number }).lines : 1;
    fileError(m.malformed(line));
  }
  const [header, ...data] = records;
  if (!header || data.length === 0) fileError(m.empty);
  if (data.length > PRODUCT_CSV_MAX_ROWS) fileError(m.tooManyRows(PRODUCT_CSV_MAX_ROWS));
  const names = header!.map(columnName);
  const known = new Set<string>(PRODUCT_CSV_COLUMNS);
  const seen = new Set<string>();
  for (const name of names) {
    if (name === '') continue;
    if (seen.has(name)) fileError(m.duplicateColumn(name));
    seen.add(name);
  }
  if (!seen.has('sku')) fileError(m.skuColumnMissing);
  const unknownColumns = header!.filter((_, i) => names[i] !== '' && !known.has(names[i]!));
  const columns = names.filter((name): name is ProductCsvColumn => known.has(name));
  const rows = data.map((record, index) => {
    const cells: ProductCsvCells = {};
    names.forEach((name, i) => {
      if (known.has(name)) cells[name as ProductCsvColumn] = record[i] ?? '';
    });
    return { row: index + 2, cells };
  });
  return { columns, rows, unknownColumns };
}

// ---- checking ----

/** What a row does: create a product, update one, or nothing (its cells are what is stored). */
export type ImportKind = 'create' | 'update' | 'unchanged';

interface PlannedRow {
  row: number;
  kind: ImportKind;
  input: NewProductInput;
  /** The stock the row sets; null: the file leaves it as it is. */
  quantity: number | null;
  before: ProductRecord | null;
}

export interface ProductCsvCheck {
  total: number;
  creates: number;
  updates: number;
  unchanged: number;
  /** Every problem counted; the first PRODUCT_CSV_MAX_PROBLEMS listed. */
  problemCount: number;
  problems: ProductCsvProblem[];
}

interface Plan extends ProductCsvCheck {
  rows: PlannedRow[];
}

async function lookups(db: Db): Promise<ProductCsvLookups> {
  // One after the other: inside a batch's transaction the queries share one connection.
  const categoryRows = await db.select({ id: categories.id, name: categories.name }).from(categories);
  const brandRows = await db.select({ id: brands.id, name: brands.name }).from(brands);
  const categoryByName = new Map<string, number | null>();
  for (const c of categoryRows) {
    const key = c.name.trim().toLowerCase();
    categoryByName.set(key, categoryByName.has(key) ? null : c.id);
  }
  return {
    categoryIds: new Set(categoryRows.map((c) => c.id)),
    categoryByName,
    brandByName: new Map(brandRows.map((b) => [b.name.trim().toLowerCase(), b.id])),
  };
}

/** SKUs looked up per query. */
const SKU_CHUNK = 1000;

/** The products the file's SKUs name, by lower-case SKU; locked for the write when asked. */
async function productsBySku(db: Db, skus: string[], lock: boolean): Promise<Map<string, ProductRecord>> {
  const found = new Map<string, ProductRecord>();
  for (let i = 0; i < skus.length; i += SKU_CHUNK) {
    const chunk = skus.slice(i, i + SKU_CHUNK);
    const query = db
      .select()
      .from(products)
      .where(inArray(sql`lower(${products.sku})`, chunk))
      .orderBy(asc(products.id));
    for (const product of await (lock ? query.for('update') : query)) found.set(product.sku.toLowerCase(), product);
  }
  return found;
}

/** A stored product as the form's raw fields, for a row's cells to go over. */
export function productFormRaw(product: ProductRecord): ProductFormRaw {
  return {
    name: product.name,
    sku: product.sku,
    price: (product.unitPrice / 100).toFixed(2),
    discount: product.discount,
    weight_kg: String(product.weightKg),
    product_type: product.productType,
    category_ids: product.categoryIds,
    brand_id: product.brandId,
    description: product.description,
    specifications: product.productDesc,
    video_link: product.videoLink ?? '',
    color:
      product.colorGroup && product.colorName && product.colorHex
        ? { group: product.colorGroup, name: product.colorName, hex: product.colorHex }
        : null,
    meta_title: product.metaTitle ?? '',
    meta_description: product.metaDescription ?? '',
    meta_keywords: product.metaKeywords ?? '',
    published: product.published,
    quantity: product.quantity,
  };
}

/** Whether the row's input is what the product already has. */
function isUnchanged(before: ProductRecord, input: NewProductInput, quantity: number | null): boolean {
  const next = columnsOf(input) as Record<string, unknown>;
  const current = before as unknown as Record<string, unknown>;
  for (const [key, value] of Object.entries(next)) if (current[key] !== value) return false;
  const ids = input.category_ids;
  if (ids.length !== before.categoryIds.length || ids.some((id, i) => id !== before.categoryIds[i])) return false;
  return quantity === null || quantity === before.quantity;
}

/** Every row checked against the database as it is now; `lock` (the write) holds the products' rows. */
async function plan(db: Db, file: ProductCsvFile, lock = false): Promise<Plan> {
  const problems: ProductCsvProblem[] = file.unknownColumns.map((name) => ({ row: 1, column: name, message: m.unknownColumn(name) }));
  const skus = [...new Set(file.rows.map((r) => (r.cells.sku ?? '').trim().toLowerCase()).filter(Boolean))];
  const found = await productsBySku(db, skus, lock);
  const lookup = await lookups(db);
  const firstRow = new Map<string, number>();
  const rows: PlannedRow[] = [];
  for (const { row, cells } of file.rows) {
    const sku = (cells.sku ?? '').trim().toLowerCase();
    const first = sku ? firstRow.get(sku) : undefined;
    if (first !== undefined) {
      problems.push({ row, column: 'sku', message: m.duplicateSku(first) });
      continue;
    }
    if (sku) firstRow.set(sku, row);
    const before = sku ? (found.get(sku) ?? null) : null;
    if (before?.archivedAt) {
      problems.push({ row, column: 'sku', message: m.archived });
      continue;
    }
    // A SKU matches whatever its case; the product keeps its own.
    const result = rowInput(before ? { ...cells, sku: before.sku } : cells, before ? productFormRaw(before) : null, lookup);
    if (result.problems) {
      for (const problem of result.problems) problems.push({ row, ...problem });
      continue;
    }
    const quantity = cells.stock !== undefined && cells.stock.trim() !== '' ? result.input.quantity : null;
    const kind: ImportKind = !before ? 'create' : isUnchanged(before, result.input, quantity) ? 'unchanged' : 'update';
    rows.push({ row, kind, input: result.input, quantity: before ? quantity : result.input.quantity, before });
  }
  const count = (kind: ImportKind) => rows.filter((r) => r.kind === kind).length;
  return {
    total: file.rows.length,
    creates: count('create'),
    updates: count('update'),
    unchanged: count('unchanged'),
    problemCount: problems.length,
    problems: problems.slice(0, PRODUCT_CSV_MAX_PROBLEMS),
    rows,
  };
}

/** The dry run: what the file would do and each row's problems; nothing is written. */
export async function checkProductCsv(db: Db, file: ProductCsvFile): Promise<ProductCsvCheck> {
  const { rows: _rows, ...check } = await plan(db, file);
  return check;
}

// ---- writing ----

/** A batch found a problem that the check had not (the catalog changed in between): nothing of it is written. */
class BatchProblems extends Error {
  constructor(readonly problems: ProductCsvProblem[]) {
    super('import batch refused');
  }
}

interface BatchCounts {
  created: number;
  updated: number;
  unchanged: number;
}

/**
 * The batch's updates in one statement: every row's columns as one JSON parameter, read back as
 * rows by `jsonb_to_recordset` (the same on PGlite and PostgreSQL), so 500 products cost one round
 * trip rather than 500. Each product's version rises by one.
 */
async function updateAll(tx: Db, rows: PlannedRow[], now: Date): Promise<void> {
  if (rows.length === 0) return;
  const values = rows.map((r) => {
    const c = columnsOf(r.input);
    return {
      id: r.before!.id,
      name: c.name,
      sku: c.sku,
      unit_price: c.unitPrice,
      discount: c.discount,
      weight_kg: c.weightKg,
      product_type: c.productType,
      brand_id: c.brandId,
      description: c.description,
      product_desc: c.productDesc,
      video_link: c.videoLink,
      color_group: c.colorGroup,
      color_name: c.colorName,
      color_hex: c.colorHex,
      meta_title: c.metaTitle,
      meta_description: c.metaDescription,
      meta_keywords: c.metaKeywords,
      published: c.published,
      quantity: r.quantity ?? r.before!.quantity,
    };
  });
  await tx.execute(sql`
    update products p set
      name = v.name, sku = v.sku, unit_price = v.unit_price, discount = v.discount, weight_kg = v.weight_kg,
      product_type = v.product_type, brand_id = v.brand_id, description = v.description, product_desc = v.product_desc,
      video_link = v.video_link, color_group = v.color_group, color_name = v.color_name, color_hex = v.color_hex,
      meta_title = v.meta_title, meta_description = v.meta_description, meta_keywords = v.meta_keywords,
      published = v.published, quantity = v.quantity, version = p.version + 1, updated_at = ${now.toISOString()}::timestamptz
    from jsonb_to_recordset(${JSON.stringify(values)}::jsonb) as v(
      id integer, name text, sku text, unit_price integer, discount integer, weight_kg numeric, product_type text,
      brand_id integer, description text, product_desc text, video_link text, color_group text, color_name text,
      color_hex text, meta_title text, meta_description text, meta_keywords text, published boolean, quantity integer)
    where p.id = v.id`);
}

/** One batch: checked again under the products' locks, then written with its audit entry and tags. */
async function writeBatch(db: Db, staff: StaffMember, jobId: number, batch: ProductCsvFile, now: Date): Promise<BatchCounts> {
  return catalogTransaction(db, async (tx) => {
    const checked = await plan(tx, batch, true);
    if (checked.problemCount > 0) throw new BatchProblems(checked.problems);
    const tags: Parameters<typeof tagsOf> = [];
    const adjustments: (typeof stockAdjustments.$inferInsert)[] = [];
    const reason = 'import' as const;
    const note = `#${jobId}`;

    const creates = checked.rows.filter((r) => r.kind === 'create');
    const createdIds: number[] = [];
    if (creates.length > 0) {
      const inserted = await tx
        .insert(products)
        .values(
          creates.map((r) => ({
            ...columnsOf(r.input),
            quantity: r.input.quantity,
            thumbnailImgLink: PLACEHOLDER_THUMBNAIL,
            createdAt: now,
            updatedAt: now,
          })),
        )
        .returning({ id: products.id, sku: products.sku });
      const idOf = new Map(inserted.map((p) => [p.sku.toLowerCase(), p.id]));
      const links = creates.flatMap((r) =>
        r.input.category_ids.map((categoryId) => ({ productId: idOf.get(r.input.sku.toLowerCase())!, categoryId })),
      );
      if (links.length > 0) await tx.insert(productCategories).values(links);
      for (const r of creates) {
        const id = idOf.get(r.input.sku.toLowerCase())!;
        createdIds.push(id);
        tags.push({ id, brandId: r.input.brand_id, categoryIds: r.input.category_ids });
        if (r.input.quantity > 0)
          adjustments.push({
            productId: id,
            staffId: staff.id,
            delta: r.input.quantity,
            quantityAfter: r.input.quantity,
            reason,
            note,
            createdAt: now,
          });
      }
    }

    const updatedIds: number[] = [];
    const updates = checked.rows.filter((row) => row.kind === 'update');
    await updateAll(tx, updates, now);
    for (const r of updates) {
      const before = r.before!;
      const quantity = r.quantity ?? before.quantity;
      const ids = r.input.category_ids;
      if (ids.length !== before.categoryIds.length || ids.some((id, i) => id !== before.categoryIds[i]))
        await setCategories(tx, before.id, ids);
      if (quantity !== before.quantity)
        adjustments.push({
          productId: before.id,
          staffId: staff.id,
          delta: quantity - before.quantity,
          quantityAfter: quantity,
          reason,
          note,
          createdAt: now,
        });
      updatedIds.push(before.id);
      tags.push(before, { id: before.id, brandId: r.input.brand_id, categoryIds: ids });
    }

    if (adjustments.length > 0) await tx.insert(stockAdjustments).values(adjustments);
    const counts = { created: creates.length, updated: updatedIds.length, unchanged: checked.unchanged };
    // One entry per batch that wrote something: bounded (PRODUCT_CSV_BATCH ids at most), and in the batch's transaction.
    if (counts.created + counts.updated > 0)
      await recordAudit(
        tx,
        staff,
        {
          action: 'product.import',
          entityType: 'product_import',
          entityId: jobId,
          after: {
            rows: `${batch.rows[0]!.row}-${batch.rows.at(-1)!.row}`,
            ...counts,
            createdIds,
            updatedIds,
            stockChanges: adjustments.length,
          },
        },
        now,
      );
    await tx
      .update(productImports)
      .set({
        done: sql`${productImports.done} + ${batch.rows.length}`,
        created: sql`${productImports.created} + ${counts.created}`,
        updated: sql`${productImports.updated} + ${counts.updated}`,
        unchanged: sql`${productImports.unchanged} + ${counts.unchanged}`,
        updatedAt: now,
      })
      .where(eq(productImports.id, jobId));
    if (tags.length > 0) touch(tx, tagsOf(...tags));
    return counts;
  });
}

export type ProductImportJob = typeof productImports.$inferSelect;
export type ImportStatus = 'running' | 'done' | 'failed' | 'interrupted';

/** A running import not moved for this long was stopped by a restart: its batches so far are kept. */
export const IMPORT_STALL_MS = 2 * 60_000;

export function importStatusOf(job: ProductImportJob, now: Date): ImportStatus {
  if (job.status === 'running' && now.getTime() - job.updatedAt.getTime() > IMPORT_STALL_MS) return 'interrupted';
  return job.status;
}

/** Writes the file's rows batch by batch, the job's row following; stops at the first batch refused. */
export async function runProductImport(
  db: Db,
  staff: StaffMember,
  jobId: number,
  file: ProductCsvFile,
  clock: () => Date = () => new Date(),
  batchSize = PRODUCT_CSV_BATCH,
): Promise<void> {
  try {
    for (let i = 0; i < file.rows.length; i += batchSize) {
      await writeBatch(db, staff, jobId, { ...file, unknownColumns: [], rows: file.rows.slice(i, i + batchSize) }, clock());
    }
    const now = clock();
    await db.update(productImports).set({ status: 'done', updatedAt: now, finishedAt: now }).where(eq(productImports.id, jobId));
  } catch (error) {
    const problems = error instanceof BatchProblems ? error.problems : [];
    if (!(error instanceof BatchProblems)) log.error('product import failed', { jobId, error });
    const now = clock();
    await db
      .update(productImports)
      .set({ status: 'failed', problems, updatedAt: now, finishedAt: now })
      .where(eq(productImports.id, jobId))
      .catch((failure: unknown) => log.error('product import: could not record the failure', { jobId, error: failure }));
  }
}

/**
 * Checks the file again and, when every row is right, records the import and starts writing it in
 * the background (`run`, which never throws). With problems, nothing is recorded or written.
 */
export async function startProductImport(
  db: Db,
  staff: StaffMember,
  file: ProductCsvFile,
  fileName: string,
  clock: () => Date = () => new Date(),
): Promise<{ check: ProductCsvCheck; job: ProductImportJob | null; run: Promise<void> }> {
  const check = await checkProductCsv(db, file);
  if (check.problemCount > 0) return { check, job: null, run: Promise.resolve() };
  const now = clock();
  const [job] = await db
    .insert(productImports)
    .values({ staffId: staff.id, fileName: fileName.slice(0, 200), total: file.rows.length, createdAt: now, updatedAt: now })
    .returning();
  return { check, job: job!, run: runProductImport(db, staff, job!.id, file, clock) };
}

export async function productImport(db: Db, id: number): Promise<ProductImportJob> {
  const [job] = await db.select().from(productImports).where(eq(productImports.id, id));
  if (!job) throw new NotFoundError(m.jobNotFound);
  return job;
}

// ---- export ----

/** Products read per query while exporting. */
export const PRODUCT_CSV_EXPORT_BATCH = 500;

/** The export's file name: products-2026-11-28.csv. */
export function productCsvFilename(now: Date): string {
  return `products-${now.toISOString().slice(0, 10)}.csv`;
}

/** Fils as AED with two decimals: '1234.50'. */
const aedText = (amount: number) => (amount / 100).toFixed(2);

/**
 * Every product the staff list's filters find, in the import's columns and id order, read a batch
 * at a time while the file is sent. Categories are written by name when the name is one
 * category's, else by number, so the file imports back unchanged.
 */
export async function* productCsvRecords(db: Db, filters: AdminProductFilters, batch = PRODUCT_CSV_EXPORT_BATCH): AsyncGenerator<string[]> {
  const lookup = await lookups(db);
  const categoryRows = await db.select({ id: categories.id, name: categories.name }).from(categories);
  const categoryText = new Map(
    categoryRows.map((c) => [
      c.id,
      lookup.categoryByName.get(c.name.trim().toLowerCase()) === c.id &&
      !c.name.includes(CATEGORY_SEPARATOR) &&
      !/^\d+$/.test(c.name.trim())
        ? c.name
        : String(c.id),
    ]),
  );
  const where = filterConditions(filters);
  let lastId = 0;
  for (;;) {
    const found = await db
      .select({ product: products, brand: brands.name })
      .from(products)
      .leftJoin(brands, eq(brands.id, products.brandId))
      .where(and(...where, gt(products.id, lastId)))
      .orderBy(asc(products.id))
      .limit(batch);
    for (const { product: p, brand } of found) {
      const record: Record<ProductCsvColumn, string> = {
        sku: p.sku,
        name: p.name,
        price: aedText(p.unitPrice),
        discount: String(p.discount),
        stock: String(p.quantity),
        weight_kg: String(p.weightKg),
        product_type: p.productType,
        categories: p.categoryIds.map((id) => categoryText.get(id) ?? String(id)).join(CATEGORY_SEPARATOR),
        brand: brand ?? '',
        published: p.published ? 'yes' : 'no',
        description: p.description,
        specifications: p.productDesc,
        meta_title: p.metaTitle ?? '',
        meta_description: p.metaDescription ?? '',
        meta_keywords: p.metaKeywords ?? '',
        video_link: p.videoLink ?? '',
        color_group: p.colorGroup ?? '',
        color_name: p.colorName ?? '',
        color_hex: p.colorHex ?? '',
      };
      yield PRODUCT_CSV_COLUMNS.map((column) => record[column]);
    }
    if (found.length < batch) return;
    lastId = found.at(-1)!.product.id;
  }
}
