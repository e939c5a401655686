// Orders, model -> wire, the one place for them (docs/architecture.md#the-api-contract):
// snake_case names, money in AED. Typed by the contract's answer schemas.
import type { z } from 'zod';
import type { orderDetailWire, orderWire } from '@/domain/api/orders';
import { holdExpiresAt } from '@/domain/checkout';
import { deliveryStatusLabels, ordersTexts } from '@/domain/messages/orders';
import { filsToAed } from '@/domain/money';
import { shelfPrice } from '@/domain/pricing';
import { deliveryFormJson } from '@/server/addresses/address.wire';
import { creditNotePath, invoicePath } from '@/server/invoices/invoice.service';
import { addressSnapshotOf, isAwaitingPayment, type Order, type OrderDetail, type OrderLine } from './order.service';

export function orderJson(o: Order, lines: OrderLine[]): z.input<typeof orderWire> {
  const awaiting = isAwaitingPayment(o);
  return {
    combined_order_id: o.id,
    grand_total: filsToAed(o.grandTotal),
    delivery_status: o.deliveryStatus,
    // A card order not paid yet is not a delivery pending: it says so, with its hold's end.
    delivery_status_label: awaiting ? ordersTexts.awaitingPayment : deliveryStatusLabels[o.deliveryStatus],
    awaiting_payment: awaiting,
    hold_expires_at: awaiting ? holdExpiresAt(o.createdAt).toISOString() : null,
    payment_status: o.paymentStatus,
    payment_type: o.paymentType,
    expect_date: o.expectDate,
    created_at: o.createdAt.toISOString(),
    orderdetails: lines.map((l) => ({
      product_id: l.productId,
      quantity: l.quantity,
      price: filsToAed(l.lineTotal),
      product: { id: l.productId, name: l.name, thumbnail_img_link: l.thumbnailImgLink },
    })),
  };
}

export function orderDetailJson(d: OrderDetail): z.input<typeof orderDetailWire> {
  const a = addressSnapshotOf(d.order);
  const { invoice } = d.taxDocuments;
  return {
    ...orderJson(d.order, d.lines),
    addresses: { name: a.name, address_type: a.address_type, phone: a.phone },
    shipping_address: [a.flat_building, a.address, a.locality, a.land_mark, a.city, a.state, a.pincode ? `PO Box ${a.pincode}` : '']
      .filter(Boolean)
      .join(', '),
    products: d.lines.map((l) => ({
      product_id: l.productId,
      name: l.name,
      thumbnail_img_link: l.thumbnailImgLink,
      quantity: l.quantity,
      unit_price: filsToAed(shelfPrice(l.unitPrice, l.discount)),
    })),
    sub_total: filsToAed(d.order.subTotal),
    discount_amount: filsToAed(d.order.discountAmount),
    tax_amount: filsToAed(d.order.taxAmount),
    coupon_code: d.order.couponCode,
    weight_form_details: d.deliveryForm ? deliveryFormJson(d.deliveryForm) : null,
    buyer_company: d.order.buyerCompany,
    buyer_trn: d.order.buyerTrn,
    invoice_url: invoice ? invoicePath(d.order.id) : null,
    invoice_number: invoice?.number ?? null,
    credit_notes: d.taxDocuments.creditNotes.map((n) => ({
      number: n.number,
      url: creditNotePath(d.order.id, n.id),
      issued_at: n.issuedAt.toISOString(),
      amount: filsToAed(n.grandTotal),
      reason: n.reason,
    })),
  };
}
