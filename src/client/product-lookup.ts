// The catalog's current view of some products, for the guest cart and wishlist pages, which
// bring what the browser stored up to date (features/cart and features/wishlist guest-refresh).
import type { AnswerOf } from '@/domain/api/endpoint';
import type { Contract } from '@/domain/api/index';
import { call } from './api-client';
import { endpoints } from './api/endpoints.gen';

/** One product as the catalog's product view sends it (wire form: AED, snake_case). */
export type CatalogProduct = AnswerOf<Contract['catalog']['productView']>;

export type Lookup = Map<number, CatalogProduct | 'missing'>;

/** The catalog's view of each product; a product the catalog no longer has is 'missing'; an unanswered one is left out. */
export async function lookUpProducts(ids: readonly number[]): Promise<Lookup> {
  const found: Lookup = new Map();
  const queue = [...new Set(ids)];
  const worker = async () => {
    for (let id = queue.shift(); id !== undefined; id = queue.shift()) {
      const answer = await call(endpoints.catalog.productView, { query: { product_id: id } });
      if (answer.status === 404) found.set(id, 'missing');
      else if (answer.ok && answer.data) found.set(id, answer.data);
    }
  };
  await Promise.all(Array.from({ length: Math.min(4, queue.length) }, worker));
  return found;
}
