// Guest cart lines that did not come into the cart whole, kept in the browser under
// 'cart-set-aside' (docs/product.md#data, #cart): nothing the shopper chose vanishes silently
// (docs/decisions/0030-nothing-vanishes-and-coupon-states.md). The merge after sign-in and the
// guest cart's refresh put lines here; the cart page shows them until the shopper moves them to
// the wishlist, removes them, or the product is in the cart again. Storage keeps the browser's model.
import { persistentAtom } from '@nanostores/persistent';
import type { SetAsideLine, SetAsideReason } from './api/cart.model';
import { decodeList } from './cart.store';

export type { SetAsideLine, SetAsideReason } from './api/cart.model';

const REASONS: readonly string[] = ['unavailable', 'out-of-stock', 'stock', 'line-cap', 'cart-cap'] satisfies SetAsideReason[];
const isCount = (value: unknown): value is number => Number.isInteger(value) && (value as number) >= 0;

/** Storage can hold anything: keep only lines that are set-aside lines. */
function isSetAsideLine(value: unknown): value is SetAsideLine {
  if (value === null || typeof value !== 'object') return false;
  const v = value as Record<string, unknown>;
  return (
    isCount(v.productId) &&
    (v.productId as number) > 0 &&
    typeof v.name === 'string' &&
    typeof v.image === 'string' &&
    (v.color === null || typeof v.color === 'string') &&
    isCount(v.unitPrice) &&
    typeof v.discount === 'number' &&
    isCount(v.requested) &&
    isCount(v.kept) &&
    typeof v.reason === 'string' &&
    REASONS.includes(v.reason)
  );
}

export const $setAside = persistentAtom<SetAsideLine[]>('cart-set-aside', [], {
  encode: (lines) => JSON.stringify(lines),
  decode: (text) => decodeList(text, isSetAsideLine),
});

/** Adds lines; a product already set aside takes the newer line. */
export function setAside(lines: readonly SetAsideLine[]): void {
  if (lines.length === 0) return;
  const ids = new Set(lines.map((l) => l.productId));
  $setAside.set([...$setAside.get().filter((l) => !ids.has(l.productId)), ...lines]);
}

export function dropSetAside(productId: number): void {
  const lines = $setAside.get();
  if (lines.some((l) => l.productId === productId)) $setAside.set(lines.filter((l) => l.productId !== productId));
}

/**
 * Keeps what still says something about the cart `inCart` (its product ids): a line that did not
 * come in goes once its product is in the cart again; a note on a partly merged line goes with the line.
 */
export function pruneSetAside(inCart: ReadonlySet<number>): void {
  const lines = $setAside.get();
  const kept = lines.filter((l) => (l.kept === 0 ? !inCart.has(l.productId) : inCart.has(l.productId)));
  if (kept.length !== lines.length) $setAside.set(kept);
}

export function clearSetAside(): void {
  if ($setAside.get().length > 0) $setAside.set([]);
}
