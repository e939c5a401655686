// The cart, wishlist and coupon at the API client's border (docs/architecture.md#the-api-contract):
// wire data (snake_case, AED, typed by the contract) becomes the browser's model (camelCase, fils:
// cart.model.ts), and back for the stores, which keep the shape the first clients stored under
// 'cart-storage', 'wishlist-storage' and 'coupon'. Types only from the contract: no zod here.
import type { AnswerOf } from '@/domain/api/endpoint';
import type { Contract } from '@/domain/api/index';
import { aedToFils, filsToAed } from '@/domain/money';
import { couponToWire } from '@/domain/coupon-wire';
import type { CartLine, Coupon, ServerCart, SetAsideLine, WishlistItem } from './cart.model';
import { toDeliveryForm } from './checkout';

export type CartWire = AnswerOf<Contract['cart']['list']>;
export type CouponWire = AnswerOf<Contract['coupons']['check']>['data'];
type CartItemWire = CartWire['cart_items'][number];
export type MergeShortfallWire = AnswerOf<Contract['cart']['merge']>['not_merged'][number];
type WishlistItemWire = AnswerOf<Contract['wishlist']['list']>['wishlistItems'][number];

/** A cart line as the browser stores it: the API's line, less what only the server's answer carries. */
export type StoredCartLine = Pick<
  CartItemWire,
  'product_id' | 'name' | 'quantity' | 'unit_price' | 'stock' | 'productImage' | 'color' | 'attribute_id' | 'discount' | 'availableStock'
> & { weight?: number };

/** A wishlist product as the browser stores it: the API's, less what only the server's answer carries. */
export type StoredWishlistItem = Pick<WishlistItemWire, 'id' | 'name' | 'thumbnail_img_link' | 'unit_price'> &
  Partial<Pick<WishlistItemWire, 'discount' | 'color' | 'hex_code' | 'stock'>>;

export function toCartLine(wire: StoredCartLine): CartLine {
  return {
    productId: wire.product_id,
    name: wire.name,
    quantity: wire.quantity,
    unitPrice: aedToFils(wire.unit_price),
    discount: wire.discount,
    stock: wire.stock,
    image: wire.productImage,
    color: wire.color ?? null,
    attributeId: wire.attribute_id ?? null,
    ...(wire.weight === undefined ? {} : { weight: wire.weight }),
  };
}

export function storedCartLine(line: CartLine): StoredCartLine {
  return {
    product_id: line.productId,
    name: line.name,
    quantity: line.quantity,
    unit_price: filsToAed(line.unitPrice),
    stock: line.stock,
    productImage: line.image,
    color: line.color,
    attribute_id: line.attributeId,
    discount: line.discount,
    availableStock: line.stock,
    ...(line.weight === undefined ? {} : { weight: line.weight }),
  };
}

export function toCoupon(wire: CouponWire): Coupon {
  return {
    id: wire.id,
    code: wire.code,
    discountType: wire.discount_type,
    discount: wire.discount_type === 'percent' ? wire.discount : aedToFils(wire.discount),
    maxDiscount: wire.max_discount === null ? null : aedToFils(wire.max_discount),
    minAmount: aedToFils(wire.min_amount),
    endDate: wire.end_date,
  };
}

/** The coupon as storage keeps it: the wire shape (src/domain/coupon-wire.ts). */
export function storedCoupon(coupon: Coupon): CouponWire {
  return couponToWire(coupon);
}

export function toCart(wire: CartWire): ServerCart {
  return {
    lines: wire.cart_items.map(toCartLine),
    subtotal: aedToFils(wire.subtotal),
    discount: aedToFils(wire.discount_amount),
    vat: aedToFils(wire.tax_amount),
    grandTotal: aedToFils(wire.grand_total),
    totalWeight: wire.total_weight,
    heavy: wire.heavy,
    coupon: wire.coupon ? toCoupon(wire.coupon) : null,
    couponError: wire.coupon_error ?? null,
    deliveryForm: wire.weight_form_details ? toDeliveryForm(wire.weight_form_details) : null,
    lastDeliveryForm: wire.last_weight_form_details ? toDeliveryForm(wire.last_weight_form_details) : null,
  };
}

export function toWishlistItem(wire: StoredWishlistItem): WishlistItem {
  return {
    id: wire.id,
    name: wire.name,
    image: wire.thumbnail_img_link,
    unitPrice: aedToFils(wire.unit_price),
    discount: wire.discount ?? 0,
    color: wire.color ?? null,
    colorHex: wire.hex_code ?? null,
    ...(wire.stock === undefined ? {} : { stock: wire.stock }),
  };
}

export function storedWishlistItem(item: WishlistItem): StoredWishlistItem {
  return {
    id: item.id,
    name: item.name,
    thumbnail_img_link: item.image,
    unit_price: filsToAed(item.unitPrice),
    discount: item.discount,
    color: item.color,
    hex_code: item.colorHex,
    ...(item.stock === undefined ? {} : { stock: item.stock }),
  };
}

/** A guest line the merge (or the guest cart's refresh) did not take whole, with what the browser knew of it. */
export function toSetAsideLine(line: CartLine, wire: Pick<MergeShortfallWire, 'requested' | 'kept' | 'reason'>): SetAsideLine {
  return {
    productId: line.productId,
    name: line.name,
    image: line.image,
    color: line.color,
    unitPrice: line.unitPrice,
    discount: line.discount,
    requested: wire.requested,
    kept: wire.kept,
    reason: wire.reason,
  };
}
