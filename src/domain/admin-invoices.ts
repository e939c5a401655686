// The back office's list of tax invoices and credit notes (docs/product.md#back-office-tax-invoices):
// its query (kind, search, issue dates, paging) as the API and the /admin/invoices page's GET form
// both read it, and its numbers, defined once. Zod only: the page and the contract share it.
import { z } from './zod';
import { pageField, singleLine } from './input';
import { adminInvoicesMessages as t } from './messages/admin-invoices';

/** Which documents the list shows: both kinds (the default), tax invoices only or credit notes only. */
export const TAX_DOCUMENT_KINDS = ['all', 'invoice', 'credit_note'] as const;
export type TaxDocumentKindFilter = (typeof TAX_DOCUMENT_KINDS)[number];

export const ADMIN_INVOICE_PAGE_SIZES = [25, 50, 100] as const;
export const ADMIN_INVOICE_PAGE_SIZE = 25;
export const ADMIN_INVOICE_MAX_PAGE = 4_000;
export const ADMIN_INVOICE_SEARCH_MAX = 100;

/** A form's empty field ('' from a GET form's select or date) is no filter. */
const blankToUndefined = (value: unknown) => (typeof value === 'string' && value.trim() === '' ? undefined : value);
const optional = <T extends z.ZodType>(schema: T) => z.preprocess(blankToUndefined, schema.optional());

const calendarDay = z
  .string()
  .regex(/^\d{4}-\d{2}-\d{2}$/, t.dateFormat)
  .refine((value) => {
    const date = new Date(`${value}T00:00:00Z`);
    return !Number.isNaN(date.getTime()) && date.toISOString().startsWith(value);
  }, t.dateFormat);

export const adminInvoiceListQuerySchema = z
  .object({
    type: z.preprocess(blankToUndefined, z.enum(TAX_DOCUMENT_KINDS, { error: t.unknownValue }).default('all')),
    q: optional(singleLine(z.string().trim().max(ADMIN_INVOICE_SEARCH_MAX, t.searchTooLong))),
    /** The first and last day of issue, yyyy-mm-dd, in the shop's time zone (Asia/Dubai), both included. */
    from: optional(calendarDay),
    to: optional(calendarDay),
    page: z.preprocess(blankToUndefined, pageField(ADMIN_INVOICE_MAX_PAGE)),
    per_page: z.preprocess(
      blankToUndefined,
      z.coerce
        .number()
        .refine((n) => (ADMIN_INVOICE_PAGE_SIZES as readonly number[]).includes(n), t.unknownValue)
        .default(ADMIN_INVOICE_PAGE_SIZE),
    ),
  })
  .refine((v) => !v.from || !v.to || v.from <= v.to, { message: t.toBeforeFrom, path: ['to'] });

export type AdminInvoiceListQuery = z.output<typeof adminInvoiceListQuerySchema>;
/** The filters alone (the CSV export takes every match, not a page). */
export type AdminInvoiceFilters = Omit<AdminInvoiceListQuery, 'page' | 'per_page'>;

/** The query as URL parameters (the page's tabs, pager and export link), leaving out defaults. */
export function adminInvoiceListParams(query: Partial<AdminInvoiceListQuery>): URLSearchParams {
  const params = new URLSearchParams();
  const put = (name: string, value: string | number | undefined, fallback?: string | number) => {
    if (value !== undefined && value !== '' && value !== fallback) params.set(name, String(value));
  };
  put('type', query.type, 'all');
  put('q', query.q);
  put('from', query.from);
  put('to', query.to);
  put('per_page', query.per_page, ADMIN_INVOICE_PAGE_SIZE);
  put('page', query.page, 1);
  return params;
}
