// The catalog's current view of some products, for the guest cart and wishlist pages, which
// bring what the browser stored up to date (features/cart and features/wishlist guest-refresh).
import { callApi } from './api-client';

export interface CatalogProduct {
  id: number;
  name: string;
  unit_price: number;
  discount: number;
  quantity: number;
  thumbnail_img_link: string;
  weight: number;
  color: string | null;
  hex_code: string | null;
}

export type Lookup = Map<number, CatalogProduct | 'missing'>;

function isProduct(value: unknown): value is CatalogProduct {
  if (value === null || typeof value !== 'object') return false;
  const v = value as Record<string, unknown>;
  return typeof v.id === 'number' && typeof v.name === 'string' && typeof v.unit_price === 'number' && typeof v.quantity === 'number';
}

/** The catalog's view of each product; a product the catalog no longer has is 'missing'; an unanswered one is left out. */
export async function lookUpProducts(ids: readonly number[]): Promise<Lookup> {
  const found: Lookup = new Map();
  const queue = [...new Set(ids)];
  const worker = async () => {
    for (let id = queue.shift(); id !== undefined; id = queue.shift()) {
      const answer = await callApi('products/product-view', { query: { product_id: id } });
      if (answer.status === 404) found.set(id, 'missing');
      else if (answer.ok && isProduct(answer.data)) found.set(id, answer.data);
    }
  };
  await Promise.all(Array.from({ length: Math.min(4, queue.length) }, worker));
  return found;
}
