// Invoice and credit-note amounts (docs/decisions/0051-tax-invoices.md#amounts): on orders generated
// through the real pricing rules (random lines, product discounts, percent and fixed coupons), the
// invoice's totals are the order's to the fil and its sums hold; credit notes that give back all
// of an order add up to its invoice to the fil.
import { describe, expect, it } from 'vitest';
import fc from 'fast-check';
import { cartTotals, shelfPrice, type CouponTerms } from './pricing';
import { fils, timesQuantity, type Fils } from './money';
import { refundAmountFor, type RefundLine } from './order-status';
import {
  allocate,
  creditNoteAmounts,
  documentNumber,
  invoiceAmounts,
  invoiceFormFor,
  type InvoiceSourceLine,
  type TaxDocumentAmounts,
} from './tax-document-lines';

const now = new Date('2026-11-28T10:00:00Z');

const lineArb = fc.record({
  unitPrice: fc.integer({ min: 1, max: 5_000_000 }),
  discount: fc.oneof(fc.constant(0), fc.integer({ min: 1, max: 90 })),
  quantity: fc.integer({ min: 1, max: 20 }),
});

const couponArb: fc.Arbitrary<CouponTerms | null> = fc.oneof(
  fc.constant(null),
  fc.record({
    discountType: fc.constant('percent' as const),
    discount: fc.integer({ min: 1, max: 100 }),
    maxDiscount: fc.oneof(fc.constant(null), fc.integer({ min: 1, max: 500_000 }).map(fils)),
    minAmount: fc.constant(fils(0)),
    endDate: fc.constant(new Date('2099-01-01')),
  }),
  fc.record({
    discountType: fc.constant('amount' as const),
    discount: fc.integer({ min: 1, max: 10_000_000 }),
    maxDiscount: fc.constant(null),
    minAmount: fc.constant(fils(0)),
    endDate: fc.constant(new Date('2099-01-01')),
  }),
);

/** An order as placement stores it: the cart's totals of src/domain/pricing.ts and its lines. */
function orderOf(raw: { unitPrice: number; discount: number; quantity: number }[], coupon: CouponTerms | null) {
  const priced = raw.map((l) => ({ unitPrice: fils(l.unitPrice), discount: l.discount, quantity: l.quantity }));
  const totals = cartTotals(priced, coupon, now);
  const lines: InvoiceSourceLine[] = priced.map((l, i) => ({
    name: `Safe ${i}`,
    sku: `SKU-${i}`,
    unitPrice: l.unitPrice,
    discount: l.discount,
    quantity: l.quantity,
    lineTotal: timesQuantity(shelfPrice(l.unitPrice, l.discount), l.quantity),
  }));
  return {
    lines,
    totals: { subTotal: totals.subtotal, discountAmount: totals.discount, taxAmount: totals.vat, grandTotal: totals.grandTotal },
  };
}

function expectSumsHold(doc: TaxDocumentAmounts) {
  const sum = (pick: (l: TaxDocumentAmounts['lines'][number]) => number) => doc.lines.reduce((s, l) => s + pick(l), 0);
  expect(sum((l) => l.netAmount)).toBe(doc.subtotal);
  expect(sum((l) => l.couponShare)).toBe(doc.discount);
  expect(sum((l) => l.vatAmount)).toBe(doc.vatTotal);
  expect(doc.subtotal - doc.discount).toBe(doc.netTotal);
  expect(doc.netTotal + doc.vatTotal).toBe(doc.grandTotal);
  for (const l of doc.lines) {
    expect(l.grossAmount).toBe(l.netAmount - l.couponShare + l.vatAmount);
    expect(l.couponShare).toBeGreaterThanOrEqual(0);
    expect(l.couponShare).toBeLessThanOrEqual(l.netAmount);
    expect(l.vatAmount).toBeGreaterThanOrEqual(0);
  }
}

describe('allocate', () => {
  it('splits a total into parts proportional to the weights that add up to it exactly', () => {
    expect(allocate(100, [1, 1, 1])).toEqual([34, 33, 33]);
    expect(allocate(10, [0, 5, 5])).toEqual([0, 5, 5]);
    expect(allocate(7, [0, 0])).toEqual([4, 3]);
    expect(allocate(0, [3, 4])).toEqual([0, 0]);
    fc.assert(
      fc.property(
        fc.integer({ min: 0, max: 2_000_000_000 }),
        fc.array(fc.integer({ min: 0, max: 2_000_000_000 }), { minLength: 1, maxLength: 30 }),
        (total, weights) => {
          const parts = allocate(total, weights);
          expect(parts.reduce((a, b) => a + b, 0)).toBe(total);
          const sum = weights.reduce((a, b) => a + b, 0);
          if (sum > 0) parts.forEach((p, i) => expect(Math.abs(p - (total * weights[i]!) / sum)).toBeLessThan(1.000001));
        },
      ),
    );
  });
});

