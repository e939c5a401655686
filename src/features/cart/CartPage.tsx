// The cart page's island (docs/product.md#cart): the lines with their steppers, what could not
// stay in the cart ('No longer available', with Move to wishlist and Remove), and the summary
// with the coupon, the totals (computed by the one pricing module, or the server's own figures
// when signed in: the same numbers), Continue to Checkout and Cash on delivery.
import { useEffect, useState } from 'react';
import { useHydrated } from '@/client/use-hydrated';
import { useStore } from '@nanostores/react';
import { showToast } from '@/client/toast';
import { CART_MAX_QUANTITY, CART_MAX_UNITS } from '@/domain/cart-rules';
import { cartMessages as cm, cartTexts as t } from '@/domain/messages/cart';
import { formatPrice, timesQuantity, ZERO_FILS } from '@/domain/money';
import { cartTotals, shelfPrice, type CartTotals } from '@/domain/pricing';
import { rememberOpener, signInThenGoTo } from '@/client/session';
import { call } from '@/client/api-client';
import { endpoints } from '@/client/api/endpoints.gen';
import { toAddresses } from '@/client/api/checkout';
import { $coupon, couponTermsOf } from '@/client/coupon.store';
import { couponProblem } from '@/features/coupon/coupon.actions';
import { CouponBox } from '@/features/coupon/CouponBox';
import { $cart, type CartLine as CartLineModel } from '@/client/cart.store';
import { $setAside, dropSetAside, pruneSetAside, type SetAsideLine } from '@/client/set-aside.store';
import { removeProductFromCart, stepCartQuantity } from './cart.actions';
import { reconcileAccount } from './cart.session';
import { $serverCart, cartKey } from './cart.sync';
import { refreshGuestCart } from './guest-refresh';
import { SummaryRow } from '@/client/SummaryRow';

// Moving to the wishlist loads on the first click, not with the cart (docs/decisions/0042-page-weight.md).
const setAsideActions = () => import('./set-aside.actions');

/** Where Continue to checkout leads, for a guest once signed in too. */
const CHECKOUT_DETAILS = '/cart/checkout-details';

/** What happened to a line that came into the cart only in part. */
function keptNote(note: SetAsideLine): string {
  if (note.reason === 'line-cap') return t.keptOfLineCap(note.kept, note.requested, CART_MAX_QUANTITY);
  if (note.reason === 'cart-cap') return t.keptOfCartCap(note.kept, note.requested, CART_MAX_UNITS);
  return t.keptOfStock(note.kept, note.requested);
}

/** Why a line is not in the cart at all. */
function setAsideReason(line: SetAsideLine): string {
  if (line.reason === 'unavailable') return t.setAsideGone;
  if (line.reason === 'cart-cap' || line.reason === 'line-cap') return t.setAsideCartCap(CART_MAX_UNITS);
  return t.setAsideOutOfStock;
}

const moveButton = 'btn-secondary h-10 px-3 text-sm whitespace-nowrap';

