// The order answers as the browser keeps them (docs/architecture.md#the-api-contract): wire data
// (snake_case, AED) mapped once, here, to camelCase models in fils.
import type { AnswerOf } from '@/domain/api/endpoint';
import type { Contract } from '@/domain/api/index';
import { aedToFils, type Fils } from '@/domain/money';

export type OrderDetailWire = AnswerOf<Contract['orders']['detail']>[number];

/** One line of an order, at its shelf price. */
export interface OrderProduct {
  /** null when the product has since left the catalog. */
  productId: number | null;
  name: string;
  thumbnail: string;
  quantity: number;
  /** In fils. */
  unitPrice: Fils;
}

/** What the payment page shows of an order: its lines, totals (fils) and hold. */
export interface OrderDetail {
  id: number;
  paymentStatus: OrderDetailWire['payment_status'];
  products: OrderProduct[];
  subTotal: Fils;
  discountAmount: Fils;
  taxAmount: Fils;
  grandTotal: Fils;
  /** Until when the order's items are held for its payment (null once paid or closed). */
  holdExpiresAt: string | null;
}

export function toOrderDetail(wire: OrderDetailWire): OrderDetail {
  return {
    id: wire.combined_order_id,
    paymentStatus: wire.payment_status,
    products: wire.products.map((p) => ({
      productId: p.product_id,
      name: p.name,
      thumbnail: p.thumbnail_img_link,
      quantity: p.quantity,
      unitPrice: aedToFils(p.unit_price),
    })),
    subTotal: aedToFils(wire.sub_total),
    discountAmount: aedToFils(wire.discount_amount),
    taxAmount: aedToFils(wire.tax_amount),
    grandTotal: aedToFils(wire.grand_total),
    holdExpiresAt: wire.hold_expires_at,
  };
}
