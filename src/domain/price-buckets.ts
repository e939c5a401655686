// Price filter buckets of D5: together they cover every price, with no gaps.
import { FILS_PER_AED } from './constants';

export interface PriceBucket {
  /** Also the key of its label in the message catalog (storeTexts.priceBuckets). */
  id: string;
  /** Inclusive lower bound in fils. */
  min: number;
  /** Exclusive upper bound in fils; null means no upper bound. */
  max: number | null;
}

const aed = (n: number) => n * FILS_PER_AED;

export const PRICE_BUCKETS: readonly PriceBucket[] = [
  { id: '0-1000', min: 0, max: aed(1_000) },
  { id: '1000-10000', min: aed(1_000), max: aed(10_000) },
  { id: '10000-20000', min: aed(10_000), max: aed(20_000) },
  { id: '20000-50000', min: aed(20_000), max: aed(50_000) },
  { id: '50000-100000', min: aed(50_000), max: aed(100_000) },
  { id: '100000-', min: aed(100_000), max: null },
];

export function bucketById(id: string): PriceBucket | undefined {
  return PRICE_BUCKETS.find((b) => b.id === id);
}

export function bucketForPrice(fils: number): PriceBucket {
  const found = PRICE_BUCKETS.find((b) => fils >= b.min && (b.max === null || fils < b.max));
  // Negative prices cannot exist (the schema refuses them); the first bucket is the floor.
  return found ?? PRICE_BUCKETS[0]!;
}
