// Address selection and order summary (docs/product.md#address-selection, #behaviour, #validation, #messages): the saved addresses, the
// delivery location form for a heavy cart, the server's totals for the cart and the applied
// coupon, and the two pay actions. The browser checks the preconditions (an address; the
// delivery details of a heavy cart) and the server checks them again.
import { useCallback, useEffect, useState } from 'react';
import { useStore } from '@nanostores/react';
import { useHydrated } from '@/client/use-hydrated';
import { checkoutMessages as cm, checkoutTexts } from '@/domain/messages/checkout';
import { formatPrice, timesQuantity, ZERO_FILS } from '@/domain/money';
import { shelfPrice } from '@/domain/pricing';
import { toCart, type CartWire } from '@/client/api/cart';
import type { ServerCart } from '@/client/api/cart.model';
import { call } from '@/client/api-client';
import { endpoints } from '@/client/api/endpoints.gen';
import { toPlacedOrder, type Address } from '@/client/api/checkout';
import { openLogin } from '@/client/session';
import { clearCart } from '@/client/cart.store';
import { reconcileAccount } from '@/features/cart/cart.session';
import { $coupon, clearCoupon } from '@/client/coupon.store';
import { $setAside } from '@/client/set-aside.store';
import { CouponBox } from '@/features/coupon/CouponBox';
import { AddressList } from './AddressList';
import { DeliveryDetailsCard, DeliveryFormEditor } from './DeliveryForm';
import { PersistentNotice } from './PersistentNotice';
import { attemptKey, forgetCheckout, storePendingPayment } from './checkout.storage';
import { Spinner } from '@/client/form-fields';
import { SummaryRow } from '@/client/SummaryRow';
import { StrokeIcon } from '@/client/StrokeIcon';
import { calendarDate } from '@/domain/dates';
import { checkBusinessBuyer, type BusinessBuyer } from '@/domain/business-buyer';
import { BusinessBuyerFields, type BusinessBuyerState } from './BusinessBuyerFields';

const t = checkoutTexts;

type PaymentType = 'online' | 'cash_on_delivery';

interface Props {
  accountId: number;
  addresses: Address[];
  /** The cart as the server priced it for the page, in wire form (island props travel as JSON). */
  cart: CartWire;
  /** Card payment is configured (Stripe, or the test page outside production). */
  cardPayments: boolean;
  /** Came from the cart's Cash on delivery button. */
  preferCash: boolean;
  /** The profile's business details, to start from (null: none saved). */
  business: BusinessBuyer | null;
}

/** The cart priced by the server, with the coupon `code` if any. */
function priceCart(code: string | null) {
  return call(endpoints.cart.list, { query: code ? { coupon: code } : {} });
}
type CartAnswer = Awaited<ReturnType<typeof priceCart>>;

