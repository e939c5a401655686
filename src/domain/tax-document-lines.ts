// The lines and totals of a tax invoice or credit note, from the order exactly as the pricing rules
// computed it (docs/decisions/0051-tax-invoices.md#amounts). Pure integer fils: the order's
// subtotal, coupon discount and VAT are spread over its lines by largest remainders, so the
// document's sums hold to the fil (TaxDocument's rule in ./tax-invoice.ts) and its totals ARE the
// order's, never recomputed from rounded unit prices.
import { FILS_PER_AED, VAT_RATE_PERCENT } from './constants';
import { fils, type Fils } from './money';
import { SIMPLIFIED_INVOICE_MAX_AED, type TaxDocumentLine, type TaxInvoiceForm } from './tax-invoice';

/**
 * Which event is the supply, per payment type (docs/decisions/0051-tax-invoices.md#when-the-supply): a card
 * order's invoice is issued when it is paid, a cash order's when staff mark it delivered.
 */
export const SUPPLY_EVENT = { online: 'paid', cash_on_delivery: 'delivered' } as const satisfies Record<
  'online' | 'cash_on_delivery',
  'paid' | 'delivered'
>;
export type SupplyEvent = (typeof SUPPLY_EVENT)[keyof typeof SUPPLY_EVENT];

/**
 * Splits `total` into integer parts proportional to `weights` that add up to `total` exactly
 * (largest remainder: each part is its floor, and the fils left go one each to the largest
 * fractions, the earlier line first on a tie). Zero weights get nothing, unless all are zero:
 * then the parts are equal shares. Exact in BigInt whatever the sizes.
 */
export function allocate(total: number, weights: readonly number[]): number[] {
  if (weights.length === 0) return [];
  if (!Number.isInteger(total) || total < 0) throw new RangeError(`allocate: ${total} is not a whole amount of fils`);
  const positive = weights.map((w) => (Number.isFinite(w) && w > 0 ? Math.round(w) : 0));
  const w = positive.some((x) => x > 0) ? positive : positive.map(() => 1);
  const sum = w.reduce((a, b) => a + BigInt(b), 0n);
  const t = BigInt(total);
  const parts = w.map((x) => (t * BigInt(x)) / sum);
  const remainders = w.map((x, i) => ({ i, r: (t * BigInt(x)) % sum }));
  let left = Number(t - parts.reduce((a, b) => a + b, 0n));
  remainders.sort((a, b) => (a.r === b.r ? a.i - b.i : a.r > b.r ? -1 : 1));
  for (const { i } of remainders) {
    if (left <= 0) break;
    parts[i]! += 1n;
    left--;
  }
  return parts.map(Number);
}

/** What an invoice needs of one order line (an order_lines row). */
export interface InvoiceSourceLine {
  name: string;
  sku: string;
  /** The list price, VAT included. */
  unitPrice: Fils;
  /** The product's own percent discount. */
  discount: number;
  quantity: number;
  /** Shelf price x quantity, VAT included. */
  lineTotal: Fils;
}

/** What an invoice needs of the order's totals, as placement stored them. */
export interface InvoiceSourceTotals {
  subTotal: Fils;
  discountAmount: Fils;
  taxAmount: Fils;
  grandTotal: Fils;
}

export interface TaxDocumentAmounts {
  lines: TaxDocumentLine[];
  subtotal: Fils;
  discount: Fils;
  netTotal: Fils;
  vatTotal: Fils;
  grandTotal: Fils;
}

function totalsOf(lines: TaxDocumentLine[]): TaxDocumentAmounts {
  const sum = (pick: (l: TaxDocumentLine) => number) => fils(lines.reduce((s, l) => s + pick(l), 0));
  const subtotal = sum((l) => l.netAmount);
  const discount = sum((l) => l.couponShare);
  const vatTotal = sum((l) => l.vatAmount);
  const netTotal = fils(subtotal - discount);
  return { lines, subtotal, discount, netTotal, vatTotal, grandTotal: fils(netTotal + vatTotal) };
}

const unitOf = (net: number, quantity: number) => fils(quantity > 0 ? Math.round(net / quantity) : net);

/**
 * The invoice's lines for an order: the order's subtotal spread over its lines by their shelf
 * totals, its coupon discount by their net amounts, its VAT by what is left of each after the
 * coupon. Each spread adds up to the order's figure, so subtotal, discount, VAT and grand total
 * are the order's own. The unit price printed is the line's net amount over its quantity, to the fil.
 */
export function invoiceAmounts(lines: readonly InvoiceSourceLine[], order: InvoiceSourceTotals): TaxDocumentAmounts {
  const consistent = order.subTotal - order.discountAmount + order.taxAmount === order.grandTotal;
  if (!consistent) throw new RangeError('the order totals do not add up: subtotal - discount + VAT must be the grand total');
  const net = allocate(
    order.subTotal,
    lines.map((l) => l.lineTotal),
  );
  const coupon = allocate(order.discountAmount, net);
  const vat = allocate(
    order.taxAmount,
    net.map((n, i) => n - coupon[i]!),
  );
  const out: TaxDocumentLine[] = lines.map((l, i) => {
    const after = net[i]! - coupon[i]!;
    return {
      description: l.name,
      sku: l.sku,
      quantity: l.quantity,
      unitPriceNet: unitOf(net[i]!, l.quantity),
      discountPercent: l.discount,
      netAmount: fils(net[i]!),
      couponShare: fils(coupon[i]!),
      vatRatePercent: VAT_RATE_PERCENT,
      vatAmount: fils(vat[i]!),
      grossAmount: fils(after + vat[i]!),
      invoiceLine: i,
    };
  });
  return totalsOf(out);
}

