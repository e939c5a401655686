// Price filter buckets of docs/decisions/0019-catalog.md: together they cover every price, with no gaps.
import { aed, aedToFils, fils, type Fils } from './money';

export interface PriceBucket {
  /** Also the key of its label in the message catalog (storeTexts.priceBuckets). */
  id: string;
  /** Inclusive lower bound in fils. */
  min: Fils;
  /** Exclusive upper bound in fils; null means no upper bound. */
  max: Fils | null;
}

const aedBound = (amount: number) => aedToFils(aed(amount));

export const PRICE_BUCKETS: readonly PriceBucket[] = [
  { id: '0-1000', min: fils(0), max: aedBound(1_000) },
  { id: '1000-10000', min: aedBound(1_000), max: aedBound(10_000) },
  { id: '10000-20000', min: aedBound(10_000), max: aedBound(20_000) },
  { id: '20000-50000', min: aedBound(20_000), max: aedBound(50_000) },
  { id: '50000-100000', min: aedBound(50_000), max: aedBound(100_000) },
  { id: '100000-', min: aedBound(100_000), max: null },
];

export function bucketById(id: string): PriceBucket | undefined {
  return PRICE_BUCKETS.find((b) => b.id === id);
}

export function bucketForPrice(price: Fils): PriceBucket {
  const found = PRICE_BUCKETS.find((b) => price >= b.min && (b.max === null || price < b.max));
  // Negative prices cannot exist (the schema refuses them); the first bucket is the floor.
  return found ?? PRICE_BUCKETS[0]!;
}
