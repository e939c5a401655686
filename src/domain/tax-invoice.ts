// UAE tax invoices and credit notes (docs/decisions/0051-tax-invoices.md): what an issued document
// says, frozen when it is issued. The issuing service builds it from the order; the PDF renders it;
// nothing recomputes it later. Amounts are fils (docs/decisions/0002-money-in-fils-api-in-aed.md).
import type { Fils } from './money';

/** A TRN (tax registration number) is 15 digits; spaces and dashes people type are dropped first. */
export const TRN_DIGITS = 15;

/** Above this total (AED, VAT included) or for a VAT-registered buyer, only a full tax invoice will do. */
export const SIMPLIFIED_INVOICE_MAX_AED = 10_000;

/** The TRN typed by a person, without the spaces and dashes, or null when it is not 15 digits. */
export function normaliseTrn(input: string): string | null {
  const digits = input.replace(/[\s-]/g, '');
  return /^\d+$/.test(digits) && digits.length === TRN_DIGITS ? digits : null;
}

/** full: every field of the regulations; simplified: for a consumer when the total is at most AED 10,000. */
export type TaxInvoiceForm = 'full' | 'simplified';

export interface TaxParty {
  name: string;
  /** One line per part of the address, as printed. */
  address: string[];
  /** The supplier's TRN always; the buyer's only when the buyer is VAT-registered. */
  trn: string | null;
}

export interface TaxDocumentLine {
  description: string;
  sku: string;
  quantity: number;
  /** The unit price excluding VAT, after the product's own discount. */
  unitPriceNet: Fils;
  /** The product's own percent discount on its list price (0 for none). */
  discountPercent: number;
  /** quantity x unit price, excluding VAT, before the order's coupon. */
  netAmount: Fils;
  /** This line's share of the order's coupon discount (excluding VAT). */
  couponShare: Fils;
  vatRatePercent: number;
  /** VAT on (netAmount - couponShare). */
  vatAmount: Fils;
  /** netAmount - couponShare + vatAmount. */
  grossAmount: Fils;
  /** The invoice line (its index in the invoice's lines) this line is or corrects. */
  invoiceLine?: number;
}

/**
 * An issued tax invoice or tax credit note as printed. Sums hold to the fil:
 * sum(netAmount) = subtotal, sum(couponShare) = discount, sum(vatAmount) = vatTotal,
 * subtotal - discount = netTotal, netTotal + vatTotal = grandTotal (= the order's grand total for an invoice).
 */
export interface TaxDocument {
  type: 'invoice' | 'credit_note';
  form: TaxInvoiceForm;
  /** e.g. INV-000042 or CN-000007: the series prefix and the sequence, gapless per series. */
  number: string;
  /** ISO timestamp of issue. */
  issuedAt: string;
  /** The date of supply (YYYY-MM-DD, Asia/Dubai) when it differs from the date of issue, else null. */
  supplyDate: string | null;
  orderId: number;
  currency: 'AED';
  supplier: TaxParty;
  /** The recipient: null on a simplified invoice without a name. */
  buyer: TaxParty | null;
  lines: TaxDocumentLine[];
  subtotal: Fils;
  discount: Fils;
  netTotal: Fils;
  vatTotal: Fils;
  grandTotal: Fils;
  /** A credit note's invoice, and why it was issued. */
  corrects: { number: string; issuedAt: string } | null;
  reason: string | null;
}
