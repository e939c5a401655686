// The staff's order, model -> wire (docs/architecture.md#the-api-contract): snake_case, money in AED.
import type { z } from 'zod';
import type { adminOrderWire } from '@/domain/api/admin-orders';
import { deliveryStatusLabels } from '@/domain/messages/orders';
import { filsToAed } from '@/domain/money';
import { shelfPrice } from '@/domain/pricing';
import { refundableAmount } from '@/domain/order-status';
import { deliveryFormJson } from '@/server/addresses/address.wire';
import { addressSnapshotOf } from '@/server/orders/order.service';
import type { AdminOrderView } from './order-admin.service';

export function adminOrderJson(v: AdminOrderView): z.input<typeof adminOrderWire> {
  const { order } = v;
  const a = addressSnapshotOf(order);
  return {
    id: order.id,
    version: order.version,
    created_at: order.createdAt.toISOString(),
    updated_at: order.updatedAt.toISOString(),
    delivery_status: order.deliveryStatus,
    delivery_status_label: deliveryStatusLabels[order.deliveryStatus],
    payment_type: order.paymentType,
    payment_status: order.paymentStatus,
    expect_date: order.expectDate,
    customer: v.customer,
    address: {
      name: a.name,
      phone: a.phone,
      address_type: a.address_type,
      line: [a.flat_building, a.address, a.locality, a.land_mark, a.city, a.state, a.pincode ? `PO Box ${a.pincode}` : '']
        .filter(Boolean)
        .join(', '),
    },
    delivery_details: v.deliveryForm ? deliveryFormJson(v.deliveryForm) : null,
    coupon_code: order.couponCode,
    sub_total: filsToAed(order.subTotal),
    discount_amount: filsToAed(order.discountAmount),
    tax_amount: filsToAed(order.taxAmount),
    grand_total: filsToAed(order.grandTotal),
    refunded_amount: filsToAed(order.refundedAmount),
    refundable_amount: filsToAed(refundableAmount(order)),
    lines: v.lines.map((l) => ({
      id: l.id,
      product_id: l.productId,
      name: l.name,
      sku: l.sku,
      thumbnail_img_link: l.thumbnailImgLink,
      unit_price: filsToAed(shelfPrice(l.unitPrice, l.discount)),
      quantity: l.quantity,
      refunded_quantity: l.refundedQuantity,
      line_total: filsToAed(l.lineTotal),
    })),
    events: v.events.map((e) => ({
      id: e.id,
      kind: e.kind,
      from: e.fromValue,
      to: e.toValue,
      note: e.note,
      amount: e.amount === null ? null : filsToAed(e.amount),
      staff_name: e.staffName,
      created_at: e.createdAt.toISOString(),
    })),
    refunds: v.refunds.map((r) => ({
      id: r.id,
      amount: filsToAed(r.amount),
      lines: r.lines as { line_id: number; quantity: number }[],
      provider_refund_id: r.providerRefundId,
      note: r.reason,
      created_at: r.createdAt.toISOString(),
    })),
    pending_refund: v.pendingRefund ? { id: v.pendingRefund.id, amount: filsToAed(v.pendingRefund.amount) } : null,
    allowed_actions: v.actions,
  };
}
