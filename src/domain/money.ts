// Money is integer fils inside the shop and AED numbers on the wire
// (docs/decisions/0002-money-in-fils-api-in-aed.md). Both are branded numbers, so passing one
// where the other is wanted is a compile error; the brands exist only for the compiler (at run
// time a Fils or an Aed is a plain number). This is also the one place that turns money into text.
import { CURRENCY, FILS_PER_AED } from './constants';

declare const unit: unique symbol;

/** An amount in fils, the integer hundredth of a dirham: prices, totals and discounts inside the shop. */
export type Fils = number & { readonly [unit]: 'fils' };

/** An amount in AED with up to two decimals: money as the API sends it and as a shopper types it. */
export type Aed = number & { readonly [unit]: 'aed' };

/** A number in AED: from the wire (Aed) or a plain number a shopper typed, never Fils. */
export type AedInput = number & { readonly [unit]?: 'aed' };

/** Checks that an amount is a whole number of fils (a database value, a literal in a test). */
export function fils(amount: number): Fils {
  if (!Number.isSafeInteger(amount)) throw new RangeError(`Not a whole number of fils: ${amount}`);
  return amount as Fils;
}

/** Marks a number as AED (a shopper's input, a figure read from a form). */
export function aed(amount: number): Aed {
  return amount as Aed;
}

export const ZERO_FILS = fils(0);

/** 1234.5 (AED, as typed or sent) -> 123450 fils, rounded to the fil. */
export function aedToFils(amount: AedInput): Fils {
  return Math.round(amount * FILS_PER_AED) as Fils;
}

/** 123450 -> 1234.5: money as the API sends it. */
export function filsToAed(amount: Fils): Aed {
  return (amount / FILS_PER_AED) as Aed;
}

/** A rational amount of fils rounded to the fil, halves up (the one rounding rule of the pricing). */
export function roundToFils(amount: number): Fils {
  return Math.round(amount) as Fils;
}

export function addFils(a: Fils, b: Fils): Fils {
  return (a + b) as Fils;
}

export function subtractFils(a: Fils, b: Fils): Fils {
  return (a - b) as Fils;
}

export function sumFils(amounts: Iterable<Fils>): Fils {
  let total = 0;
  for (const amount of amounts) total += amount;
  return total as Fils;
}

/** A unit price times a quantity of units. */
export function timesQuantity(unitPrice: Fils, quantity: number): Fils {
  return (unitPrice * quantity) as Fils;
}

/** `percent` per cent of an amount, rounded to the fil. */
export function percentOf(amount: Fils, percent: number): Fils {
  return roundToFils((amount * percent) / 100);
}

export function minFils(...amounts: Fils[]): Fils {
  return Math.min(...amounts) as Fils;
}

export function maxFils(...amounts: Fils[]): Fils {
  return Math.max(...amounts) as Fils;
}

const amountFormat = new Intl.NumberFormat('en-AE', { minimumFractionDigits: 2, maximumFractionDigits: 2 });

/** 123450 -> "1,234.50" */
export function formatAmount(amount: Fils): string {
  return amountFormat.format(amount / FILS_PER_AED);
}

/** Joins the currency and the number so that a line never breaks between them (docs/decisions/0032-cards-and-prices.md). */
export const NO_BREAK_SPACE = '\u00A0';

/** 123450 -> "AED 1,234.50", with a no-break space after AED: every price the shop shows, mails and prints. */
export function formatPrice(amount: Fils): string {
  return `${CURRENCY}${NO_BREAK_SPACE}${formatAmount(amount)}`;
}
