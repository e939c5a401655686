// Products as CSV rows (docs/decisions/0048-product-csv.md): the import's and export's columns, the
// file's limits, and one row turned into the product editor's own input, checked by the editor's
// own schema (newProductInput), so a CSV row and the form obey one set of rules. Pure: the server
// reads the file and looks the categories and brands up; this module only decides.
import { newProductInput, type NewProductInput } from './catalog-admin';
import { adminCatalogMessages as t } from './messages/admin-catalog';
import { productCsvMessages as m } from './messages/admin-product-csv';

/** The columns, in the export's order; an import may give any of them, in any order, sku always. */
export const PRODUCT_CSV_COLUMNS = [
  'sku',
  'name',
  'price',
  'discount',
  'stock',
  'weight_kg',
  'product_type',
  'categories',
  'brand',
  'published',
  'description',
  'specifications',
  'meta_title',
  'meta_description',
  'meta_keywords',
  'video_link',
  'color_group',
  'color_name',
  'color_hex',
] as const;
export type ProductCsvColumn = (typeof PRODUCT_CSV_COLUMNS)[number];

/**
 * Bounds of one file (docs/decisions/0043-memory-bounds.md): the file is read whole, its text and
 * rows held while it is checked (about four times its size), so 20 MB, far above 20,000 products
 * with a paragraph of description each.
 */
export const PRODUCT_CSV_MAX_BYTES = 20 * 2 ** 20;
export const PRODUCT_CSV_MAX_ROWS = 20_000;
/** Problems listed in a check's answer; the rest are counted. */
export const PRODUCT_CSV_MAX_PROBLEMS = 200;
/** Rows written per transaction: the progress moves by one batch, a failure keeps the batches before. */
export const PRODUCT_CSV_BATCH = 500;
/** Between a product's categories in a cell. */
export const CATEGORY_SEPARATOR = '|';

/** One row's cells by column, only the columns the file has. */
export type ProductCsvCells = Partial<Record<ProductCsvColumn, string>>;

/** A problem of the file: its row as a spreadsheet numbers it (1 is the header), its column (null: the whole row or file). */
export interface ProductCsvProblem {
  row: number;
  column: string | null;
  message: string;
}

/** The form's raw fields of a product as stored: what `newProductInput` parses, before any cell is applied. */
export interface ProductFormRaw {
  name: string;
  sku: string;
  price: string;
  discount: number | string;
  weight_kg: string;
  product_type: string;
  category_ids: number[];
  brand_id: number | null;
  description: string;
  specifications: string;
  video_link: string;
  color: { group: string; name: string; hex: string } | null;
  meta_title: string;
  meta_description: string;
  meta_keywords: string;
  published: boolean;
  quantity: number | string;
}

/** A new product's raw fields before its cells: every required field empty, so a missing one gets the form's message. */
export const EMPTY_PRODUCT_FORM: ProductFormRaw = {
  name: '',
  sku: '',
  price: '',
  discount: 0,
  weight_kg: '',
  product_type: '',
  category_ids: [],
  brand_id: null,
  description: '',
  specifications: '',
  video_link: '',
  color: null,
  meta_title: '',
  meta_description: '',
  meta_keywords: '',
  published: false,
  quantity: 0,
};

/** The categories and brands a row's names and numbers are looked up in (lower-case names). */
export interface ProductCsvLookups {
  categoryIds: ReadonlySet<number>;
  /** Lower-case name to its id, or null when several categories share it. */
  categoryByName: ReadonlyMap<string, number | null>;
  brandByName: ReadonlyMap<string, number>;
}

const FORMULA_START = /^'[=+\-@\t\r]/;

/**
 * A cell as typed: the export writes a cell starting with =, +, -, @, a tab or a carriage return
 * behind an apostrophe (docs/decisions/0036-admin-order-list.md, CSV injection); that apostrophe
 * is taken off again, so an exported file imports back unchanged.
 */
export function cellText(cell: string): string {
  return FORMULA_START.test(cell) ? cell.slice(1) : cell;
}

const YES = new Set(['yes', 'true', '1', 'y']);
const NO = new Set(['no', 'false', '0', 'n', '']);

/** Where a zod issue's path points in the file. */
function columnOfPath(path: readonly PropertyKey[]): ProductCsvColumn | null {
  const [first, second] = path;
  if (first === 'category_ids') return 'categories';
  if (first === 'brand_id') return 'brand';
  if (first === 'quantity') return 'stock';
  if (first === 'color') return second === 'name' ? 'color_name' : second === 'hex' ? 'color_hex' : 'color_group';
  return typeof first === 'string' && (PRODUCT_CSV_COLUMNS as readonly string[]).includes(first) ? (first as ProductCsvColumn) : null;
}

