// Sample tax documents for the PDF's tests and its sample script (scripts/sample-tax-documents.ts):
// a full invoice to a VAT-registered company, a simplified invoice to a consumer, a credit note, and
// a long order. Their sums hold as the TaxDocument's comments say (src/domain/tax-invoice.ts).
import { type Fils, fils, percentOf, sumFils } from '@/domain/money';
import type { TaxDocument, TaxDocumentLine, TaxParty } from '@/domain/tax-invoice';

export const SAMPLE_SUPPLIER: TaxParty = {
  name: 'Safe Buddy Trading LLC',
  address: ['Office 1204, Al Attar Business Tower', 'Sheikh Zayed Road, Dubai', 'United Arab Emirates'],
  trn: '100234567800003',
};

export const SAMPLE_COMPANY: TaxParty = {
  name: 'شركة الخليج للتجارة ذ.م.م (Gulf Trading LLC)',
  address: ['Warehouse 7, Al Quoz Industrial Area 3', 'دبي، الإمارات العربية المتحدة'],
  trn: '100987654300003',
};

interface LineInput {
  description: string;
  sku: string;
  quantity: number;
  /** Unit price excluding VAT after the product's own discount. */
  unitPriceNet: number;
  discountPercent?: number;
}

/** Lines with the coupon spread in proportion to each line's net amount (the remainder on the last). */
export function sampleLines(inputs: LineInput[], couponDiscount: Fils = fils(0), vatRatePercent = 5): TaxDocumentLine[] {
  const nets = inputs.map((l) => fils(l.unitPriceNet * l.quantity));
  const subtotal = sumFils(nets);
  let spread = 0;
  return inputs.map((l, i) => {
    const netAmount = nets[i]!;
    const couponShare =
      i === inputs.length - 1 ? fils(couponDiscount - spread) : fils(Math.floor((couponDiscount * netAmount) / Math.max(1, subtotal)));
    spread += couponShare;
    const vatAmount = percentOf(fils(netAmount - couponShare), vatRatePercent);
    return {
      description: l.description,
      sku: l.sku,
      quantity: l.quantity,
      unitPriceNet: fils(l.unitPriceNet),
      discountPercent: l.discountPercent ?? 0,
      netAmount,
      couponShare,
      vatRatePercent,
      vatAmount,
      grossAmount: fils(netAmount - couponShare + vatAmount),
    };
  });
}

/** The document's totals from its lines. */
export function withTotals(base: Omit<TaxDocument, 'subtotal' | 'discount' | 'netTotal' | 'vatTotal' | 'grandTotal'>): TaxDocument {
  const subtotal = sumFils(base.lines.map((l) => l.netAmount));
  const discount = sumFils(base.lines.map((l) => l.couponShare));
  const vatTotal = sumFils(base.lines.map((l) => l.vatAmount));
  const netTotal = fils(subtotal - discount);
  return { ...base, subtotal, discount, netTotal, vatTotal, grandTotal: fils(netTotal + vatTotal) };
}

const FULL_LINES: LineInput[] = [
  { description: 'Ironclad FireGuard 120 Fire Safe FG-60E (Size (L))', sku: 'IC-FG-60E', quantity: 2, unitPriceNet: 461905 },
  { description: 'خزنة حديدية مقاومة للحريق ٦٠ لتر', sku: 'SB-AR-060', quantity: 1, unitPriceNet: 189900, discountPercent: 10 },
  { description: 'Paper shredder P-4 / آلة تمزيق الورق', sku: 'SH-P4-22', quantity: 3, unitPriceNet: 54190 },
  {
    description: 'Mobile shelving, 6 bays, 2.4 m high, powder-coated steel, with anti-tip rails',
    sku: 'MS-6B-24',
    quantity: 1,
    unitPriceNet: 1250000,
  },
];

export const SAMPLE_FULL_INVOICE: TaxDocument = withTotals({
  type: 'invoice',
  form: 'full',
  number: 'INV-000042',
  issuedAt: '2026-11-28T08:15:00.000Z',
  supplyDate: '2026-11-27',
  orderId: 1042,
  currency: 'AED',
  supplier: SAMPLE_SUPPLIER,
  buyer: SAMPLE_COMPANY,
  lines: sampleLines(FULL_LINES, fils(50000)),
  corrects: null,
  reason: null,
});

export const SAMPLE_SIMPLIFIED_INVOICE: TaxDocument = withTotals({
  type: 'invoice',
  form: 'simplified',
  number: 'INV-000043',
  issuedAt: '2026-11-28T10:30:00.000Z',
  supplyDate: null,
  orderId: 1043,
  currency: 'AED',
  supplier: SAMPLE_SUPPLIER,
  buyer: null,
  lines: sampleLines([
    { description: 'Laminating machine A3 / جهاز تغليف', sku: 'LM-A3-01', quantity: 1, unitPriceNet: 42857 },
    { description: 'Flip chart stand', sku: 'FC-100', quantity: 2, unitPriceNet: 28000 },
  ]),
  corrects: null,
  reason: null,
});

export const SAMPLE_CREDIT_NOTE: TaxDocument = withTotals({
  type: 'credit_note',
  form: 'full',
  number: 'CN-000007',
  issuedAt: '2026-11-30T06:00:00.000Z',
  supplyDate: null,
  orderId: 1042,
  currency: 'AED',
  supplier: SAMPLE_SUPPLIER,
  buyer: SAMPLE_COMPANY,
  lines: sampleLines([FULL_LINES[2]!].map((l) => ({ ...l, quantity: 1 }))),
  corrects: { number: 'INV-000042', issuedAt: '2026-11-28T08:15:00.000Z' },
  reason: 'Refund of one shredder returned by the buyer / استرداد آلة تمزيق أعادها المشتري',
});

/** A long order: 60 lines, so the table runs over pages. */
export const SAMPLE_LONG_INVOICE: TaxDocument = withTotals({
  ...SAMPLE_FULL_INVOICE,
  number: 'INV-000044',
  orderId: 1044,
  lines: sampleLines(
    Array.from({ length: 60 }, (_, i) => ({
      description: i % 3 === 1 ? `خزنة مكتبية رقم ${i + 1}` : `Office safe model ${i + 1} with digital lock`,
      sku: `SB-LONG-${String(i + 1).padStart(3, '0')}`,
      quantity: (i % 4) + 1,
      unitPriceNet: 10000 + i * 1234,
      discountPercent: i % 5 === 0 ? 15 : 0,
    })),
    fils(12345),
  ),
});
