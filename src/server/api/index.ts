// Every API route in one table (docs/architecture.md#the-api-contract).
import { systemApi } from '@/domain/api/system';
import type { Endpoint } from '@/domain/api/endpoint';
import { errorTexts } from '@/domain/messages/errors';
import { checkDatabase } from '@/server/db/health';
import { RETRY_AFTER_SECONDS } from '@/server/db/faults';
import { catalogRoutes } from './catalog.routes';
import { newsletterRoutes } from './newsletter.routes';
import { accountRoutes } from './accounts.routes';
import { adminAuthRoutes } from './admin-auth.routes';
import { adminCatalogRoutes } from './admin-catalog.routes';
import { adminProductCsvRoutes } from './admin-product-csv.routes';
import { adminCouponRoutes } from './admin-coupons.routes';
import { adminHomeRoutes } from './admin-home.routes';
import { adminOrderRoutes } from './admin-orders.routes';
import { adminOrderListRoutes } from './admin-order-list.routes';
import { adminInboxRoutes } from './admin-inbox.routes';
import { adminInvoiceRoutes } from './admin-invoices.routes';
import { adminModerationRoutes } from './admin-moderation.routes';
import { adminStaffRoutes } from './admin-staff.routes';
import { adminTaxonomyRoutes } from './admin-taxonomy.routes';
import { cartRoutes } from './cart.routes';
import { checkoutRoutes } from './checkout.routes';
import { contactRoutes } from './contact.routes';
import { reviewRoutes } from './reviews.routes';
import { sessionRoutes } from './session.routes';
import { createRouter, route, type ContractRoute } from './router';
import { fail } from './http';
import { openApiDocument } from './openapi';

const systemRoutes = [
  route(systemApi.health, async ({ db }) => {
    // A real table, not `select 1`: a database that answers but lost its tables is not healthy.
    const healthy = await checkDatabase(db);
    if (!healthy)
      return fail(
        503,
        errorTexts.health.down,
        { status: 'unavailable' },
        { 'cache-control': 'no-store', 'retry-after': String(RETRY_AFTER_SECONDS) },
      );
    return { data: { status: 'ok' as const }, message: errorTexts.health.ok, headers: { 'cache-control': 'no-store' } };
  }),
  route(
    systemApi.openApi,
    async () => new Response(JSON.stringify(openApiDocument(endpoints())), { headers: { 'content-type': 'application/json' } }),
  ),
];

const routes: ContractRoute[] = [
  ...catalogRoutes,
  ...newsletterRoutes,
  ...accountRoutes,
  ...sessionRoutes,
  ...adminAuthRoutes,
  ...adminOrderRoutes,
  ...adminOrderListRoutes,
  ...adminInboxRoutes,
  ...adminModerationRoutes,
  ...adminStaffRoutes,
  ...adminCatalogRoutes,
  ...adminCouponRoutes,
  ...adminTaxonomyRoutes,
  ...adminHomeRoutes,
  ...adminProductCsvRoutes,
  ...adminInvoiceRoutes,
  ...cartRoutes,
  ...checkoutRoutes,
  ...contactRoutes,
  ...reviewRoutes,
  ...systemRoutes,
];

export const api = createRouter(routes);

/** The endpoints the routes serve, in the table's order. */
export function endpoints(): Endpoint[] {
  return routes.map((r) => r.endpoint);
}
