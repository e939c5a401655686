// The staff's order list, its CSV export and the dashboard (docs/decisions/0036-admin-order-list.md).
// Reading only: nothing is changed, so nothing is audited.
import { adminDashboardApi, adminOrderListApi } from '@/domain/api/admin-orders-list';
import { adminOrderCsvFilename, adminOrderCsvStream, listAdminOrders } from '@/server/admin-orders/order-list.service';
import { adminDashboardJson, adminOrderPageJson } from '@/server/admin-orders/order-list.wire';
import { dashboard } from '@/server/admin-dashboard/dashboard.service';
import { route } from './router';

export const adminOrderListRoutes = [
  route(adminOrderListApi.list, async ({ db }, { query }) => ({
    data: adminOrderPageJson(await listAdminOrders(db, query)),
    message: 'Orders',
  })),
  route(adminOrderListApi.csv, async ({ db, now }, { query }) => {
    return new Response(adminOrderCsvStream(db, query), {
      status: 200,
      headers: {
        'content-type': 'text/csv; charset=utf-8',
        'content-disposition': `attachment; filename="${adminOrderCsvFilename(now())}"`,
        'cache-control': 'private, no-store',
      },
    });
  }),
  route(adminDashboardApi.get, async ({ db, now }) => ({
    data: adminDashboardJson(await dashboard(db, now())),
    message: 'Dashboard',
  })),
];
