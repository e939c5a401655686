// The back office's list of tax invoices and credit notes (docs/product.md#back-office-tax-invoices):
// its query (kind, search, issue dates, paging) as the API and the /admin/invoices page's GET form
// both read it, and its numbers, defined once. Zod only: the page and the contract share it.
import { z } from './zod';
import { pageField, singleLine } from './input';
import { blankToUndefined, calendarDay, daysInOrder, listParams, optionalField, perPageField } from './list-query';
import { adminInvoicesMessages as t } from './messages/admin-invoices';

/** Which documents the list shows: both kinds (the default), tax invoices only or credit notes only. */
export const TAX_DOCUMENT_KINDS = ['all', 'invoice', 'credit_note'] as const;
export type TaxDocumentKindFilter = (typeof TAX_DOCUMENT_KINDS)[number];

export const ADMIN_INVOICE_PAGE_SIZES = [25, 50, 100] as const;
export const ADMIN_INVOICE_PAGE_SIZE = 25;
export const ADMIN_INVOICE_MAX_PAGE = 4_000;
export const ADMIN_INVOICE_SEARCH_MAX = 100;

const calendarDayField = calendarDay(t.dateFormat);

export const adminInvoiceListQuerySchema = z
  .object({
    type: z.preprocess(blankToUndefined, z.enum(TAX_DOCUMENT_KINDS, { error: t.unknownValue }).default('all')),
    q: optionalField(singleLine(z.string().trim().max(ADMIN_INVOICE_SEARCH_MAX, t.searchTooLong))),
    /** The first and last day of issue, yyyy-mm-dd, in the shop's time zone (Asia/Dubai), both included. */
    from: optionalField(calendarDayField),
    to: optionalField(calendarDayField),
    page: z.preprocess(blankToUndefined, pageField(ADMIN_INVOICE_MAX_PAGE)),
    per_page: perPageField(ADMIN_INVOICE_PAGE_SIZES, ADMIN_INVOICE_PAGE_SIZE, t.unknownValue),
  })
  .refine(...daysInOrder(t.toBeforeFrom));

export type AdminInvoiceListQuery = z.output<typeof adminInvoiceListQuerySchema>;
/** The filters alone (the CSV export takes every match, not a page). */
export type AdminInvoiceFilters = Omit<AdminInvoiceListQuery, 'page' | 'per_page'>;

/** The query as URL parameters (the page's tabs, pager and export link), leaving out defaults. */
export function adminInvoiceListParams(query: Partial<AdminInvoiceListQuery>): URLSearchParams {
  return listParams([
    ['type', query.type, 'all'],
    ['q', query.q],
    ['from', query.from],
    ['to', query.to],
    ['per_page', query.per_page, ADMIN_INVOICE_PAGE_SIZE],
    ['page', query.page, 1],
  ]);
}