describe('invoiceAmounts', () => {
  it("gives an invoice the order's totals to the fil, on 2,000 generated orders", () => {
    fc.assert(
      fc.property(fc.array(lineArb, { minLength: 1, maxLength: 12 }), couponArb, (raw, coupon) => {
        const { lines, totals } = orderOf(raw, coupon);
        const doc = invoiceAmounts(lines, totals);
        expect(doc.subtotal).toBe(totals.subTotal);
        expect(doc.discount).toBe(totals.discountAmount);
        expect(doc.vatTotal).toBe(totals.taxAmount);
        expect(doc.grandTotal).toBe(totals.grandTotal);
        expectSumsHold(doc);
        doc.lines.forEach((l, i) => {
          expect(l.quantity).toBe(lines[i]!.quantity);
          expect(l.invoiceLine).toBe(i);
          // The printed unit price is the line's net over its quantity, to the fil.
          expect(Math.abs(l.unitPriceNet * l.quantity - l.netAmount)).toBeLessThanOrEqual(l.quantity / 2);
        });
      }),
      { numRuns: 2_000 },
    );
  });

  it('refuses totals that do not add up', () => {
    const { lines, totals } = orderOf([{ unitPrice: 10_500, discount: 0, quantity: 1 }], null);
    expect(() => invoiceAmounts(lines, { ...totals, grandTotal: fils(totals.grandTotal + 1) })).toThrow(/do not add up/);
  });

  it('prints a plain order as its shelf prices: AED 105.00 is 100.00 and 5.00 VAT', () => {
    const { lines, totals } = orderOf([{ unitPrice: 10_500, discount: 0, quantity: 2 }], null);
    const doc = invoiceAmounts(lines, totals);
    expect(doc.lines[0]).toMatchObject({ unitPriceNet: 10_000, netAmount: 20_000, couponShare: 0, vatAmount: 1_000, grossAmount: 21_000 });
  });
});

describe('creditNoteAmounts', () => {
  it('adds up to the invoice to the fil once every refund of an order is credited, on 500 generated orders', () => {
    fc.assert(
      fc.property(
        fc.array(lineArb, { minLength: 1, maxLength: 6 }),
        couponArb,
        fc.array(fc.tuple(fc.nat(5), fc.integer({ min: 1, max: 5 })), { maxLength: 4 }),
        (raw, coupon, picks) => {
          const { lines, totals } = orderOf(raw, coupon);
          fc.pre(totals.grandTotal > 0);
          const invoice = invoiceAmounts(lines, totals);
          const refundLines: RefundLine[] = lines.map((l, i) => ({
            id: i,
            quantity: l.quantity,
            refundedQuantity: 0,
            lineTotal: l.lineTotal,
          }));
          let refunded = 0;
          const notes: TaxDocumentAmounts[] = [];
          // Partial refunds by line, as the back office computes them, then the rest.
          for (const [lineIndex, n] of picks) {
            const line = refundLines[lineIndex % refundLines.length]!;
            const units = Math.min(n, line.quantity - line.refundedQuantity);
            if (units <= 0) continue;
            const selection = [{ lineId: line.id, quantity: units }];
            const amount = refundAmountFor({ grandTotal: totals.grandTotal, refundedAmount: fils(refunded) }, refundLines, selection);
            line.refundedQuantity += units;
            if (amount <= 0) continue;
            const note = creditNoteAmounts(invoice, notes, amount, [{ invoiceLine: line.id, quantity: units }]);
            expect(note.grandTotal).toBe(amount);
            expectSumsHold(note);
            notes.push(note);
            refunded += amount;
          }
          const rest = totals.grandTotal - refunded;
          if (rest > 0) {
            const last = creditNoteAmounts(invoice, notes, fils(rest), []);
            expect(last.grandTotal).toBe(rest);
            expectSumsHold(last);
            notes.push(last);
          }
          const total = (pick: (d: TaxDocumentAmounts) => number) => notes.reduce((s, d) => s + pick(d), 0);
          expect(total((d) => d.grandTotal)).toBe(invoice.grandTotal);
          expect(total((d) => d.vatTotal)).toBe(invoice.vatTotal);
          expect(total((d) => d.subtotal)).toBe(invoice.subtotal);
          expect(total((d) => d.discount)).toBe(invoice.discount);
        },
      ),
      { numRuns: 500 },
    );
  });

  it('refuses nothing and more than is left', () => {
    const { lines, totals } = orderOf([{ unitPrice: 10_500, discount: 0, quantity: 1 }], null);
    const invoice = invoiceAmounts(lines, totals);
    expect(() => creditNoteAmounts(invoice, [], fils(0), [])).toThrow(/positive/);
    expect(() => creditNoteAmounts(invoice, [], fils(10_501), [])).toThrow(/more than is left/);
  });
});

describe('invoiceFormFor and documentNumber', () => {
  const aed = (n: number) => fils(n * 100) as Fils;
  it('is full for a registered buyer or above AED 10,000, simplified otherwise', () => {
    expect(invoiceFormFor({ buyerTrn: null, grandTotal: aed(10_000) })).toBe('simplified');
    expect(invoiceFormFor({ buyerTrn: null, grandTotal: fils(1_000_001) })).toBe('full');
    expect(invoiceFormFor({ buyerTrn: '100123456700003', grandTotal: aed(10) })).toBe('full');
  });
  it('numbers on six digits after the series', () => {
    expect(documentNumber('INV', 42)).toBe('INV-000042');
    expect(documentNumber('CN', 1_234_567)).toBe('CN-1234567');
  });
});
