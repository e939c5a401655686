// The back office's order list (docs/decisions/0036-admin-order-list.md): its query (search,
// filters, sort, paging) as the API and the /admin/orders page's GET form both read it, and its
// numbers, defined once. Zod only: the page and the contract share it.
import { z } from './zod';
import { DELIVERY_STATUSES, PAYMENT_STATUSES, PAYMENT_TYPES } from './checkout';
import { pageField, singleLine } from './input';
import { blankToUndefined, calendarDay, daysInOrder, listParams, optionalField, perPageField } from './list-query';
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

const calendarDayField = calendarDay(t.dateFormat);

export const adminOrderListQuerySchema = z
  .object({
    q: optionalField(singleLine(z.string().trim().max(ADMIN_ORDER_SEARCH_MAX, t.searchTooLong))),
    delivery_status: optionalField(z.enum(DELIVERY_STATUSES, { error: t.unknownValue })),
    payment_status: optionalField(z.enum(PAYMENT_STATUSES, { error: t.unknownValue })),
    payment_type: optionalField(z.enum(PAYMENT_TYPES, { error: t.unknownValue })),
    /** The first and last day, yyyy-mm-dd, in the shop's time zone (Asia/Dubai), both included. */
    from: optionalField(calendarDayField),
    to: optionalField(calendarDayField),
    sort: z.preprocess(blankToUndefined, z.enum(ADMIN_ORDER_SORTS, { error: t.unknownValue }).default('date_desc')),
    page: z.preprocess(blankToUndefined, pageField(ADMIN_ORDER_MAX_PAGE)),
    per_page: perPageField(ADMIN_ORDER_PAGE_SIZES, ADMIN_ORDER_PAGE_SIZE, t.unknownValue),
  })
  .refine(...daysInOrder(t.toBeforeFrom));

export type AdminOrderListQuery = z.output<typeof adminOrderListQuerySchema>;
/** The filters alone (the CSV export takes them without sort order's page). */
export type AdminOrderFilters = Omit<AdminOrderListQuery, 'page' | 'per_page'>;

/** The query as URL parameters (the page's links, the pager, the export link), leaving out defaults. */
export function adminOrderListParams(query: Partial<AdminOrderListQuery>): URLSearchParams {
  return listParams([
    ['q', query.q],
    ['delivery_status', query.delivery_status],
    ['payment_status', query.payment_status],
    ['payment_type', query.payment_type],
    ['from', query.from],
    ['to', query.to],
    ['sort', query.sort, 'date_desc'],
    ['per_page', query.per_page, ADMIN_ORDER_PAGE_SIZE],
    ['page', query.page, 1],
  ]);
}
