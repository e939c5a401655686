// The wishlist page's island (docs/product.md#wishlist): thumbnail, name, the product's own
// colour (name and swatch) where it has one, price in AED, Move to cart, Go to Product and Remove.
import { useEffect, useState } from 'react';
import { useHydrated } from '@/client/use-hydrated';
import { useStore } from '@nanostores/react';
import { showToast } from '@/client/toast';
import { formatPrice } from '@/domain/money';
import { shelfPrice } from '@/domain/pricing';
import { reconcileAccount } from '@/features/cart/cart.session';
import { refreshGuestWishlist } from './guest-refresh';
import { $wishlist, type WishlistItem } from '@/client/wishlist.store';
import type { MoveToCartResult } from './wishlist.actions';
import { cartMessages } from '@/domain/messages/cart';
import { wishlistTexts as t } from '@/domain/messages/wishlist';

// The row actions load on the first click, not with the page (docs/decisions/0042-page-weight.md).
const actions = () => import('./wishlist.actions');

// Only a plain hex colour goes into a style attribute.
const safeHex = (hex: string | null | undefined): string | null => (hex && /^#[0-9a-f]{3,8}$/i.test(hex) ? hex : null);

/** Why Move to cart did not move the product, said in its row (a toast alone is gone in a second). */
const refusals: Partial<Record<MoveToCartResult, string>> = {
  'out-of-stock': cartMessages.outOfStock,
  missing: cartMessages.productMissing,
  failed: cartMessages.syncFailed,
};

function WishlistRow({ item }: { item: WishlistItem }) {
  const discount = item.discount;
  const listPrice = item.unitPrice;
  const price = shelfPrice(listPrice, discount);
  const hex = safeHex(item.colorHex);
  const [moving, setMoving] = useState(false);
  const [refusal, setRefusal] = useState<string | null>(null);
  const soldOut = item.stock !== undefined && item.stock <= 0;
  const remove = async () => {
    const result = await (await actions()).removeProductFromWishlist(item.id);
    if (result?.ok) showToast(result.message ?? cartMessages.wishlistRemoved);
  };
  const moveToCart = async () => {
    if (moving) return;
    setMoving(true);
    setRefusal(null);
    try {
      const result = await (await actions()).moveWishlistItemToCart(item);
      const refused = refusals[result];
      if (refused) {
        setRefusal(refused);
        // A signed-in refusal has already said why (and rolled back).
        if (result !== 'failed') showToast(refused, 'error');
      } else showToast(result === 'moved' ? cartMessages.movedToCart : cartMessages.alreadyInCartMoved);
    } finally {
      setMoving(false);
    }
  };
  return (
    <div
      role="row"
      className="grid grid-cols-[4.5rem_minmax(0,1fr)] gap-x-3 gap-y-3 py-4 sm:grid-cols-[5.5rem_minmax(0,1fr)] lg:grid-cols-[minmax(0,1fr)_7rem_9rem_22rem] lg:items-center lg:gap-x-4"
      data-testid="wishlist-line"
      data-product-id={item.id}
    >
      <div role="cell" className="contents lg:flex lg:min-w-0 lg:items-center lg:gap-4">
        <a
          href={`/product/${item.id}`}
          className="row-span-3 block shrink-0 self-start overflow-hidden rounded-lg border border-ink-100 bg-ink-50 lg:row-span-1"
          tabIndex={-1}
          aria-hidden="true"
        >
          <img
            src={item.image}
            alt=""
            width="88"
            height="88"
            loading="lazy"
            className="aspect-square h-[4.5rem] w-[4.5rem] object-contain p-1.5 sm:h-[5.5rem] sm:w-[5.5rem]"
          />
        </a>
        <a
          href={`/product/${item.id}`}
          className="line-clamp-2 min-w-0 font-semibold text-ink-900 hover:text-brand-700"
          data-testid="wishlist-line-name"
        >
          {item.name}
        </a>
      </div>
      <div role="cell" className="col-start-2 flex flex-wrap items-center justify-between gap-x-4 gap-y-1 lg:contents">
        <span className="flex items-center gap-2 text-sm text-ink-700" data-testid="wishlist-line-colour">
          {item.color ? (
            <>
              {hex && (
                <span
                  className="h-4 w-4 shrink-0 rounded-full border border-ink-300"
                  style={{ backgroundColor: hex }}
                  aria-hidden="true"
                  data-testid="colour-swatch"
                />
              )}
              <span>
                <span className="text-ink-500 lg:sr-only">{t.colour}: </span>
                {item.color}
              </span>
            </>
          ) : (
            <span className="hidden text-ink-500 lg:inline" aria-hidden="true">
              —
            </span>
          )}
        </span>
        <span className="ms-auto text-end lg:ms-0 lg:text-start">
          {discount > 0 && <del className="me-1.5 text-sm whitespace-nowrap text-ink-500 lg:block">{formatPrice(listPrice)}</del>}
          <span className="font-bold whitespace-nowrap text-ink-900" data-testid="wishlist-line-price">
            {formatPrice(price)}
          </span>
        </span>
      </div>
      <div role="cell" className="col-start-2 flex flex-col gap-1.5 lg:col-start-auto">
        <div className="flex flex-wrap gap-2 lg:flex-nowrap lg:justify-end">
          <button
            type="button"
            onClick={() => void moveToCart()}
            disabled={moving}
            aria-describedby={refusal || soldOut ? `wishlist-${item.id}-stock` : undefined}
            className="btn-primary flex-1 px-2 py-2 whitespace-nowrap lg:flex-none lg:px-3"
            aria-label={t.moveToCartNamed(item.name)}
            data-testid="move-to-cart"
          >
            {moving ? t.moving : t.moveToCart}
          </button>
          <a
            href={`/product/${item.id}`}
            className="btn-secondary flex-1 px-2 py-2 whitespace-nowrap lg:flex-none lg:px-3"
            aria-label={t.goToProductNamed(item.name)}
          >
            {t.goToProduct}
          </a>
          <button
            type="button"
            onClick={() => void remove()}
            className="btn-secondary flex-1 px-2 py-2 whitespace-nowrap lg:flex-none lg:px-3"
            aria-label={t.removeItem(item.name)}
          >
            {t.remove}
          </button>
        </div>
        {(refusal || soldOut) && (
          <p
            id={`wishlist-${item.id}-stock`}
            className="text-sm font-medium text-red-700 lg:text-end"
            role="status"
            data-testid="wishlist-line-refusal"
          >
            {refusal ?? t.outOfStock}
          </p>
        )}
      </div>
    </div>
  );
}

export default function WishlistPage({ accountId }: { accountId: number | null }) {
  const items = useStore($wishlist);
  const mounted = useHydrated();

  useEffect(() => {
    void reconcileAccount(accountId).then((id) => {
      if (id === null) void refreshGuestWishlist();
    });
  }, [accountId]);

  if (!mounted)
    return (
      <p className="py-16 text-center text-ink-500" aria-busy="true">
        {t.loading}
      </p>
    );
  if (items.length === 0) {
    return (
      <div className="mx-auto flex max-w-md flex-col items-center py-10 text-center" data-testid="wishlist-empty">
        <img src="/images/states/empty-wishlist.svg" alt={t.emptyImageAlt} width="280" height="210" className="h-auto w-56 sm:w-72" />
        <h2 className="mt-6 text-xl font-bold text-ink-900">{t.emptyTitle}</h2>
        <p className="mt-2 text-ink-500">{t.emptyText}</p>
        <a href="/store" className="btn-primary mt-6 px-8">
          {t.goToStore}
        </a>
      </div>
    );
  }
  return (
    <section aria-label={t.tableLabel}>
      <p className="mb-2 text-sm text-ink-500" data-testid="wishlist-count">
        {t.items(items.length)}
      </p>
      <div role="table" aria-label={t.tableLabel} className="divide-y divide-ink-100 border-y border-ink-100">
        <div
          role="row"
          className="hidden grid-cols-[minmax(0,1fr)_7rem_9rem_22rem] gap-x-4 py-3 text-xs font-semibold tracking-wide text-ink-500 uppercase lg:grid"
        >
          <span role="columnheader">{t.product}</span>
          <span role="columnheader">{t.colour}</span>
          <span role="columnheader">{t.price}</span>
          <span role="columnheader" className="text-end">
            <span className="sr-only">{t.actions}</span>
          </span>
        </div>
        {items.map((item) => (
          <WishlistRow key={item.id} item={item} />
        ))}
      </div>
    </section>
  );
}
