// Card payment (docs/product.md#payment, #behaviour): 'Let's Complete Checkout' with the pending order's
// lines and totals, then Stripe's Payment Element, or, without Stripe keys outside production
// (docs/decisions/0020-orders-stock-and-payment.md), the same button leading to the built-in test payment page.
// The server renders it with the order (src/pages/checkout/index.astro); it hydrates on the shopper's
// first interaction (client:interact, docs/decisions/0042-page-weight.md#the-checkout), and Stripe's
// element, which needs the browser, mounts then in a placeholder of its size.
import { lazy, Suspense, useCallback, useEffect, useState } from 'react';
import { formatPrice, timesQuantity, ZERO_FILS } from '@/domain/money';
import { checkoutMessages as cm, checkoutTexts } from '@/domain/messages/checkout';
import type { OrderDetail } from '@/client/api/orders';
import { Spinner } from '@/client/form-fields';
import { useHydrated } from '@/client/use-hydrated';
import { storePendingPayment } from './checkout.storage';
import { holdTime, minutesLeft } from '@/domain/order-hold';
import { SummaryRow } from '@/client/SummaryRow';

const StripePayment = lazy(() => import('./StripePayment'));
const t = checkoutTexts.payment;

interface Props {
  provider: 'stripe' | 'test' | null;
  publishableKey: string | null;
  /** The order to pay and its intent's secret, from the server. */
  order: OrderDetail;
  secret: string;
  /** When the server rendered the page: the minutes left are counted from it until the island hydrates. */
  renderedAt: string;
}

/** How long the items stay held, from the server's expiry: the time, and the minutes left. */
function HoldNotice({ expiresAt, renderedAt, onEnded }: { expiresAt: string; renderedAt: string; onEnded: () => void }) {
  // The server's count first, so hydration (minutes later, maybe) matches its HTML; the effect then counts from now.
  const [left, setLeft] = useState(() => minutesLeft(expiresAt, new Date(renderedAt)));
  useEffect(() => {
    const tick = () => {
      const now = minutesLeft(expiresAt);
      setLeft(now);
      if (now === 0) onEnded();
    };
    tick();
    const timer = window.setInterval(tick, 15_000);
    return () => window.clearInterval(timer);
  }, [expiresAt, onEnded]);
  if (left === 0)
    return (
      <p role="alert" className="mb-4 rounded-md bg-red-50 px-3 py-2 text-sm font-semibold text-red-700" data-testid="hold-ended">
        {t.holdEnded}
      </p>
    );
  return (
    <p className="mb-4 rounded-md bg-amber-50 px-3 py-2 text-sm text-amber-900" data-testid="hold-notice">
      <span className="font-semibold">{t.heldUntil(holdTime(expiresAt))}</span> <span aria-live="polite">{t.holdLeft(left)}</span>
    </p>
  );
}

/** Where Stripe's Payment Element comes (before hydration and while Stripe.js loads): about its card form's height, so the page does not jump. */
const stripePlaceholder = (
  <p className="flex min-h-64 items-center justify-center text-sm text-ink-500" aria-busy="true" data-testid="card-placeholder">
    {checkoutTexts.loading}
  </p>
);

function TestPayButton({ secret, total }: { secret: string; total: string }) {
  const [busy, setBusy] = useState(false);
  useEffect(() => {
    // Back from the test page through the history: the button works again.
    const onShow = (event: PageTransitionEvent) => event.persisted && setBusy(false);
    window.addEventListener('pageshow', onShow);
    return () => window.removeEventListener('pageshow', onShow);
  }, []);
  return (
    <div className="flex flex-col gap-3">
      <p className="rounded-md bg-amber-50 px-3 py-2 text-sm text-amber-800" data-testid="test-payment-note">
        {t.testNote}
      </p>
      <button
        type="button"
        className="btn-primary h-12 w-full text-base"
        disabled={busy}
        data-testid="pay-now"
        onClick={() => {
          setBusy(true);
          window.location.assign(`/checkout/test-payment?${new URLSearchParams({ payment_intent_client_secret: secret })}`);
        }}
      >
        {busy && <Spinner />}
        {busy ? t.requesting : t.payNow(total)}
      </button>
    </div>
  );
}