export default function CheckoutDetails({
  accountId,
  addresses: initialAddresses,
  cart: initialCart,
  cardPayments,
  preferCash,
  business: savedBusiness,
}: Props) {
  const [addresses, setAddresses] = useState(initialAddresses);
  const [cart, setCart] = useState<ServerCart>(() => toCart(initialCart));
  const mounted = useHydrated();
  const [reloading, setReloading] = useState(false);
  const [busy, setBusy] = useState<PaymentType | null>(null);
  const [error, setError] = useState<string | null>(null);
  const [notice, setNotice] = useState<string | null>(null);
  // The shopper is changing this checkout's delivery details (docs/decisions/0026-delivery-form-per-order.md).
  const [editingDelivery, setEditingDelivery] = useState(false);
  const coupon = useStore($coupon);
  // Lines that came in part are in the cart with a note there; these did not come in at all.
  const leftOut = useStore($setAside).filter((line) => line.kept === 0);
  const couponCode = mounted ? (coupon?.code ?? null) : null;
  const [business, setBusiness] = useState<BusinessBuyerState>({
    open: savedBusiness !== null,
    company: savedBusiness?.company ?? '',
    trn: savedBusiness?.trn ?? '',
  });
  const [businessErrors, setBusinessErrors] = useState<{ company?: string | undefined; trn?: string | undefined }>({});

  const showCart = useCallback((answer: CartAnswer) => {
    if (answer.status === 401) {
      openLogin();
      return;
    }
    if (answer.ok && answer.data) setCart(toCart(answer.data));
  }, []);

  // Prices the cart again on request (a reload, a refusal): the summary shows it is updating meanwhile.
  const loadCart = useCallback(
    async (code: string | null) => {
      setReloading(true);
      const answer = await priceCart(code);
      setReloading(false);
      showCart(answer);
    },
    [showCart],
  );

  // The browser's cart and the account's settle first (a guest cart still to merge, say).
  const [settled, setSettled] = useState(false);
  // The coupon code the cart was last priced with by the effect below (undefined: not yet).
  const [pricedFor, setPricedFor] = useState<string | null | undefined>(undefined);
  const refreshing = reloading || (settled && pricedFor !== couponCode);
  useEffect(() => {
    void reconcileAccount(accountId).finally(() => setSettled(true));
  }, [accountId]);

  // The applied coupon lives in the browser: the server prices the cart with it (and again
  // whenever it changes, here or in another tab).
  useEffect(() => {
    if (!settled) return;
    void priceCart(couponCode).then((answer) => {
      setPricedFor(couponCode);
      showCart(answer);
    });
  }, [settled, couponCode, showCart]);

  // Back from /checkout through the history: the page may come from the back-forward cache.
  useEffect(() => {
    const onShow = (event: PageTransitionEvent) => {
      if (!event.persisted) return;
      setBusy(null);
      void loadCart($coupon.get()?.code ?? null);
    };
    window.addEventListener('pageshow', onShow);
    return () => window.removeEventListener('pageshow', onShow);
  }, [loadCart]);

  const closeNotice = useCallback(() => setNotice(null), []);

  const defaultAddress = addresses.find((a) => a.isDefault) ?? null;
  const lines = cart.lines;
  const empty = lines.length === 0;
  // Details being changed are not this order's until saved.
  const needsDeliveryForm = cart.heavy && (!cart.deliveryForm || editingDelivery);
  // A coupon that does not apply to this cart is not sent: the shopper pays the total shown.
  const usableCoupon = couponCode && !cart.couponError && cart.coupon ? cart.coupon.code : undefined;

  // A payment asked for before the cart is priced with the browser's coupon (a click held until the
  // island hydrated, docs/decisions/0042-page-weight.md#the-checkout) waits for it: the order gets the coupon shown.
  const priced = settled && pricedFor === couponCode;
  const [waiting, setWaiting] = useState<PaymentType | null>(null);

  const pay = (paymentType: PaymentType) => {
    if (busy || waiting) return;
    if (priced) void place(paymentType);
    else setWaiting(paymentType);
  };

  const place = async (paymentType: PaymentType) => {
    setWaiting(null);
    setError(null);
    if (!defaultAddress) {
      setError(cm.addDeliveryAddress);
      return;
    }
    if (needsDeliveryForm) {
      setNotice(cm.fillDeliveryDetails);
      document.querySelector('[data-testid="delivery-form"]')?.scrollIntoView({ behavior: 'smooth', block: 'start' });
      return;
    }
    // Both or neither, the TRN 15 digits: said under the fields before anything is sent.
    const buyer = business.open ? checkBusinessBuyer(business.company, business.trn) : ({ ok: true, value: null } as const);
    if (!buyer.ok) {
      setBusinessErrors(buyer.errors);
      document.getElementById(buyer.errors.company ? 'buyer-company' : 'buyer-trn')?.focus();
      return;
    }
    setBusinessErrors({});
    const deliveryFormId = cart.deliveryForm?.id ?? null;
    const fingerprint = [
      paymentType,
      defaultAddress.id,
      lines.map((l) => `${l.productId}x${l.quantity}`).join(','),
      usableCoupon ?? '',
      deliveryFormId ?? '',
      buyer.value?.trn ?? '',
      buyer.value?.company ?? '',
    ].join('|');
    const payload = {
      address_id: defaultAddress.id,
      coupon: usableCoupon,
      weight_form_id: deliveryFormId,
      idempotency_key: attemptKey(fingerprint),
      ...(buyer.value ? { buyer_company: buyer.value.company, buyer_trn: buyer.value.trn } : {}),
    };
    setBusy(paymentType);
    const answer =
      paymentType === 'online'
        ? await call(endpoints.checkout.placeOrder, { body: payload })
        : await call(endpoints.checkout.cashOnDelivery, { body: payload });
    const placed = answer.ok && answer.data ? toPlacedOrder(answer.data) : null;
    if (placed) {
      const orderId = placed.orderId;
      if (paymentType === 'online') {
        const secret = placed.clientSecret;
        if (secret) {
          storePendingPayment(orderId, secret);
          window.location.assign('/checkout');
          return;
        }
      } else {
        // The server emptied the account's cart with the order; the browser's copy follows.
        clearCart();
        clearCoupon();
        forgetCheckout();
        window.location.assign(`/checkout/payment/success?order=${orderId}&method=cod`);
        return;
      }
    }
    setBusy(null);
    if (answer.status === 401) {
      openLogin();
      return;
    }
    const fallback = paymentType === 'online' ? cm.paymentIntentFailed : cm.cashOrderFailed;
    // 422s carry the reason (stock, coupon, address, delivery details); others get the spec's text.
    const message =
      answer.status === 422 && answer.message
        ? answer.message
        : paymentType === 'online' && answer.status >= 500
          ? fallback
          : (answer.message ?? fallback);
    if (answer.fields.buyer_company || answer.fields.buyer_trn) {
      setBusinessErrors({ company: answer.fields.buyer_company, trn: answer.fields.buyer_trn });
      return;
    }
    if (message === cm.fillDeliveryDetails) {
      setNotice(message);
      void loadCart(couponCode);
      return;
    }
    setError(message);
    // Stock or prices may have moved: show what the server holds now.
    if (answer.status === 422) void loadCart(couponCode);
  };

  useEffect(() => {
    if (waiting === null || !priced) return;
    void place(waiting);
    // eslint-disable-next-line react-hooks/exhaustive-deps -- this render's place, once per wait
  }, [waiting, priced]);

  const totals = [
    { label: t.summary.subtotal, value: formatPrice(cart.subtotal), testId: 'summary-subtotal' },
    {
      label: t.summary.discount,
      value: cart.discount > 0 ? `− ${formatPrice(cart.discount)}` : formatPrice(ZERO_FILS),
      testId: 'summary-discount',
    },
    { label: t.summary.vat, value: formatPrice(cart.vat), testId: 'summary-vat' },
  ];

  const cashFirst = preferCash || !cardPayments;

  return (
    <div className="grid items-start gap-8 lg:grid-cols-[minmax(0,1fr)_24rem] xl:gap-10">
      <div className="flex min-w-0 flex-col gap-6">
        <section aria-labelledby="addresses-title">
          <div className="mb-4 flex flex-wrap items-end justify-between gap-3">
            <div>
              <h2 id="addresses-title" className="text-lg font-bold text-ink-900">
                {t.addresses.title}
              </h2>
              <p className="mt-0.5 text-sm text-ink-500">{t.addresses.intro}</p>
            </div>
            <a href="/cart/save-address" className="btn-secondary h-10 px-4" data-testid="add-address">
              <svg
                viewBox="0 0 24 24"
                className="h-4 w-4"
                fill="none"
                stroke="currentColor"
                strokeWidth="2.2"
                strokeLinecap="round"
                aria-hidden="true"
              >
                <path d="M12 5v14M5 12h14" />
              </svg>
              {t.addresses.add}
            </a>
          </div>
          <AddressList addresses={addresses} onChange={setAddresses} />
        </section>

        {!empty && <BusinessBuyerFields value={business} errors={businessErrors} onChange={setBusiness} />}

        {!empty &&
          cart.heavy &&
          (cart.deliveryForm && !editingDelivery ? (
            <DeliveryDetailsCard details={cart.deliveryForm} onChange={() => setEditingDelivery(true)} />
          ) : (
            <DeliveryFormEditor
              key={cart.deliveryForm?.id ?? 'new'}
              totalWeight={cart.totalWeight}
              initial={cart.deliveryForm ?? cart.lastDeliveryForm}
              onCancel={cart.deliveryForm ? () => setEditingDelivery(false) : undefined}
              onSaved={() => {
                setNotice(null);
                setEditingDelivery(false);
                void loadCart(couponCode);
              }}
            />
          ))}
      </div>

      <aside
        aria-labelledby="summary-title"
        className="rounded-2xl border border-ink-100 bg-ink-50 p-5 sm:p-6 lg:sticky lg:top-28"
        data-testid="checkout-summary"
      >
        <div className="mb-4 flex items-baseline justify-between gap-3">
          <h2 id="summary-title" className="text-lg font-bold text-ink-900">
            {t.summary.title}
          </h2>
          <span className="text-sm text-ink-500">{t.summary.items(lines.length)}</span>
        </div>
        {mounted && leftOut.length > 0 && (
          // Nothing vanishes silently (docs/decisions/0030-nothing-vanishes-and-coupon-states.md): a
          // guest line the sign-in could not merge is named here too, not only on the cart page.
          <p className="mb-4 rounded-lg border border-amber-300 bg-amber-50 p-3 text-sm text-amber-900" data-testid="summary-set-aside">
            {t.summary.setAside(leftOut.length)}{' '}
            <a href="/cart" className="font-semibold underline">
              {t.summary.seeCart}
            </a>
          </p>
        )}
        {empty ? (
          <div className="rounded-xl bg-white p-5 text-center" data-testid="summary-empty">
            <p className="text-ink-700">{t.summary.empty}</p>
            <a href="/store" className="btn-primary mt-4">
              {t.summary.goToStore}
            </a>
          </div>
        ) : (
          <>
            <ul className="mb-5 flex max-h-80 flex-col gap-3 overflow-y-auto border-b border-ink-100 pb-5" data-testid="summary-items">
              {lines.map((l) => (
                <li key={l.productId} className="flex items-center gap-3" data-testid="summary-item">
                  <img
                    src={l.image}
                    alt=""
                    width="56"
                    height="56"
                    loading="lazy"
                    className="h-14 w-14 shrink-0 rounded-lg border border-ink-100 bg-white object-contain p-1"
                  />
                  <div className="min-w-0 flex-1">
                    <p className="line-clamp-2 text-sm font-semibold text-ink-900">{l.name}</p>
                    <p className="text-xs text-ink-500">{t.summary.quantity(l.quantity)}</p>
                  </div>
                  <span className="shrink-0 text-sm font-semibold text-ink-900 tabular-nums">
                    {formatPrice(timesQuantity(shelfPrice(l.unitPrice, l.discount), l.quantity))}
                  </span>
                </li>
              ))}
            </ul>
            {mounted ? (
              <CouponBox signedIn problem={couponCode ? cart.couponError : null} />
            ) : (
              <div className="h-[7.25rem] border-b border-ink-100" aria-hidden="true" />
            )}
            <dl className="flex flex-col gap-2.5 pt-5" aria-busy={refreshing}>
              {totals.map((row) => (
                <SummaryRow key={row.testId} {...row} />
              ))}
              <SummaryRow label={t.summary.total} value={formatPrice(cart.grandTotal)} testId="summary-total" strong />
            </dl>
            {cart.heavy && cart.deliveryForm && (
              <p
                className="mt-4 flex items-start gap-2 rounded-md bg-white px-3 py-2 text-sm text-ink-700 ring-1 ring-ink-100"
                data-testid="summary-delivery"
              >
                <StrokeIcon
                  path="M1 3h15v13H1zM16 8h4l3 3v5h-7M5.5 21a2.5 2.5 0 1 0 0-5 2.5 2.5 0 0 0 0 5zM18.5 21a2.5 2.5 0 1 0 0-5 2.5 2.5 0 0 0 0 5z"
                  className="mt-0.5 h-4 w-4 shrink-0 text-ink-500"
                />
                <span>
                  {t.summary.delivery}{' '}
                  <strong className="font-semibold whitespace-nowrap text-ink-900">{calendarDate(cart.deliveryForm.dateOfDelivery)}</strong>
                  , <span className="whitespace-nowrap">{cart.deliveryForm.availableTiming}</span>
                </span>
              </p>
            )}
            <p className="mt-1.5 text-xs text-ink-500">{refreshing ? t.summary.updating : t.summary.note}</p>
            <div className={`mt-5 flex gap-2.5 ${cashFirst ? 'flex-col-reverse' : 'flex-col'}`}>
              {cardPayments && (
                <button
                  type="button"
                  onClick={() => pay('online')}
                  disabled={busy !== null || waiting !== null}
                  className={`${cashFirst ? 'btn-secondary' : 'btn-primary'} h-12 text-base`}
                  data-testid="pay-online"
                >
                  {(busy ?? waiting) === 'online' && <Spinner />}
                  {(busy ?? waiting) === 'online' ? t.summary.placing : t.summary.payOnline}
                </button>
              )}
              <button
                type="button"
                onClick={() => pay('cash_on_delivery')}
                disabled={busy !== null || waiting !== null}
                className={`${cashFirst ? 'btn-primary' : 'btn-secondary'} h-12 text-base`}
                data-testid="pay-cash"
              >
                {(busy ?? waiting) === 'cash_on_delivery' && <Spinner />}
                {(busy ?? waiting) === 'cash_on_delivery' ? t.summary.placing : t.summary.cashOnDelivery}
              </button>
            </div>
            {!cardPayments && <p className="mt-3 text-sm text-ink-700">{cm.cardPaymentOff}</p>}
            {error && (
              <p
                role="alert"
                className="mt-3 rounded-md border border-red-200 bg-red-50 px-3 py-2 text-sm text-red-700"
                data-testid="checkout-error"
              >
                {error}
              </p>
            )}
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
              {t.summary.secure}
            </p>
          </>
        )}
        <a href="/cart" className="mt-4 inline-flex items-center gap-1.5 text-sm font-semibold text-brand-700 hover:underline">
          <svg viewBox="0 0 24 24" className="h-4 w-4" fill="none" stroke="currentColor" strokeWidth="2" aria-hidden="true">
            <path d="M15 18l-6-6 6-6" />
          </svg>
          {t.summary.backToCart}
        </a>
      </aside>
      {notice && <PersistentNotice message={notice} onClose={closeNotice} />}
    </div>
  );
}