function CartLine({ line, note }: { line: CartLineModel; note: SetAsideLine | null }) {
  const unit = shelfPrice(line.unitPrice, line.discount);
  const listPrice = line.unitPrice;
  const outOfStock = line.stock <= 0;

  const step = (delta: 1 | -1) => {
    // The caps of one line and of the whole cart come first (docs/decisions/0013-order-holds.md).
    if (delta > 0 && line.quantity >= CART_MAX_QUANTITY && line.stock > line.quantity)
      return showToast(cm.lineCap(CART_MAX_QUANTITY), 'error');
    if (delta > 0 && $cart.get().reduce((n, i) => n + i.quantity, 0) >= CART_MAX_UNITS)
      return showToast(cm.orderCap(CART_MAX_UNITS), 'error');
    const outcome = stepCartQuantity(line.productId, delta, CART_MAX_QUANTITY);
    if (!outcome.changed && outcome.refused === 'stock') showToast(cm.quantityExceeded, 'error');
  };
  const remove = async () => {
    const result = await removeProductFromCart(line.productId);
    if (result?.ok) showToast(result.message ?? cm.removed);
  };
  const moveToWishlist = async () => {
    if (await (await setAsideActions()).moveCartLineToWishlist(line)) showToast(cm.movedToWishlist);
  };

  return (
    <div
      role="row"
      className="grid grid-cols-[4.5rem_minmax(0,1fr)_2.5rem] gap-x-3 gap-y-3 py-4 sm:grid-cols-[5.5rem_minmax(0,1fr)_2.5rem] md:grid-cols-[minmax(0,1fr)_9rem_9rem_3rem] md:items-center md:gap-x-4"
      data-testid="cart-line"
      data-product-id={line.productId}
    >
      <div role="cell" className="contents md:flex md:min-w-0 md:items-center md:gap-4">
        <a
          href={`/product/${line.productId}`}
          className="row-span-2 block shrink-0 self-start overflow-hidden rounded-lg border border-ink-100 bg-ink-50 md:row-span-1"
          tabIndex={-1}
          aria-hidden="true"
        >
          <img
            src={line.image}
            alt=""
            width="88"
            height="88"
            loading="lazy"
            className="aspect-square h-[4.5rem] w-[4.5rem] object-contain p-1.5 sm:h-[5.5rem] sm:w-[5.5rem]"
          />
        </a>
        <div className="min-w-0">
          <a
            href={`/product/${line.productId}`}
            className="line-clamp-2 font-semibold text-ink-900 hover:text-brand-700"
            data-testid="cart-line-name"
          >
            {line.name}
          </a>
          {line.color && (
            <p className="mt-0.5 text-sm text-ink-500">
              {t.colour}: <span className="text-ink-700">{line.color}</span>
            </p>
          )}
          <p className="mt-0.5 text-sm text-ink-500">
            {line.discount > 0 && <del className="me-1.5 whitespace-nowrap">{formatPrice(listPrice)}</del>}
            <span className="whitespace-nowrap">{t.each(formatPrice(unit))}</span>
          </p>
          {outOfStock && (
            <p className="mt-1 flex flex-wrap items-center gap-x-3 gap-y-1.5 text-sm font-medium text-red-700">
              {t.outOfStock}
              <button
                type="button"
                onClick={() => void moveToWishlist()}
                className={moveButton}
                aria-label={t.moveToWishlistNamed(line.name)}
              >
                {t.moveToWishlist}
              </button>
            </p>
          )}
          {note && (
            <p
              className="mt-2 flex items-start gap-2 rounded-md border border-amber-300 bg-amber-50 px-2.5 py-1.5 text-sm text-amber-900"
              data-testid="cart-line-note"
            >
              <span className="min-w-0 flex-1">{keptNote(note)}</span>
              <button
                type="button"
                onClick={() => dropSetAside(line.productId)}
                className="-my-0.5 shrink-0 rounded px-2 py-0.5 font-semibold underline hover:bg-amber-100"
                aria-label={t.dismissNamed(line.name)}
              >
                {t.dismiss}
              </button>
            </p>
          )}
        </div>
      </div>
      <div role="cell" className="col-start-2 row-start-2 flex items-center justify-self-start md:col-start-auto md:row-start-auto">
        <span className="sr-only">{t.quantity}</span>
        <div className="flex items-center rounded-md border border-ink-300" role="group" aria-label={t.quantityOf(line.name)}>
          <button
            type="button"
            onClick={() => step(-1)}
            disabled={line.quantity <= 1}
            className="flex h-10 w-10 items-center justify-center text-lg disabled:text-ink-300"
            aria-label={t.decrease(line.name)}
          >
            −
          </button>
          <output className="w-9 text-center text-sm font-semibold" aria-live="polite" data-testid="cart-line-quantity">
            {line.quantity}
          </output>
          <button
            type="button"
            onClick={() => step(1)}
            disabled={outOfStock}
            className="flex h-10 w-10 items-center justify-center text-lg disabled:text-ink-300"
            aria-label={t.increase(line.name)}
          >
            +
          </button>
        </div>
      </div>
      <div
        role="cell"
        className="col-span-2 col-start-2 row-start-2 self-center justify-self-end text-end md:col-span-1 md:col-start-auto md:row-start-auto md:justify-self-stretch"
      >
        <span className="sr-only">{t.price}</span>
        <span className="font-bold text-ink-900" data-testid="cart-line-total">
          {formatPrice(timesQuantity(unit, line.quantity))}
        </span>
      </div>
      <div role="cell" className="col-start-3 row-start-1 flex justify-end self-start md:col-start-auto md:row-start-auto md:self-center">
        <button
          type="button"
          onClick={() => void remove()}
          className="-me-2 -mt-1 flex h-10 w-10 items-center justify-center rounded-md text-ink-500 hover:bg-red-50 hover:text-red-600 md:m-0"
          aria-label={t.removeItem(line.name)}
          title={t.remove}
        >
          <svg
            viewBox="0 0 24 24"
            className="h-5 w-5"
            fill="none"
            stroke="currentColor"
            strokeWidth="1.8"
            strokeLinecap="round"
            strokeLinejoin="round"
            aria-hidden="true"
          >
            <path d="M4 7h16M10 11v6M14 11v6M6 7l1 12a2 2 0 0 0 2 2h6a2 2 0 0 0 2-2l1-12M9 7V4h6v3" />
          </svg>
        </button>
      </div>
    </div>
  );
}

