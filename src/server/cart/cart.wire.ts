// The cart in wire form, the one place for it (docs/architecture.md#the-api-contract): the lines
// and the server's totals in AED, the coupon asked for, and the delivery location form.
import type { z } from 'zod';
import type { cartItemWire, cartWire, mergeShortfallWire } from '@/domain/api/cart';
import { deliveryFormJson } from '@/server/addresses/address.wire';
import { filsToAed } from '@/domain/money';
import type { CartLine, CartView, MergeShortfall } from '@/server/cart/cart.service';
import { couponJson } from '@/server/coupons/coupon.wire';

export function cartItemJson(l: CartLine): z.input<typeof cartItemWire> {
  return {
    product_id: l.productId,
    name: l.name,
    sku: l.sku,
    quantity: l.quantity,
    unit_price: filsToAed(l.unitPrice),
    discount: l.discount,
    discounted_price: filsToAed(l.shelfPrice),
    stock: l.stock,
    availableStock: l.stock,
    productImage: l.thumbnail,
    color: l.color,
    attribute_id: l.attributeId,
    weight: l.weightKg,
  };
}

export function cartJson(view: CartView): z.input<typeof cartWire> {
  return {
    cart_items: view.lines.map(cartItemJson),
    subtotal: filsToAed(view.totals.subtotal),
    discount_amount: filsToAed(view.totals.discount),
    tax_amount: filsToAed(view.totals.vat),
    grand_total: filsToAed(view.totals.grandTotal),
    total_weight: view.totalWeightKg,
    heavy: view.heavy,
    coupon: view.coupon ? couponJson(view.coupon) : null,
    coupon_error: view.couponProblem,
    weight_form_details: view.deliveryForm ? deliveryFormJson(view.deliveryForm) : null,
    last_weight_form_details: view.lastDeliveryForm ? deliveryFormJson(view.lastDeliveryForm) : null,
  };
}

export function mergeShortfallJson(s: MergeShortfall): z.input<typeof mergeShortfallWire> {
  return { product_id: s.productId, requested: s.requested, kept: s.kept, reason: s.reason };
}