export default function PaymentPage({ provider, publishableKey, order, secret, renderedAt }: Props) {
  const [holdEnded, setHoldEnded] = useState(false);
  const endHold = useCallback(() => setHoldEnded(true), []);
  const hydrated = useHydrated();

  // The order and its secret are this tab's pending payment (the success page and a return from Stripe read them).
  useEffect(() => storePendingPayment(order.id, secret), [order.id, secret]);

  const total = formatPrice(order.grandTotal);
  const paid = order.paymentStatus === 'paid';
  // Not paid and no longer held (closed by the sweeper, cancelled, refunded): nothing to pay.
  const closed = !paid && !order.holdExpiresAt;

  return (
    <div className="grid items-start gap-8 lg:grid-cols-[minmax(0,1fr)_26rem] xl:gap-10">
      <section aria-labelledby="order-lines-title" className="min-w-0">
        <h2 id="order-lines-title" className="mb-3 text-lg font-bold text-ink-900">
          {t.order(order.id)}
        </h2>
        <table className="w-full text-sm" data-testid="payment-items">
          <caption className="sr-only">{t.tableLabel}</caption>
          <thead>
            <tr className="border-b border-ink-100 text-start text-xs font-semibold tracking-wide text-ink-500 uppercase">
              <th scope="col" className="py-3 text-start">
                {t.product}
              </th>
              <th scope="col" className="w-12 py-3 text-center sm:w-28">
                <span className="sm:hidden" aria-hidden="true">
                  {t.qty}
                </span>
                <span className="sr-only sm:not-sr-only">{t.quantity}</span>
              </th>
              <th scope="col" className="w-28 py-3 text-end sm:w-36">
                {t.price}
              </th>
            </tr>
          </thead>
          <tbody className="divide-y divide-ink-100">
            {order.products.map((p, i) => (
              <tr key={`${p.productId ?? 'x'}-${i}`} data-testid="payment-item">
                <td className="py-3 pe-3">
                  <div className="flex items-center gap-3">
                    <img
                      src={p.thumbnail}
                      alt=""
                      width="56"
                      height="56"
                      loading="lazy"
                      className="hidden h-14 w-14 shrink-0 rounded-lg border border-ink-100 bg-ink-50 object-contain p-1 sm:block"
                    />
                    <span className="line-clamp-2 font-semibold text-ink-900">{p.name}</span>
                  </div>
                </td>
                <td className="py-3 text-center tabular-nums">{p.quantity}</td>
                <td className="py-3 ps-2 text-end font-semibold whitespace-nowrap text-ink-900 tabular-nums">
                  {formatPrice(timesQuantity(p.unitPrice, p.quantity))}
                </td>
              </tr>
            ))}
          </tbody>
        </table>
        <dl className="ms-auto mt-5 flex max-w-sm flex-col gap-2.5">
          <SummaryRow label={t.subtotal} value={formatPrice(order.subTotal)} testId="payment-subtotal" />
          <SummaryRow
            label={t.discount}
            value={order.discountAmount > 0 ? `− ${formatPrice(order.discountAmount)}` : formatPrice(ZERO_FILS)}
            testId="payment-discount"
          />
          <SummaryRow label={t.vat} value={formatPrice(order.taxAmount)} testId="payment-vat" />
          <SummaryRow label={t.total} value={total} testId="payment-total" strong />
        </dl>
      </section>

      <section aria-labelledby="pay-title" className="rounded-2xl border border-ink-100 bg-white p-5 shadow-sm sm:p-6 lg:sticky lg:top-28">
        <h2 id="pay-title" className="mb-4 text-lg font-bold text-ink-900">
          {t.cardDetails}
        </h2>
        {!paid && order.holdExpiresAt && <HoldNotice expiresAt={order.holdExpiresAt} renderedAt={renderedAt} onEnded={endHold} />}
        {closed && (
          <p role="alert" className="mb-4 rounded-md bg-red-50 px-3 py-2 text-sm font-semibold text-red-700" data-testid="hold-ended">
            {t.holdEnded}
          </p>
        )}
        {paid ? (
          <div className="flex flex-col gap-3">
            <p role="status" className="rounded-md bg-emerald-50 px-3 py-2 text-sm font-semibold text-emerald-700">
              {t.alreadyPaid}
            </p>
            <a href="/orders" className="btn-primary h-11">
              {t.goToOrders}
            </a>
          </div>
        ) : holdEnded || closed ? (
          <a href="/cart" className="btn-secondary h-11 w-full">
            {t.backToCart}
          </a>
        ) : provider === 'stripe' && publishableKey ? (
          hydrated ? (
            <Suspense fallback={stripePlaceholder}>
              <StripePayment publishableKey={publishableKey} clientSecret={secret} total={total} />
            </Suspense>
          ) : (
            stripePlaceholder
          )
        ) : provider === 'test' ? (
          <TestPayButton secret={secret} total={total} />
        ) : (
          <div className="flex flex-col gap-3">
            <p role="alert" className="rounded-md bg-amber-50 px-3 py-2 text-sm text-amber-800">
              {cm.cardPaymentOff}
            </p>
            <a href="/cart/checkout-details?payment=cash_on_delivery" className="btn-secondary h-11">
              {checkoutTexts.summary.cashOnDelivery}
            </a>
          </div>
        )}
        {provider === 'stripe' && (
          <p className="mt-4 flex items-start gap-2 text-xs text-ink-500">
            <svg
              viewBox="0 0 24 24"
              className="mt-px h-4 w-4 shrink-0"
              fill="none"
              stroke="currentColor"
              strokeWidth="1.8"
              strokeLinecap="round"
              strokeLinejoin="round"
              aria-hidden="true"
            >
              <rect x="4" y="11" width="16" height="10" rx="2" />
              <path d="M8 11V7a4 4 0 0 1 8 0v4" />
            </svg>
            {t.secure}
          </p>
        )}
      </section>
    </div>
  );
}
