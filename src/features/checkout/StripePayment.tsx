// Stripe's Payment Element for the pending order's PaymentIntent (docs/product.md#behaviour, docs/decisions/0020-orders-stock-and-payment.md). Stripe.js
// is loaded from Stripe's own host, confirms the payment and returns to the success route, where
// the server asks Stripe how it went. Loaded only when Stripe is configured.
import { useEffect, useState, type SubmitEvent } from 'react';
import { loadStripe, type Stripe } from '@stripe/stripe-js';
import { Elements, PaymentElement, useElements, useStripe } from '@stripe/react-stripe-js';
import { Spinner } from '@/client/form-fields';
import { checkoutTexts } from '@/domain/messages/checkout';
import { statusMessage } from './payment-status';

const t = checkoutTexts.payment;

const loaded = new Map<string, Promise<Stripe | null>>();
function stripeFor(publishableKey: string): Promise<Stripe | null> {
  let promise = loaded.get(publishableKey);
  if (!promise) {
    // Stripe.js comes from Stripe's host; offline or blocked, it is null and the page says so.
    promise = loadStripe(publishableKey).catch(() => null);
    loaded.set(publishableKey, promise);
  }
  return promise;
}

function PaymentForm({ clientSecret, total }: { clientSecret: string; total: string }) {
  const stripe = useStripe();
  const elements = useElements();
  const [message, setMessage] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);

  // Where the intent stands now: paid already, processing, or a card that was refused before.
  useEffect(() => {
    if (!stripe) return;
    let current = true;
    void stripe.retrievePaymentIntent(clientSecret).then(({ paymentIntent }) => {
      if (!current || !paymentIntent) return;
      // A fresh intent waits for a card: nothing to say yet.
      if (paymentIntent.status === 'requires_payment_method' && !paymentIntent.last_payment_error) return;
      setMessage(statusMessage(paymentIntent.status));
    });
    return () => {
      current = false;
    };
  }, [stripe, clientSecret]);

  const submit = async (event: SubmitEvent) => {
    event.preventDefault();
    if (!stripe || !elements || busy) return;
    setBusy(true);
    setMessage(null);
    const { error } = await stripe.confirmPayment({
      elements,
      confirmParams: { return_url: `${window.location.origin}/checkout/payment/success` },
    });
    // Only reached when the confirmation failed at once; otherwise Stripe has left the page.
    setMessage(error.type === 'card_error' || error.type === 'validation_error' ? (error.message ?? t.unexpected) : t.unexpected);
    setBusy(false);
  };

  return (
    <form onSubmit={submit} className="flex flex-col gap-4" data-testid="stripe-form">
      <PaymentElement options={{ layout: 'tabs' }} />
      <button type="submit" className="btn-primary h-12 w-full text-base" disabled={busy || !stripe || !elements} data-testid="pay-now">
        {busy && <Spinner />}
        {busy ? t.requesting : t.payNow(total)}
      </button>
      {message && (
        <p className="rounded-md bg-ink-50 px-3 py-2 text-sm font-medium text-ink-900" role="status" data-testid="payment-message">
          {message}
        </p>
      )}
    </form>
  );
}

export default function StripePayment({
  publishableKey,
  clientSecret,
  total,
}: {
  publishableKey: string;
  clientSecret: string;
  total: string;
}) {
  const [unavailable, setUnavailable] = useState(false);
  useEffect(() => {
    let current = true;
    void stripeFor(publishableKey).then((stripe) => {
      if (current && !stripe) setUnavailable(true);
    });
    return () => {
      current = false;
    };
  }, [publishableKey]);

  if (unavailable) {
    return (
      <div className="flex flex-col gap-3">
        <p role="alert" className="rounded-md bg-amber-50 px-3 py-2 text-sm text-amber-800" data-testid="payment-message">
          {t.providerUnavailable}
        </p>
        <button type="button" className="btn-secondary h-11" onClick={() => window.location.reload()}>
          {t.reload}
        </button>
      </div>
    );
  }
  return (
    <Elements
      stripe={stripeFor(publishableKey)}
      options={{
        clientSecret,
        appearance: {
          theme: 'stripe',
          variables: { colorPrimary: '#ea580c', fontFamily: 'Inter, system-ui, sans-serif', borderRadius: '6px' },
        },
      }}
    >
      <PaymentForm clientSecret={clientSecret} total={total} />
    </Elements>
  );
}
