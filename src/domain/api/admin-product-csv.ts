// Admin API: the products' CSV export and import (docs/decisions/0048-product-csv.md). Any staff
// member. The import is checked first (nothing written), then started with the same file: it is
// checked again and, when every row is right, written in batches in the background while the
// import page reads its progress.
import { z } from '@/domain/zod';
import { PRODUCT_CSV_MAX_BYTES } from '@/domain/product-csv';
import { adminProductListQuery } from './admin-catalog';
import { defineEndpoint } from './endpoint';
import { isoDateTime, wireId } from './wire';

/** The upload form (multipart): one file in `file`. */
export const productCsvBody = z.object({ file: z.file() });
/** Room for a file somewhat over the limit, so it gets the file's own message rather than a 413. */
export const PRODUCT_CSV_BODY_LIMIT = PRODUCT_CSV_MAX_BYTES + 1024 * 1024;

const problemWire = z.strictObject({
  /** The row as a spreadsheet numbers it (1 is the header row). */
  row: z.number().int(),
  /** The column, or null for the whole row. */
  column: z.string().nullable(),
  message: z.string(),
});

export const productCsvCheckWire = z.strictObject({
  total: z.number().int(),
  creates: z.number().int(),
  updates: z.number().int(),
  unchanged: z.number().int(),
  /** Every problem found; the first 200 are listed. */
  problem_count: z.number().int(),
  problems: z.array(problemWire),
});

export const PRODUCT_IMPORT_WIRE_STATUSES = ['running', 'done', 'failed', 'interrupted'] as const;

export const productImportWire = z.strictObject({
  id: wireId,
  file_name: z.string(),
  /** `interrupted`: it stopped moving (a restart); the batches written stay. */
  status: z.enum(PRODUCT_IMPORT_WIRE_STATUSES),
  total: z.number().int(),
  done: z.number().int(),
  created: z.number().int(),
  updated: z.number().int(),
  unchanged: z.number().int(),
  problems: z.array(problemWire),
  created_at: isoDateTime,
  finished_at: isoDateTime.nullable(),
});

export const adminProductCsvApi = {
  export: defineEndpoint({
    method: 'GET',
    path: 'admin/products.csv',
    summary:
      "Every product the staff list's filters find, as a CSV file in the import's columns (text/csv, streamed; page and limit are ignored)",
    auth: 'staff',
    query: adminProductListQuery,
    file: 'text/csv',
    /** The file's text: a header row, then one record per product. */
    answer: z.string(),
  }),
  check: defineEndpoint({
    method: 'POST',
    path: 'admin/product-imports/check',
    summary: 'Dry run of a CSV file (multipart `file`): rows to create, update or leave, and each row’s problems; nothing is written',
    auth: 'staff',
    body: productCsvBody,
    bodyLimit: PRODUCT_CSV_BODY_LIMIT,
    answer: productCsvCheckWire,
  }),
  start: defineEndpoint({
    method: 'POST',
    path: 'admin/product-imports',
    summary:
      'Check the CSV file again and, when every row is right, import it in the background (202 with the import); with problems nothing is written',
    auth: 'staff',
    body: productCsvBody,
    bodyLimit: PRODUCT_CSV_BODY_LIMIT,
    answer: z.strictObject({ check: productCsvCheckWire, import: productImportWire.nullable() }),
  }),
  import: defineEndpoint({
    method: 'GET',
    path: 'admin/product-imports/:id',
    summary: "An import's progress (rows done of the total) and result",
    auth: 'staff',
    answer: productImportWire,
  }),
};
