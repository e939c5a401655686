// The catalog's current view of some products, for the guest cart and wishlist pages, which
// bring what the browser stored up to date (features/cart and features/wishlist guest-refresh).
// The product view's wire data becomes the few facts those pages need, in fils, here at the border.
import { call } from './api-client';
import { endpoints } from './api/endpoints.gen';
import { aedToFils, type Fils } from '@/domain/money';

export interface CatalogProduct {
  id: number;
  name: string;
  /** The list price, VAT included, in fils. */
  unitPrice: Fils;
  discount: number;
  stock: number;
  image: string;
  /** Kilograms per unit. */
  weight: number;
  color: string | null;
  colorHex: string | null;
}

export type Lookup = Map<number, CatalogProduct | 'missing'>;

/** The catalog's view of each product; a product the catalog no longer has is 'missing'; an unanswered one is left out. */
export async function lookUpProducts(ids: readonly number[]): Promise<Lookup> {
  const found: Lookup = new Map();
  const queue = [...new Set(ids)];
  const worker = async () => {
    for (let id = queue.shift(); id !== undefined; id = queue.shift()) {
      const answer = await call(endpoints.catalog.productView, { query: { product_id: id } });
      if (answer.status === 404) found.set(id, 'missing');
      else if (answer.ok && answer.data !== null) {
        const p = answer.data;
        found.set(id, {
          id: p.id,
          name: p.name,
          unitPrice: aedToFils(p.unit_price),
          discount: p.discount,
          stock: p.quantity,
          image: p.thumbnail_img_link,
          weight: p.weight,
          color: p.color,
          colorHex: p.hex_code,
        });
      }
    }
  };
  await Promise.all(Array.from({ length: Math.min(4, queue.length) }, worker));
  return found;
}
