// Money is integer fils everywhere (D4); this is the one place that turns it into text.
import { CURRENCY, FILS_PER_AED } from './constants';

const amountFormat = new Intl.NumberFormat('en-AE', { minimumFractionDigits: 2, maximumFractionDigits: 2 });

/** 123450 -> "1,234.50" */
export function formatAmount(fils: number): string {
  return amountFormat.format(fils / FILS_PER_AED);
}

/** 123450 -> "AED 1,234.50" */
export function formatPrice(fils: number): string {
  return `${CURRENCY} ${formatAmount(fils)}`;
}

/** 1234.5 (AED, as typed or sent) -> 123450 fils, rounded to the fil. */
export function aedToFils(aed: number): number {
  return Math.round(aed * FILS_PER_AED);
}

/** 123450 -> 1234.5, for API fields that the spec gives in AED. */
export function filsToAed(fils: number): number {
  return fils / FILS_PER_AED;
}