/** Lines that did not come into the cart (docs/product.md#cart): never dropped silently. */
function SetAsideList({ lines }: { lines: SetAsideLine[] }) {
  const move = async (line: SetAsideLine) => {
    if (await (await setAsideActions()).moveSetAsideToWishlist(line)) showToast(cm.movedToWishlist);
  };
  return (
    <section aria-labelledby="set-aside-title" className="mt-8" data-testid="set-aside">
      <h2 id="set-aside-title" className="text-lg font-bold text-ink-900">
        {t.setAsideTitle}
      </h2>
      <p className="mt-1 text-sm text-ink-500">{t.setAsideIntro}</p>
      <ul className="mt-3 divide-y divide-amber-200 rounded-xl border border-amber-300 bg-amber-50/60">
        {lines.map((line) => {
          const gone = line.reason === 'unavailable';
          return (
            <li
              key={line.productId}
              className="grid grid-cols-[3.5rem_minmax(0,1fr)] gap-x-3 gap-y-2 p-3 sm:grid-cols-[3.5rem_minmax(0,1fr)_auto] sm:items-center sm:p-4"
              data-testid="set-aside-line"
              data-product-id={line.productId}
              data-reason={line.reason}
            >
              <div className="row-span-2 h-14 w-14 overflow-hidden rounded-lg border border-ink-100 bg-white sm:row-span-1">
                {line.image && (
                  <img src={line.image} alt="" width="56" height="56" loading="lazy" className="h-14 w-14 object-contain p-1 grayscale" />
                )}
              </div>
              <div className="min-w-0">
                {gone ? (
                  <p className="line-clamp-2 font-semibold text-ink-700" data-testid="set-aside-name">
                    {line.name}
                  </p>
                ) : (
                  <a
                    href={`/product/${line.productId}`}
                    className="line-clamp-2 font-semibold text-ink-900 hover:text-brand-700"
                    data-testid="set-aside-name"
                  >
                    {line.name}
                  </a>
                )}
                {line.color && (
                  <p className="text-sm text-ink-500">
                    {t.colour}: <span className="text-ink-700">{line.color}</span>
                  </p>
                )}
                <p className="mt-0.5 text-sm font-medium text-amber-900" data-testid="set-aside-reason">
                  {setAsideReason(line)}
                </p>
              </div>
              <div className="col-start-2 flex flex-wrap gap-2 sm:col-start-3">
                {!gone && (
                  <button
                    type="button"
                    onClick={() => void move(line)}
                    className={moveButton}
                    aria-label={t.moveToWishlistNamed(line.name)}
                  >
                    {t.moveToWishlist}
                  </button>
                )}
                <button
                  type="button"
                  onClick={() => dropSetAside(line.productId)}
                  className="h-10 rounded-md px-3 text-sm font-semibold text-ink-700 underline hover:bg-amber-100 hover:text-ink-900"
                  aria-label={t.removeSetAside(line.name)}
                >
                  {t.remove}
                </button>
              </div>
            </li>
          );
        })}
      </ul>
    </section>
  );
}

