// The staff's order page (docs/decisions/0034-running-orders.md): each handler calls the order
// admin service and answers the order as the page shows it, with the new version.
import { adminOrdersApi } from '@/domain/api/admin-orders';
import { adminOrderMessages as m } from '@/domain/messages/admin-orders';
import * as admin from '@/server/admin-orders/order-admin.service';
import { adminOrderJson } from '@/server/admin-orders/order-admin.wire';
import { route, type ApiContext } from './router';

const deps = (ctx: ApiContext): admin.AdminOrderDeps => ({
  db: ctx.db,
  mailer: ctx.mailer,
  shopName: ctx.shopName,
  siteUrl: ctx.siteUrl,
  payments: ctx.payments,
  invoicing: ctx.invoicing,
  now: ctx.now,
});

const orderId = (params: { id: string }) => Number(params.id);

export const adminOrderRoutes = [
  route(adminOrdersApi.get, async (ctx, { params }) => ({
    data: adminOrderJson(await admin.getAdminOrder(ctx.db, orderId(params))),
    message: m.found,
  })),
  route(adminOrdersApi.status, async (ctx, { params, body, staff }) => ({
    data: adminOrderJson(
      await admin.changeStatus(deps(ctx), staff, orderId(params), {
        to: body.to,
        version: body.version,
        note: body.note,
        expectedDate: body.expected_date,
      }),
    ),
    message: m.done[body.to],
  })),
  route(adminOrdersApi.refund, async (ctx, { params, body, staff }) => ({
    data: adminOrderJson(
      await admin.refundOrder(deps(ctx), staff, orderId(params), {
        version: body.version,
        full: body.full,
        lines: body.lines?.map((l) => ({ lineId: l.line_id, quantity: l.quantity })),
        note: body.note,
      }),
    ),
    message: m.done.refund,
  })),
  route(adminOrdersApi.note, async (ctx, { params, body, staff }) => ({
    data: adminOrderJson(await admin.addNote(deps(ctx), staff, orderId(params), { version: body.version, note: body.note })),
    message: m.done.note,
  })),
  route(adminOrdersApi.expectedDate, async (ctx, { params, body, staff }) => ({
    data: adminOrderJson(
      await admin.setExpectedDate(deps(ctx), staff, orderId(params), {
        version: body.version,
        expectedDate: body.expected_date,
        note: body.note,
      }),
    ),
    message: m.done.expectedDate,
  })),
];
