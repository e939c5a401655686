// The status machine and refund amounts (docs/decisions/0034-running-orders.md).
import { describe, expect, it } from 'vitest';
import { fils } from './money';
import {
  DELIVERY_STATUSES,
  allowedActions,
  fullSelection,
  refundAmountFor,
  refundSelectionProblem,
  type OrderState,
  type RefundLine,
} from './order-status';

const state = (overrides: Partial<OrderState> = {}): OrderState => ({
  deliveryStatus: 'pending',
  paymentType: 'cash_on_delivery',
  paymentStatus: 'unpaid',
  grandTotal: fils(250_00),
  refundedAmount: fils(0),
  ...overrides,
});

describe('allowedActions', () => {
  it('follows the status machine', () => {
    expect(allowedActions(state())).toEqual(['shipped', 'cancelled']);
    expect(allowedActions(state({ deliveryStatus: 'shipped' }))).toEqual(['ontheway', 'cancelled']);
    expect(allowedActions(state({ deliveryStatus: 'ontheway' }))).toEqual(['delivered']);
    expect(allowedActions(state({ deliveryStatus: 'delivered', paymentStatus: 'paid' }))).toEqual(['refund']);
    expect(allowedActions(state({ deliveryStatus: 'cancelled' }))).toEqual([]);
    expect(allowedActions(state({ deliveryStatus: 'refund', paymentStatus: 'refunded' }))).toEqual([]);
  });

  it('offers nothing on a card order not paid, and no refund once all the money is back', () => {
    for (const deliveryStatus of DELIVERY_STATUSES)
      expect(allowedActions(state({ deliveryStatus, paymentType: 'online', paymentStatus: 'unpaid' }))).toEqual([]);
    expect(allowedActions(state({ deliveryStatus: 'delivered', paymentStatus: 'paid', refundedAmount: fils(250_00) }))).toEqual([]);
    expect(allowedActions(state({ deliveryStatus: 'delivered', paymentStatus: 'paid', refundedAmount: fils(100_00) }))).toEqual(['refund']);
  });
});

describe('refunds by line', () => {
  const lines: RefundLine[] = [
    { id: 1, quantity: 2, refundedQuantity: 0, lineTotal: fils(200_00) },
    { id: 2, quantity: 1, refundedQuantity: 0, lineTotal: fils(50_00) },
  ];

  it('gives back each unit’s share of what was paid, coupon discount shared out', () => {
    expect(refundAmountFor(state(), lines, [{ lineId: 1, quantity: 1 }])).toBe(100_00);
    // 10% coupon: 225 AED paid for 250 AED of lines.
    expect(refundAmountFor(state({ grandTotal: fils(225_00) }), lines, [{ lineId: 2, quantity: 1 }])).toBe(45_00);
  });

  it('the last units give back exactly what is left, so the refunds add up to the total', () => {
    const order = state({ grandTotal: fils(100_01) });
    const three: RefundLine[] = [{ id: 1, quantity: 3, refundedQuantity: 0, lineTotal: fils(100_01) }];
    const first = refundAmountFor(order, three, [{ lineId: 1, quantity: 1 }]);
    const after = { ...order, refundedAmount: first };
    const second = refundAmountFor(after, [{ ...three[0]!, refundedQuantity: 1 }], [{ lineId: 1, quantity: 1 }]);
    const last = refundAmountFor(
      { ...order, refundedAmount: fils(first + second) },
      [{ ...three[0]!, refundedQuantity: 2 }],
      [{ lineId: 1, quantity: 1 }],
    );
    expect(first + second + last).toBe(100_01);
    expect(
      refundAmountFor(
        state({ refundedAmount: fils(100_00) }),
        [{ ...lines[0]!, refundedQuantity: 1 }, lines[1]!],
        fullSelection([{ ...lines[0]!, refundedQuantity: 1 }, lines[1]!]),
      ),
    ).toBe(150_00);
  });

  it('names what is wrong with a selection', () => {
    expect(refundSelectionProblem(lines, [])).toEqual({ kind: 'empty' });
    expect(refundSelectionProblem(lines, [{ lineId: 1, quantity: 0 }])).toEqual({ kind: 'empty' });
    expect(refundSelectionProblem(lines, [{ lineId: 9, quantity: 1 }])).toEqual({ kind: 'unknown-line', lineId: 9 });
    expect(refundSelectionProblem(lines, [{ lineId: 1, quantity: 3 }])).toEqual({ kind: 'too-many', lineId: 1, max: 2 });
    expect(
      refundSelectionProblem(lines, [
        { lineId: 1, quantity: 1 },
        { lineId: 1, quantity: 2 },
      ]),
    ).toEqual({ kind: 'too-many', lineId: 1, max: 2 });
    expect(refundSelectionProblem([{ ...lines[0]!, refundedQuantity: 2 }], [{ lineId: 1, quantity: 1 }])).toEqual({
      kind: 'too-many',
      lineId: 1,
      max: 0,
    });
    expect(refundSelectionProblem(lines, [{ lineId: 2, quantity: 1 }])).toBeNull();
  });
});