/** Units of one invoice line a credit note takes back. */
export interface CreditSelection {
  /** The invoice line's index. */
  invoiceLine: number;
  /** Units returned by this correction (0 on a money-only refund). */
  quantity: number;
}

/**
 * A credit note's lines and totals for `amount` (VAT included) given back on an invoice. `previous`
 * are the credit notes already issued on it. The amount is spread over the returned units'
 * lines by their gross amounts (over every line still open when no units are named), each
 * line's share split into net, coupon and VAT as on the invoice. When the amount is all that is
 * left of the invoice, each line takes exactly what is left of it, so an invoice's credit notes
 * add up to it to the fil, in net, discount, VAT and total.
 */
export function creditNoteAmounts(
  invoice: Pick<TaxDocumentAmounts, 'lines' | 'grandTotal'>,
  previous: readonly Pick<TaxDocumentAmounts, 'lines' | 'grandTotal'>[],
  amount: Fils,
  selection: readonly CreditSelection[],
): TaxDocumentAmounts {
  const left = invoice.lines.map((l, i) => {
    const credited = previous.flatMap((p) => p.lines.filter((c) => c.invoiceLine === i));
    const sum = (pick: (x: TaxDocumentLine) => number) => pick(l) - credited.reduce((s, c) => s + pick(c), 0);
    return {
      net: sum((x) => x.netAmount),
      coupon: sum((x) => x.couponShare),
      vat: sum((x) => x.vatAmount),
      gross: sum((x) => x.grossAmount),
      quantity: sum((x) => x.quantity),
    };
  });
  const openGross = left.reduce((s, l) => s + Math.max(l.gross, 0), 0);
  if (amount <= 0) throw new RangeError('a credit note gives back a positive amount');
  if (amount > openGross) throw new RangeError('a credit note cannot give back more than is left of its invoice');
  const units = new Map<number, number>();
  for (const s of selection) if (s.quantity > 0) units.set(s.invoiceLine, (units.get(s.invoiceLine) ?? 0) + s.quantity);
  const line = (i: number, part: { net: number; coupon: number; vat: number; quantity: number }): TaxDocumentLine => {
    const source = invoice.lines[i]!;
    return {
      ...source,
      quantity: part.quantity,
      unitPriceNet: source.unitPriceNet,
      netAmount: fils(part.net),
      couponShare: fils(part.coupon),
      vatAmount: fils(part.vat),
      grossAmount: fils(part.net - part.coupon + part.vat),
      invoiceLine: i,
    };
  };
  if (amount === openGross) {
    const open = (l: (typeof left)[number]) => l.gross !== 0 || l.net !== 0 || l.coupon !== 0 || l.vat !== 0;
    return totalsOf(left.flatMap((l, i) => (open(l) ? [line(i, { ...l, quantity: Math.max(l.quantity, 0) })] : [])));
  }
  const weights = invoice.lines.map((l, i) => {
    if (left[i]!.gross <= 0) return 0;
    if (units.size === 0) return left[i]!.gross;
    const n = units.get(i) ?? 0;
    return l.quantity > 0 ? (l.grossAmount * n) / l.quantity : 0;
  });
  const gross = allocate(amount, weights);
  // No line gives back more than is left of it: a fil over (rounding) goes to the next line with room.
  let over = 0;
  gross.forEach((g, i) => {
    const room = Math.max(left[i]!.gross, 0);
    if (g > room) {
      over += g - room;
      gross[i] = room;
    }
  });
  for (let i = 0; over > 0 && i < gross.length; i++) {
    const room = Math.max(left[i]!.gross, 0) - gross[i]!;
    const moved = Math.min(room, over);
    gross[i]! += moved;
    over -= moved;
  }
  const clamp = (x: number, max: number) => Math.min(Math.max(x, 0), Math.max(max, 0));
  const out: TaxDocumentLine[] = [];
  gross.forEach((g, i) => {
    if (g <= 0) return;
    const rest = left[i]!;
    // Split as what is left of the line splits, so what stays open keeps the invoice's proportions.
    const vat = clamp(rest.gross > 0 ? Math.round((g * rest.vat) / rest.gross) : 0, rest.vat);
    const after = g - vat;
    const base = rest.net - rest.coupon;
    const coupon = clamp(base > 0 ? Math.round((after * rest.coupon) / base) : 0, rest.coupon);
    out.push(line(i, { net: after + coupon, coupon, vat, quantity: units.get(i) ?? 0 }));
  });
  return totalsOf(out);
}

/** Full when the buyer is VAT-registered or the total is above AED 10,000; else simplified. */
export function invoiceFormFor(order: { buyerTrn: string | null; grandTotal: Fils }): TaxInvoiceForm {
  return order.buyerTrn !== null || order.grandTotal > SIMPLIFIED_INVOICE_MAX_AED * FILS_PER_AED ? 'full' : 'simplified';
}

/** A document's printed number: the series, a dash and the sequence on six digits (INV-000042). */
export function documentNumber(series: string, sequence: number): string {
  return `${series}-${String(sequence).padStart(6, '0')}`;
}
