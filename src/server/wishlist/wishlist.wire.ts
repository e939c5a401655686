// The wishlist in wire form, the one place for it (docs/architecture.md#the-api-contract): prices in AED.
import type { z } from 'zod';
import type { wishlistItemWire } from '@/domain/api/cart';
import { filsToAed } from '@/domain/money';
import type { WishlistEntry } from '@/server/wishlist/wishlist.service';

export function wishlistItemJson(w: WishlistEntry): z.input<typeof wishlistItemWire> {
  return {
    id: w.id,
    name: w.name,
    thumbnail_img_link: w.thumbnail,
    unit_price: filsToAed(w.unitPrice),
    discount: w.discount,
    discounted_price: filsToAed(w.shelfPrice),
    color: w.colorName,
    hex_code: w.colorHex,
    stock: w.stock,
  };
}