interface Issue {
  code: string;
  path: readonly PropertyKey[];
  message: string;
  maximum?: unknown;
  origin?: string;
}

/** The form's message, or one of ours where the form's field could never be wrong (a select, a maxlength). */
function messageOf(issue: Issue, column: ProductCsvColumn | null): string {
  if (column === 'product_type') return m.productType;
  if (issue.code === 'too_big' && issue.origin === 'string' && typeof issue.maximum === 'number') return m.tooLong(issue.maximum);
  if (issue.code === 'invalid_type' && column !== 'weight_kg') return m.invalid;
  if (issue.code === 'invalid_type') return t.weightFormat;
  return issue.message;
}

export type RowResult =
  { input: NewProductInput; problems?: undefined } | { input?: undefined; problems: { column: string | null; message: string }[] };

/**
 * One row as the editor's input: the product's stored fields (or a new product's empty ones), the
 * row's cells over them, parsed by `newProductInput`. Names of categories and brands are looked up;
 * a column the file does not have keeps the product's value.
 */
export function rowInput(cells: ProductCsvCells, base: ProductFormRaw | null, lookups: ProductCsvLookups): RowResult {
  const raw: ProductFormRaw = { ...(base ?? EMPTY_PRODUCT_FORM) };
  const problems: { column: string | null; message: string }[] = [];
  const cell = (column: ProductCsvColumn) => {
    const value = cells[column];
    return value === undefined ? undefined : cellText(value);
  };
  for (const column of ['name', 'sku', 'price', 'weight_kg', 'description', 'specifications', 'video_link'] as const) {
    const value = cell(column);
    if (value !== undefined) raw[column] = value;
  }
  for (const column of ['meta_title', 'meta_description', 'meta_keywords'] as const) {
    const value = cell(column);
    if (value !== undefined) raw[column] = value;
  }
  const discount = cell('discount');
  if (discount !== undefined) raw.discount = discount.trim() === '' ? 0 : discount;
  const stock = cell('stock');
  if (stock !== undefined && stock.trim() !== '') raw.quantity = stock;
  const type = cell('product_type');
  if (type !== undefined) raw.product_type = type.trim().toLowerCase();
  const published = cell('published');
  if (published !== undefined) {
    const word = published.trim().toLowerCase();
    if (YES.has(word)) raw.published = true;
    else if (NO.has(word)) raw.published = false;
    else problems.push({ column: 'published', message: m.published });
  }
  const categories = cell('categories');
  if (categories !== undefined) {
    const ids: number[] = [];
    for (const name of categories
      .split(CATEGORY_SEPARATOR)
      .map((part) => part.trim())
      .filter(Boolean)) {
      const id = /^\d{1,9}$/.test(name)
        ? lookups.categoryIds.has(Number(name))
          ? Number(name)
          : undefined
        : lookups.categoryByName.get(name.toLowerCase());
      if (id === undefined) problems.push({ column: 'categories', message: m.unknownCategory(name) });
      else if (id === null) problems.push({ column: 'categories', message: m.ambiguousCategory(name) });
      else ids.push(id);
    }
    raw.category_ids = ids;
  }
  const brand = cell('brand');
  if (brand !== undefined) {
    const name = brand.trim();
    const id = name === '' ? null : lookups.brandByName.get(name.toLowerCase());
    if (id === undefined) problems.push({ column: 'brand', message: m.unknownBrand(name) });
    else raw.brand_id = id;
  }
  const color = { group: cell('color_group'), name: cell('color_name'), hex: cell('color_hex') };
  if (color.group !== undefined || color.name !== undefined || color.hex !== undefined) {
    const next = {
      group: color.group ?? raw.color?.group ?? '',
      name: color.name ?? raw.color?.name ?? '',
      hex: color.hex ?? raw.color?.hex ?? '',
    };
    raw.color = next.group.trim() === '' && next.name.trim() === '' && next.hex.trim() === '' ? null : next;
  }

  const parsed = newProductInput.safeParse(raw);
  if (!parsed.success) {
    const seen = new Set<string>();
    for (const issue of parsed.error.issues as Issue[]) {
      const column = columnOfPath(issue.path);
      // A category the lookup refused has its own message already; the form's "choose one" would repeat it.
      if (column === 'categories' && problems.some((p) => p.column === 'categories')) continue;
      // The form shows a field's first message; so does the file.
      const key = column ?? '';
      if (!seen.has(key)) problems.push({ column, message: messageOf(issue, column) });
      seen.add(key);
    }
  }
  if (problems.length > 0 || !parsed.success) return { problems };
  return { input: parsed.data };
}

/** A header cell as a column name: trimmed, lower-case, spaces as underscores ("Weight kg" is weight_kg). */
export function columnName(header: string): string {
  return header.trim().toLowerCase().replace(/\s+/g, '_');
}
