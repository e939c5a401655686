// The order's status machine (docs/decisions/0020-orders-stock-and-payment.md, docs/decisions/0034-running-orders.md):
// the ONE table of delivery status changes, what staff may do to an order, and how much a refund
// by line gives back. Zod-free and pure: the server checks with it, the admin island shows only
// the actions it allows and computes the same refund amount the server will.
import { type Fils, fils } from './money';

export const DELIVERY_STATUSES = ['pending', 'shipped', 'ontheway', 'delivered', 'cancelled', 'refund'] as const;
export type DeliveryStatus = (typeof DELIVERY_STATUSES)[number];

/** docs/decisions/0020-orders-stock-and-payment.md: the only status changes there are. */
export const DELIVERY_TRANSITIONS: Record<DeliveryStatus, readonly DeliveryStatus[]> = {
  pending: ['shipped', 'cancelled'],
  shipped: ['ontheway', 'cancelled'],
  ontheway: ['delivered'],
  delivered: ['refund'],
  cancelled: [],
  refund: [],
};

export function canMoveDelivery(from: DeliveryStatus, to: DeliveryStatus): boolean {
  return DELIVERY_TRANSITIONS[from].includes(to);
}

/** The status changes staff make with the status action; 'refund' has its own action (by line, with money). */
export const STAFF_STATUS_TARGETS = ['shipped', 'ontheway', 'delivered', 'cancelled'] as const;
export type StaffStatusTarget = (typeof STAFF_STATUS_TARGETS)[number];
export type OrderAction = StaffStatusTarget | 'refund';

export interface OrderState {
  deliveryStatus: DeliveryStatus;
  paymentType: 'online' | 'cash_on_delivery';
  paymentStatus: 'unpaid' | 'paid' | 'failed' | 'refunded';
  grandTotal: Fils;
  refundedAmount: Fils;
}

/**
 * A card order not paid yet: its hold belongs to the shopper and the sweeper
 * (docs/decisions/0013-order-holds.md); staff do not ship or cancel it.
 */
export function isCardOrderUnpaid(order: Pick<OrderState, 'paymentType' | 'paymentStatus'>): boolean {
  return order.paymentType === 'online' && order.paymentStatus !== 'paid' && order.paymentStatus !== 'refunded';
}

/** Money not yet given back. */
export function refundableAmount(order: Pick<OrderState, 'grandTotal' | 'refundedAmount'>): Fils {
  return fils(Math.max(order.grandTotal - order.refundedAmount, 0));
}

/**
 * What staff may do to the order now, in the order of the status machine: the status changes
 * DELIVERY_TRANSITIONS allows (a delivered order's 'refund' while money is left to give back).
 */
export function allowedActions(order: OrderState): OrderAction[] {
  if (isCardOrderUnpaid(order)) return [];
  return DELIVERY_TRANSITIONS[order.deliveryStatus].filter((to): to is OrderAction => {
    if (to === 'refund') return order.paymentStatus === 'paid' && refundableAmount(order) > 0;
    return true;
  });
}

export interface RefundLine {
  id: number;
  quantity: number;
  refundedQuantity: number;
  /** The line's total as ordered, VAT included (shelf price x quantity). */
  lineTotal: Fils;
}

export interface RefundSelection {
  lineId: number;
  quantity: number;
}

/** Units of a line that can still be returned. */
export const returnableUnits = (line: Pick<RefundLine, 'quantity' | 'refundedQuantity'>) =>
  Math.max(line.quantity - line.refundedQuantity, 0);

/** Every unit still returnable: a full refund of what is left. */
export function fullSelection(lines: readonly RefundLine[]): RefundSelection[] {
  return lines.filter((l) => returnableUnits(l) > 0).map((l) => ({ lineId: l.id, quantity: returnableUnits(l) }));
}

export type RefundProblem =
  { kind: 'empty' } | { kind: 'unknown-line'; lineId: number } | { kind: 'too-many'; lineId: number; max: number };

/** What is wrong with a selection (nothing chosen, a line not in the order, more units than are left), or null. */
export function refundSelectionProblem(lines: readonly RefundLine[], selection: readonly RefundSelection[]): RefundProblem | null {
  const chosen = selection.filter((s) => s.quantity > 0);
  if (chosen.length === 0) return { kind: 'empty' };
  const seen = new Map<number, number>();
  for (const s of chosen) seen.set(s.lineId, (seen.get(s.lineId) ?? 0) + s.quantity);
  for (const [lineId, quantity] of seen) {
    const line = lines.find((l) => l.id === lineId);
    if (!line) return { kind: 'unknown-line', lineId };
    if (quantity > returnableUnits(line)) return { kind: 'too-many', lineId, max: returnableUnits(line) };
  }
  return null;
}

/**
 * The money a refund of these units gives back: each unit's share of what the shopper paid (the
 * grand total spread over the lines by their totals, so a coupon's discount is shared out too),
 * rounded to the fil. The refund that returns the last units gives back exactly what is left, so
 * the refunds of an order always add up to its grand total.
 */
export function refundAmountFor(
  order: Pick<OrderState, 'grandTotal' | 'refundedAmount'>,
  lines: readonly RefundLine[],
  selection: readonly RefundSelection[],
): Fils {
  const left = refundableAmount(order);
  const units = new Map<number, number>();
  for (const s of selection) if (s.quantity > 0) units.set(s.lineId, (units.get(s.lineId) ?? 0) + s.quantity);
  const returnsAll = lines.every((l) => (units.get(l.id) ?? 0) >= returnableUnits(l));
  if (returnsAll) return left;
  const linesTotal = lines.reduce((sum, l) => sum + l.lineTotal, 0);
  if (linesTotal <= 0) return fils(0);
  let share = 0;
  for (const l of lines) {
    const n = Math.min(units.get(l.id) ?? 0, returnableUnits(l));
    if (n > 0 && l.quantity > 0) share += (l.lineTotal * n) / l.quantity;
  }
  return fils(Math.min(Math.round((order.grandTotal * share) / linesTotal), left));
}