function EmptyCart() {
  return (
    <div className="mx-auto flex max-w-md flex-col items-center py-10 text-center" data-testid="cart-empty">
      <img src="/images/states/empty-cart.svg" alt={t.emptyImageAlt} width="280" height="210" className="h-auto w-56 sm:w-72" />
      <h2 className="mt-6 text-xl font-bold text-ink-900">{t.emptyTitle}</h2>
      <p className="mt-2 text-ink-500">{t.emptyText}</p>
      <a href="/store" className="btn-primary mt-6 px-8">
        {t.goToStore}
      </a>
    </div>
  );
}

export default function CartPage({ accountId }: { accountId: number | null }) {
  const lines = useStore($cart);
  const aside = useStore($setAside);
  const coupon = useStore($coupon);
  const server = useStore($serverCart);
  const mounted = useHydrated();
  const [cashOnDelivery, setCashOnDelivery] = useState(false);
  const signedIn = accountId !== null;

  useEffect(() => {
    void reconcileAccount(accountId).then((id) => {
      if (id === null) void refreshGuestCart();
    });
  }, [accountId]);

  // Cash on delivery needs a default address (docs/decisions/0020-orders-stock-and-payment.md):
  // until the address list answers, the button stays hidden.
  useEffect(() => {
    if (!signedIn) return;
    let current = true;
    void call(endpoints.addresses.list).then((answer) => {
      if (current && answer.ok && answer.data) setCashOnDelivery(toAddresses(answer.data).some((a) => a.isDefault));
    });
    return () => {
      current = false;
    };
  }, [signedIn]);

  // What was set aside stays in sight until its product is in the cart again (or its line is gone).
  const inCart = new Set(lines.map((l) => l.productId));
  const notIn = aside.filter((l) => l.kept === 0 && !inCart.has(l.productId));
  const notes = new Map(aside.filter((l) => l.kept > 0 && inCart.has(l.productId)).map((l) => [l.productId, l]));
  const cartIds = [...inCart].join(',');
  useEffect(() => {
    if (mounted) pruneSetAside(new Set(cartIds === '' ? [] : cartIds.split(',').map(Number)));
  }, [mounted, cartIds]);

  if (!mounted) {
    return (
      <p className="py-16 text-center text-ink-500" aria-busy="true">
        {t.loading}
      </p>
    );
  }
  if (lines.length === 0) {
    return (
      <>
        {notIn.length > 0 && <SetAsideList lines={notIn} />}
        <EmptyCart />
      </>
    );
  }

  const now = new Date();
  const priced = lines.map((l) => ({ unitPrice: l.unitPrice, discount: l.discount, quantity: l.quantity }));
  const local = cartTotals(priced, coupon ? couponTermsOf(coupon) : null, now);
  // Signed in, the server's figures for this very cart and coupon; while a change is on its way,
  // the same module's figures from the local cart.
  const fromServer = signedIn && server !== null && server.key === cartKey(lines, coupon?.code ?? null) ? server : null;
  const totals: Pick<CartTotals, 'subtotal' | 'discount' | 'vat' | 'grandTotal'> = fromServer ?? local;
  const problem = coupon ? (fromServer ? fromServer.couponError : couponProblem(coupon, local, now)) : null;

  return (
    <div className="grid items-start gap-8 lg:grid-cols-[minmax(0,1fr)_23rem] xl:gap-10">
      <section aria-labelledby="cart-lines-title">
        <h2 id="cart-lines-title" className="sr-only">
          {t.tableLabel}
        </h2>
        <p className="mb-2 text-sm text-ink-500" data-testid="cart-count">
          {t.items(lines.length)}
        </p>
        <div role="table" aria-label={t.tableLabel} className="divide-y divide-ink-100 border-y border-ink-100">
          <div
            role="row"
            className="hidden grid-cols-[minmax(0,1fr)_9rem_9rem_3rem] gap-x-4 py-3 text-xs font-semibold tracking-wide text-ink-500 uppercase md:grid"
          >
            <span role="columnheader">{t.product}</span>
            <span role="columnheader">{t.quantity}</span>
            <span role="columnheader" className="text-end">
              {t.price}
            </span>
            <span role="columnheader">
              <span className="sr-only">{t.remove}</span>
            </span>
          </div>
          {lines.map((line) => (
            <CartLine key={line.productId} line={line} note={notes.get(line.productId) ?? null} />
          ))}
        </div>
        {notIn.length > 0 && <SetAsideList lines={notIn} />}
        <a href="/store" className="mt-5 inline-flex items-center gap-1.5 text-sm font-semibold text-brand-700 hover:underline">
          <svg viewBox="0 0 24 24" className="h-4 w-4" fill="none" stroke="currentColor" strokeWidth="2" aria-hidden="true">
            <path d="M15 18l-6-6 6-6" />
          </svg>
          {t.continueShopping}
        </a>
      </section>

      <aside
        aria-labelledby="cart-summary-title"
        className="rounded-2xl border border-ink-100 bg-ink-50 p-5 sm:p-6 lg:sticky lg:top-28"
        data-testid="cart-summary"
        data-totals-source={fromServer ? 'server' : 'local'}
      >
        <h2 id="cart-summary-title" className="mb-4 text-lg font-bold text-ink-900">
          {t.summary}
        </h2>
        <CouponBox signedIn={signedIn} problem={problem} />
        <dl className="flex flex-col gap-2.5 pt-5">
          <SummaryRow label={t.subtotal} value={formatPrice(totals.subtotal)} testId="summary-subtotal" />
          <SummaryRow
            label={t.discount}
            value={totals.discount > 0 ? `− ${formatPrice(totals.discount)}` : formatPrice(ZERO_FILS)}
            testId="summary-discount"
          />
          <SummaryRow label={t.vat} value={formatPrice(totals.vat)} testId="summary-vat" />
          <SummaryRow label={t.total} value={formatPrice(totals.grandTotal)} testId="summary-total" strong />
        </dl>
        <p className="mt-1.5 text-xs text-ink-500">{t.totalsNote}</p>
        <div className="mt-5 flex flex-col gap-2.5">
          {signedIn ? (
            <a href={CHECKOUT_DETAILS} className="btn-primary h-12 text-base">
              {t.continueToCheckout}
            </a>
          ) : (
            <button
              type="button"
              className="btn-primary h-12 text-base"
              aria-haspopup="dialog"
              onClick={(event) => {
                rememberOpener(event.currentTarget);
                // Signed in, the shopper goes on to where this button leads (docs/product.md#after-sign-in).
                signInThenGoTo(CHECKOUT_DETAILS);
              }}
            >
              {t.continueToCheckout}
            </button>
          )}
          {signedIn && cashOnDelivery && (
            <a
              href="/cart/checkout-details?payment=cash_on_delivery"
              className="btn-secondary h-12 text-base"
              data-testid="cash-on-delivery"
            >
              {t.cashOnDelivery}
            </a>
          )}
        </div>
      </aside>
    </div>
  );
}
