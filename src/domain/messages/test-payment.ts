// The built-in test payment page (docs/decisions/0020-orders-stock-and-payment.md: stands in for the card provider without Stripe keys,
// outside production).
export const testPaymentTexts = {
  pageTitle: 'Test payment',
  kicker: 'Test payment page',
  pay: (amount: string) => `Pay ${amount}`,
  intro: 'Card payments are not configured here, so this page stands in for the card provider. No real card is charged.',
  declined: 'Your card was declined. Try again, or go back to your cart.',
  alreadySucceeded: 'This payment has already succeeded.',
  succeed: 'Pay successfully',
  decline: 'Decline the card',
  backToCart: 'Back to the cart',
} as const;
