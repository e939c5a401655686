// The back office's order list (docs/decisions/0036-admin-order-list.md): its query (search,
// filters, sort, paging) as the API and the /admin/orders page's GET form both read it, and its
// numbers, defined once. Zod only: the page and the contract share it.
import { z } from './zod';
import { DELIVERY_STATUSES, PAYMENT_STATUSES, PAYMENT_TYPES } from './checkout';
import { pageField, singleLine } from './input';
import { adminOrdersMessages as t } from './messages/admin-orders';

/** Sort orders: by date, total or id, each both ways. The first is the default. */
export const ADMIN_ORDER_SORTS = ['date_desc', 'date_asc', 'total_desc', 'total_asc', 'id_desc', 'id_asc'] as const;
export type AdminOrderSort = (typeof ADMIN_ORDER_SORTS)[number];

export const ADMIN_ORDER_PAGE_SIZES = [25, 50, 100] as const;
export const ADMIN_ORDER_PAGE_SIZE = 25;
/**
 * The list counts matching orders up to this many and then says '10,000+': counting every match of
 * a broad filter would read the whole table on each page (docs/decisions/0036-admin-order-list.md).
 */
export const ADMIN_ORDER_COUNT_CAP = 10_000;
/** The deepest page the list serves (far past the capped count, for paging on past it). */
export const ADMIN_ORDER_MAX_PAGE = 4_000;
export const ADMIN_ORDER_SEARCH_MAX = 100;

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

export const adminOrderListQuerySchema = z
  .object({
    q: optional(singleLine(z.string().trim().max(ADMIN_ORDER_SEARCH_MAX, t.searchTooLong))),
    delivery_status: optional(z.enum(DELIVERY_STATUSES, { error: t.unknownValue })),
    payment_status: optional(z.enum(PAYMENT_STATUSES, { error: t.unknownValue })),
    payment_type: optional(z.enum(PAYMENT_TYPES, { error: t.unknownValue })),
    /** The first and last day, yyyy-mm-dd, in the shop's time zone (Asia/Dubai), both included. */
    from: optional(calendarDay),
    to: optional(calendarDay),
    sort: z.preprocess(blankToUndefined, z.enum(ADMIN_ORDER_SORTS, { error: t.unknownValue }).default('date_desc')),
    page: z.preprocess(blankToUndefined, pageField(ADMIN_ORDER_MAX_PAGE)),
    per_page: z.preprocess(
      blankToUndefined,
      z.coerce
        .number()
        .refine((n) => (ADMIN_ORDER_PAGE_SIZES as readonly number[]).includes(n), t.unknownValue)
        .default(ADMIN_ORDER_PAGE_SIZE),
    ),
  })
  .refine((v) => !v.from || !v.to || v.from <= v.to, { message: t.toBeforeFrom, path: ['to'] });

export type AdminOrderListQuery = z.output<typeof adminOrderListQuerySchema>;
/** The filters alone (the CSV export takes them without sort order's page). */
export type AdminOrderFilters = Omit<AdminOrderListQuery, 'page' | 'per_page'>;

/** The query as URL parameters (the page's links, the pager, the export link), leaving out defaults. */
export function adminOrderListParams(query: Partial<AdminOrderListQuery>): URLSearchParams {
  const params = new URLSearchParams();
  const put = (name: string, value: string | number | undefined, fallback?: string | number) => {
    if (value !== undefined && value !== '' && value !== fallback) params.set(name, String(value));
  };
  put('q', query.q);
  put('delivery_status', query.delivery_status);
  put('payment_status', query.payment_status);
  put('payment_type', query.payment_type);
  put('from', query.from);
  put('to', query.to);
  put('sort', query.sort, 'date_desc');
  put('per_page', query.per_page, ADMIN_ORDER_PAGE_SIZE);
  put('page', query.page, 1);
  return params;
}
