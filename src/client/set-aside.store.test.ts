// The lines set aside from the cart (docs/product.md#cart; docs/decisions/0030-nothing-vanishes-and-coupon-states.md):
// a newer line replaces an older one of the same product, notes go with their line, lines not in the
// cart go once their product is back in it, and storage that holds anything else is ignored.
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { fils } from '@/domain/money';
import type { SetAsideLine } from './api/cart.model';

const storage: Record<string, string> = {};
Object.defineProperties(storage, {
  getItem: { value: (key: string) => (Object.hasOwn(storage, key) ? storage[key] : null) },
  setItem: { value: (key: string, value: string) => void (storage[key] = String(value)) },
  removeItem: { value: (key: string) => void delete storage[key] },
});
vi.stubGlobal('localStorage', storage);

const { $setAside, clearSetAside, dropSetAside, pruneSetAside, setAside } = await import('./set-aside.store');

const line = (productId: number, extra: Partial<SetAsideLine> = {}): SetAsideLine => ({
  productId,
  name: `Product ${productId}`,
  image: '',
  color: null,
  unitPrice: fils(10_000),
  discount: 0,
  requested: 2,
  kept: 0,
  reason: 'out-of-stock',
  ...extra,
});

describe('set-aside store', () => {
  beforeEach(() => clearSetAside());

  it('keeps one line per product, the newer one', () => {
    setAside([line(1), line(2)]);
    setAside([line(1, { reason: 'unavailable' })]);
    expect($setAside.get().map((l) => [l.productId, l.reason])).toEqual([
      [2, 'out-of-stock'],
      [1, 'unavailable'],
    ]);
    dropSetAside(2);
    expect($setAside.get().map((l) => l.productId)).toEqual([1]);
  });

  it('drops a line once its product is in the cart again, and a note once its line has gone', () => {
    setAside([line(1), line(2), line(3, { kept: 1, reason: 'stock' }), line(4, { kept: 1, reason: 'stock' })]);
    pruneSetAside(new Set([2, 3]));
    expect($setAside.get().map((l) => l.productId)).toEqual([1, 3]);
  });

  it('stores the lines as they are, and ignores storage that is not a list of such lines', async () => {
    setAside([line(5, { kept: 1, reason: 'cart-cap' })]);
    expect(JSON.parse(storage['cart-set-aside']!)).toEqual([line(5, { kept: 1, reason: 'cart-cap' })]);
    storage['cart-set-aside'] = JSON.stringify([{ productId: 'x' }, line(6, { reason: 'whatever' as SetAsideLine['reason'] }), line(7)]);
    vi.resetModules();
    const fresh = await import('./set-aside.store');
    expect(fresh.$setAside.get().map((l) => l.productId)).toEqual([7]);
  });
});
