// The staff's order list, its CSV export and the dashboard (docs/decisions/0036-admin-order-list.md).
// Reading only: nothing is changed, so nothing is audited.
import { adminDashboardApi, adminOrderListApi } from '@/domain/api/admin-orders-list';
import { adminOrderCsvFilename, adminOrderCsvRecords, listAdminOrders } from '@/server/admin-orders/order-list.service';
import { adminOrdersCsvHeader } from '@/domain/messages/admin-orders';
import { csvResponse } from '@/server/csv';
import { adminDashboardJson, adminOrderPageJson } from '@/server/admin-orders/order-list.wire';
import { dashboard } from '@/server/admin-dashboard/dashboard.service';
import { route } from './router';

export const adminOrderListRoutes = [
  route(adminOrderListApi.list, async ({ db }, { query }) => ({
    data: adminOrderPageJson(await listAdminOrders(db, query)),
    message: 'Orders',
  })),
  route(adminOrderListApi.csv, async ({ db, now }, { query }) =>
    csvResponse(adminOrderCsvFilename(now()), adminOrdersCsvHeader, adminOrderCsvRecords(db, query)),
  ),
  route(adminDashboardApi.get, async ({ db, now }) => ({
    data: adminDashboardJson(await dashboard(db, now())),
    message: 'Dashboard',
  })),
];
