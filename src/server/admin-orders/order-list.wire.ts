// The staff's order list and the dashboard, model -> wire (docs/architecture.md#the-api-contract):
// snake_case names, money in AED.
import type { z } from 'zod';
import type { adminDashboardWire, adminOrderListApi, adminOrderRowWire } from '@/domain/api/admin-orders-list';
import { adminOrdersTexts } from '@/domain/messages/admin-orders';
import { deliveryStatusLabels } from '@/domain/messages/orders';
import { filsToAed } from '@/domain/money';
import type { Dashboard } from '@/server/admin-dashboard/dashboard.service';
import type { AdminOrderPage, AdminOrderRow } from './order-list.service';

export function adminOrderRowJson(row: AdminOrderRow): z.input<typeof adminOrderRowWire> {
  return {
    id: row.id,
    created_at: row.createdAt.toISOString(),
    customer_name: row.customerName,
    email: row.email,
    phone: row.phone,
    emirate: row.emirate,
    recipient_name: row.recipientName,
    payment_type: row.paymentType,
    payment_status: row.paymentStatus,
    delivery_status: row.deliveryStatus,
    delivery_status_label: row.awaitingPayment ? adminOrdersTexts.awaitingPayment : deliveryStatusLabels[row.deliveryStatus],
    awaiting_payment: row.awaitingPayment,
    units: row.units,
    sub_total: filsToAed(row.subTotal),
    discount_amount: filsToAed(row.discountAmount),
    tax_amount: filsToAed(row.taxAmount),
    grand_total: filsToAed(row.grandTotal),
    refunded_amount: filsToAed(row.refundedAmount),
  };
}

export function adminOrderPageJson(page: AdminOrderPage): z.input<(typeof adminOrderListApi)['list']['answer']> {
  return {
    current_page: page.page,
    data: page.rows.map(adminOrderRowJson),
    last_page: page.lastPage,
    per_page: page.perPage,
    total: page.total,
    total_capped: page.totalCapped,
    has_more: page.hasMore,
  };
}

export function adminDashboardJson(d: Dashboard): z.input<typeof adminDashboardWire> {
  const period = (p: Dashboard['today']) => ({ orders: p.orders, revenue: filsToAed(p.revenue), from: p.from, to: p.to });
  return {
    today: period(d.today),
    month: period(d.month),
    waiting: d.waiting,
    low_stock: d.lowStock,
    low_stock_count: d.lowStockCount,
    low_stock_threshold: d.lowStockThreshold,
    unread_messages: d.unreadMessages,
  };
}
